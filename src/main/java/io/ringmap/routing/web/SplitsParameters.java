package io.ringmap.routing.web;

import io.ringmap.routing.SplitMode;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * {@code GET /splits}'s parameters besides the table.
 *
 * @param n how many splits; its bound is {@code ringmap.api.max-splits} ({@link io.ringmap.config.ApiProperties})
 */
record SplitsParameters(
        @Parameter(
                description = "Number of splits, 1 to ringmap.api.max-splits (10,000 by default)",
                example = "16",
                schema = @Schema(implementation = Integer.class, defaultValue = "16"))
        Integer n,

        @Parameter(
                description = "even, aligned or size",
                example = "aligned",
                schema = @Schema(allowableValues = {"even", "aligned", "size"}))
        SplitMode mode,

        @Parameter(
                description = "true: ranges carry only start and end, and one CQL template with bind markers "
                        + "serves them all (a range the template cannot read keeps its own cql); for large plans",
                example = "false",
                schema = @Schema(implementation = Boolean.class, defaultValue = "false"))
        Boolean compact) {

    SplitsParameters {
        n = n == null ? 16 : n;
        mode = mode == null ? SplitMode.ALIGNED : mode;
        compact = compact != null && compact;
    }
}
