package io.ringmap.ranges.web;

import io.swagger.v3.oas.annotations.media.Schema;

/** A pending range: {@code (start, end]} and the nodes that gain it. */
public record PendingRangeEntry(
        @Schema(example = "0") String start,
        @Schema(example = "4611686018427387904") String end,

        @Schema(description = "Node indexes (into nodes, then pendingNodes)")
        int[] replicas) {}
