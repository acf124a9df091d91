package io.ringmap.hits.web;

import io.swagger.v3.oas.annotations.media.Schema;

/** What was counted. */
@Schema(description = "What was counted")
public record HitsResponse(
        @Schema(example = "iot") String keyspace,
        @Schema(example = "readings") String table,

        @Schema(description = "Items recorded (all of the request)", example = "2")
        int recorded,

        @Schema(description = "Sum of the items' counts", example = "101")
        long hits,

        @Schema(
                description = "False when hot-key tracking is disabled (ringmap.hotkeys.enabled=false): the "
                        + "request was validated but nothing is tracked")
        boolean tracked) {}
