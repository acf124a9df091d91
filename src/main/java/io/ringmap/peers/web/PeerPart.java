package io.ringmap.peers.web;

import io.ringmap.peers.PeerQuestion;
import java.util.Objects;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * One feature's side of the peer channel: what this instance answers a peer at {@code /actuator/peer} (the part
 * named {@link #ROOT}) or {@code /actuator/peer/<name>}. The feature writes its answer; the channel signs and carries
 * it ({@link PeerEndpoint}), and the feature that asks reads and checks it. A bean of this type is all a feature adds
 * to be asked by its peers.
 *
 * @param name   {@link #ROOT}, or the path segment under {@code /actuator/peer} the part is served at
 * @param answer this instance's answer to a peer's question, or null when it has none for it (404)
 */
public record PeerPart(String name, Function<PeerQuestion, JsonNode> answer) {

    /** The name of the part served at {@code /actuator/peer} itself. */
    public static final String ROOT = "";

    public PeerPart {
        Objects.requireNonNull(name, "name must not be null");
        Objects.requireNonNull(answer, "answer must not be null");
    }
}
