package io.ringmap.heatmap.web;

import io.ringmap.web.NodeIdentity;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** One token bucket. */
@Schema(description = "A token bucket (start, end]: a piece of a ring range, or whole consecutive ranges")
public record BucketView(
        @Schema(example = "0") int index,

        @Schema(description = "Token the bucket starts after", example = "-9223372036854775808")
        String start,

        @Schema(description = "Last token of the bucket", example = "-9151314442816847873")
        String end,

        @Schema(description = "Share of the ring, 0..1", example = "0.0039")
        double ringShare,

        @Schema(
                description = "Nodes replicating (part of) the bucket in the served ring, for the table's "
                        + "keyspace; empty when its replication cannot be placed")
        List<NodeIdentity> replicas,

        @Schema(description = "Hits in the window", example = "42")
        long hits,

        @Schema(
                description = "The table's tracked keys whose token is in the bucket, hottest over the window first "
                        + "(at most 5): the slices' keys summed; empty unless clear keys are shown (keysShown = clear)")
        List<BucketKey> hotKeys) {}
