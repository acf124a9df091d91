package io.ringmap.heatmap.web;

import io.swagger.v3.oas.annotations.media.Schema;

/** A key hot in one slice, with the bucket of its token: a key of one cell. */
@Schema(description = "A tracked key's hits during the slice, in the bucket of its token (clear keys only)")
public record CellKey(
        @Schema(example = "sensor-17:2026-10-01") String label,

        @Schema(
                description = "Hits during the slice, exact while the key was among the table's top K "
                        + "(ringmap.hotkeys.top-k; hits before it entered are not in it), summed over the instances",
                example = "240")
        long hits,

        @Schema(description = "Index of the bucket holding the key's token (in buckets)", example = "17")
        int bucket) {}
