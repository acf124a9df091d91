package io.ringmap.hotkeys.web;

import io.ringmap.peers.web.Scope;
import io.ringmap.problem.InvalidParameterException;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * {@code GET /hotkeys}'s parameters.
 *
 * @param limit keys per table, null for the default; its bound is {@code ringmap.hotkeys.top-k}
 *     ({@link io.ringmap.hotkeys.config.HotKeysProperties#keysPerTable})
 */
record HotKeysParameters(
        @Parameter(description = "Only this keyspace", example = "iot")
        String keyspace,

        @Parameter(description = "Only this table (needs keyspace)", example = "readings")
        String table,

        @Parameter(
                description = "Keys per table, 1..ringmap.hotkeys.top-k; default 10 (or top-k if smaller)",
                example = "10")
        Integer limit,

        @Parameter(
                description = "deployment (default): every instance's counts merged (ringmap.peers.*); "
                        + "local: this instance's only",
                schema = @Schema(allowableValues = {"deployment", "local"}))
        Scope scope) {

    /** @throws InvalidParameterException for a table without its keyspace */
    HotKeysParameters {
        if (table != null && keyspace == null) {
            throw new InvalidParameterException("keyspace", "table '" + table + "' needs its keyspace");
        }
    }
}
