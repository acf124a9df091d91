package io.ringmap.planning.web;

import static io.ringmap.problem.InvalidParameterException.required;

import io.swagger.v3.oas.annotations.Parameter;

/**
 * {@code GET /plan/shards}'s named parameters (the key's other columns are named by the columns). The planner checks
 * how they combine and their bounds ({@code ringmap.plan.*}).
 */
record ShardsParameters(
        @Parameter(description = "Keyspace", example = "iot", required = true)
        String keyspace,

        @Parameter(
                description = "Table whose partition key has the shard column",
                example = "readings",
                required = true)
        String table,

        @Parameter(
                description = "The shard column (an integer or text column of the partition key)",
                example = "sensor_id",
                required = true)
        String shardColumn,

        @Parameter(
                description = "The key's rate or size now (any unit); default with hotkey: its estimate",
                example = "480000")
        Double load,

        @Parameter(description = "The most per shard (same unit)", example = "100000")
        Double target,

        @Parameter(description = "A shard count instead of load and target")
        Integer count,

        @Parameter(
                description = "Shard values searched for the widest spread (default 4 x count, at most "
                        + "ringmap.plan.max-shard-candidates, 4096 by default)")
        Integer candidates,

        @Parameter(
                description = "A hot key's label exactly as GET /hotkeys shows it (with export-key hash: the"
                        + " hash); its columns are matched by name onto the table's key, the shard column left out; no "
                        + "example value, so Swagger UI's Try it out plans the key given")
        String hotkey,

        @Parameter(description = "The table the hot key was counted for (same keyspace); default: table")
        String hotkeyTable) {

    ShardsParameters {
        required("keyspace", keyspace);
        required("table", table);
        required("shardColumn", shardColumn);
    }
}
