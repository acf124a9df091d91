package io.ringmap.planning.web;

import io.ringmap.planning.BalancedTokens;
import io.ringmap.planning.service.TokenPlans;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.token.Token;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The evaluation. */
public record EvaluateResponse(
        String partitioner,
        String mode,
        List<NodeOwnershipView> nodes,

        @Schema(description = "Largest ownership / mean ownership")
        double ownershipImbalance,

        List<BalancedTokens.KeyspaceBalance> keyspaces,

        @Schema(
                description =
                        "The served snapshot the layout was added to (mode add) or whose keyspaces it " + "places")
        SnapshotView snapshot) {

    static EvaluateResponse of(TokenPlans.Evaluated e) {
        List<NodeOwnershipView> nodes = e.evaluation().nodes().stream()
                .map(n -> new NodeOwnershipView(
                        n.node().address(),
                        n.node().datacenter(),
                        n.node().rack(),
                        n.tokens().stream().map(Token::toString).toList(),
                        n.ownership(),
                        n.effective()))
                .toList();
        return new EvaluateResponse(
                e.partitioner().name(),
                e.mode(),
                nodes,
                e.evaluation().ownershipImbalance(),
                e.evaluation().keyspaces(),
                SnapshotView.of(e.snapshot()));
    }
}
