package io.ringmap.heatmap.web;

import io.swagger.v3.oas.annotations.media.Schema;

/** A key hot in a bucket over the window. */
@Schema(description = "A tracked key whose token is in the bucket, with its hits over the window (clear keys only)")
public record BucketKey(
        @Schema(example = "sensor-17:2026-10-01") String label,

        @Schema(
                description = "Hits in the window's slices while the key was among the table's top K "
                        + "(ringmap.hotkeys.top-k), summed over the instances",
                example = "1200")
        long hits) {}
