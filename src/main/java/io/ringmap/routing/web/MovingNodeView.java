package io.ringmap.routing.web;

import io.ringmap.token.Token;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** A node in motion. */
public record MovingNodeView(
        @Schema(example = "127.0.0.5") String address,

        @Schema(example = "5b7c3d1e-0000-4000-8000-000000000005")
        String hostId,

        @Schema(example = "dc1") String datacenter,
        @Schema(example = "rack1") String rack,

        @Schema(description = "JOINING, LEAVING, MOVING or REPLACING", example = "JOINING")
        String state,

        @Schema(
                description = "JOINING: its bootstrap tokens; LEAVING: its tokens; MOVING: the token it moves to; "
                        + "REPLACING: the tokens it takes over")
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
                m.node().address(),
                m.node().hostId(),
                m.node().datacenter(),
                m.node().rack(),
                m.kind().name(),
                m.tokens().stream().map(Token::toString).toList(),
                m.replacedHostId(),
                m.alive(),
                m.node().broadcastAddress(),
                m.step());
    }
}
