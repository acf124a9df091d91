package io.ringmap.routing.web;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.ringmap.token.Token;
import io.ringmap.web.NodeIdentity;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** A node in motion. */
public record MovingNodeView(
        // its state is its motion: JOINING, LEAVING, MOVING or REPLACING
        @JsonUnwrapped NodeIdentity node,

        @Schema(
                description = "JOINING: its bootstrap tokens; LEAVING: its tokens; MOVING: the token it moves to "
                        + "(empty when the movement is read over JMX: StorageService does not say where to, and the "
                        + "pending replicas are its own); REPLACING: the tokens it takes over")
        List<String> tokens,

        @Schema(description = "REPLACING: the host id of the node it replaces", nullable = true)
        String replaces,

        @Schema(description = "Whether coordinators count it as live")
        boolean live,

        @Schema(description = "Broadcast (internode) address, as nodetool prints it", example = "127.0.0.5")
        String broadcastAddress,

        @Schema(
                description = "Cassandra 6.0: the last step of the node's multi-step operation done, as the "
                        + "cluster metadata log names it (PREPARE_JOIN, START_JOIN, MID_JOIN; START_LEAVE, ...); "
                        + "absent before 6.0",
                example = "START_JOIN",
                nullable = true)
        String step) {

    static MovingNodeView of(io.ringmap.pending.NodeMotion m) {
        return new MovingNodeView(
                NodeIdentity.of(m.node(), m.kind().name()),
                m.tokens().stream().map(Token::toString).toList(),
                m.replacedHostId(),
                m.alive(),
                m.node().broadcastAddress(),
                m.step());
    }
}
