package io.ringmap.planning.web;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.Map;

/** The question in a JSON body: the form generated clients call. */
@Schema(
        description = "A hot key's other partition key columns (or its label from GET /hotkeys), its shard column, "
                + "and load and target or count")
public record ShardsRequest(
        @NotBlank @Schema(example = "iot") String keyspace,
        @NotBlank @Schema(example = "readings") String table,

        @NotNull
        @Schema(
                description = "The key's columns except the shard column, as a {column: value} map "
                        + "(may be empty with hotkey)",
                example = "{\"day\": \"2026-10-01\"}")
        Map<String, String> key,

        @NotBlank
        @Schema(
                description = "The shard column (an integer or text column of the partition key)",
                example = "sensor_id")
        String shardColumn,

        @Schema(
                description = "The key's rate or size now (any unit); default with hotkey: its estimate",
                nullable = true,
                example = "480000")
        Double load,

        @Schema(description = "The most per shard (same unit)", nullable = true, example = "100000")
        Double target,

        @Schema(description = "A shard count instead of load and target", nullable = true)
        Integer count,

        @Schema(
                description = "Shard values searched for the widest spread (default 4 x count, at most "
                        + "ringmap.plan.max-shard-candidates, 4096 by default)",
                nullable = true)
        Integer candidates,

        @Schema(description = "A hot key's label exactly as GET /hotkeys shows it", nullable = true)
        String hotkey,

        @Schema(description = "The table the hot key was counted for (same keyspace); default: table", nullable = true)
        String hotkeyTable) {}
