package io.ringmap.snapshot.web;

import io.ringmap.pending.RingMotion;
import io.swagger.v3.oas.annotations.media.Schema;

/** Whether ranges are in motion in the snapshot an answer was computed from, and where that was read. */
@Schema(
        description = "Ranges in motion: whether a node is joining, leaving, moving or replacing another, read from "
                + "Cassandra 6.0's cluster metadata (its log's steps and placements), JMX (Cassandra's own pending ranges) or "
                + "gossip (system_views.gossip_info, pending ranges calculated as Cassandra does); NONE when none could be "
                + "read")
public record MotionView(
        @Schema(description = "True while a node joins, leaves, moves or replaces another")
        boolean inMotion,

        @Schema(description = "CLUSTER_METADATA, JMX, GOSSIP or NONE", example = "GOSSIP")
        String source,

        @Schema(description = "What answers assume or could not read (always set for NONE)", nullable = true)
        String assumed) {

    public static MotionView of(RingMotion motion) {
        return new MotionView(motion.inMotion(), motion.source().name(), motion.assumed());
    }
}
