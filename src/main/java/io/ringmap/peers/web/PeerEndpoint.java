package io.ringmap.peers.web;

import io.ringmap.peers.PeerQuestion;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /actuator/peer} and {@code /actuator/peer/<part>} on the management port: this instance's answers to its
 * peers, each written by the feature that owns the part ({@link PeerPart}: hot keys at the root, {@code sizes},
 * {@code heatmap}). The answers carry key material (hashed, or clear when clear keys are shown), so the endpoint
 * answers only requests signed with the deployment's peer secret ({@link PeerAuthenticationFilter}), whatever a
 * caller's scopes. A part this instance does not have (its feature switched off) answers 404.
 */
@Endpoint(id = "peer")
public class PeerEndpoint {

    private final Map<String, PeerPart> parts;

    public PeerEndpoint(List<PeerPart> parts) {
        this.parts = parts.stream().collect(Collectors.toUnmodifiableMap(PeerPart::name, Function.identity()));
    }

    /** The root part's answer. */
    @ReadOperation
    public @Nullable JsonNode root(
            @Nullable String keyspace, @Nullable String table, @Nullable Boolean replicasOnly, @Nullable Boolean keys) {
        return answer(PeerPart.ROOT, keyspace, table, replicasOnly, keys);
    }

    /** The answer of the part named {@code part}. */
    @ReadOperation
    public @Nullable JsonNode part(
            @Selector String part,
            @Nullable String keyspace,
            @Nullable String table,
            @Nullable Boolean replicasOnly,
            @Nullable Boolean keys) {
        return part.isEmpty() ? null : answer(part, keyspace, table, replicasOnly, keys);
    }

    private @Nullable JsonNode answer(String name, String keyspace, String table, Boolean replicasOnly, Boolean keys) {
        PeerPart part = parts.get(name);
        return part == null
                ? null
                : part.answer()
                        .apply(new PeerQuestion(
                                keyspace, table, Boolean.TRUE.equals(replicasOnly), Boolean.TRUE.equals(keys)));
    }
}
