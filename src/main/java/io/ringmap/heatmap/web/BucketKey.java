package io.ringmap.heatmap.web;

import io.swagger.v3.oas.annotations.media.Schema;

/** A hot key seen in a bucket. */
@Schema(description = "A hot key whose token is in the bucket (clear keys only)")
public record BucketKey(
        @Schema(example = "sensor-17:2026-10-01") String label,

        @Schema(description = "Estimated hits in the hot-key window (ringmap.hotkeys.window)", example = "1200")
        long estimate) {}
