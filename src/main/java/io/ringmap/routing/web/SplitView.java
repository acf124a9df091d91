package io.ringmap.routing.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** One split of a scan: one or more ranges read on the same replicas. */
@Schema(
        description =
                "One split: one or more (start, end] ranges, each read with its own CQL, on the same " + "replicas")
public record SplitView(
        @Schema(description = "The split's ranges in ring order; reading each with its cql reads the split")
        List<RangeQuery> ranges,

        @Schema(
                description = "Replica addresses holding every token of the split (for an even split that "
                        + "crosses ownership boundaries: those of its first tokens)")
        List<String> replicas,

        @Schema(
                description = "How many node-owned ranges the split touches (aligned: the whole ranges it "
                        + "groups, or 1 for a piece of one)")
        int ownedRanges,

        @Schema(description = "mode=size: bytes estimated in the split", nullable = true)
        Long estimatedBytes,

        @Schema(description = "mode=size: partitions estimated in the split", nullable = true)
        Long estimatedPartitions) {}
