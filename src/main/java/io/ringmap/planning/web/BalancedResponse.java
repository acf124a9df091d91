package io.ringmap.planning.web;

import io.ringmap.planning.service.TokenPlans;
import io.ringmap.token.Token;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Balanced tokens per DC. */
public record BalancedResponse(
        String partitioner,
        Map<String, Integer> nodes,

        @Schema(description = "Per DC, one initial_token per node (tokens as strings)")
        Map<String, List<String>> initialTokens,

        @Schema(description = "How the tokens were chosen") String method) {

    static BalancedResponse of(TokenPlans.Balanced b) {
        Map<String, List<String>> tokens = new LinkedHashMap<>();
        b.tokens()
                .forEach((dc, list) ->
                        tokens.put(dc, list.stream().map(Token::toString).toList()));
        return new BalancedResponse(b.partitioner().name(), b.nodes(), tokens, b.method());
    }
}
