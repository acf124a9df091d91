package io.ringmap.routing.web;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.Map;

/** One key of a table, in a JSON body: the single-key form that generated clients call. */
@Schema(description = "One partition key of a table")
public record TokenKeyRequest(
        @NotBlank @Schema(example = "iot") String keyspace,
        @NotBlank @Schema(example = "readings") String table,

        @NotNull
        @Schema(
                description = "The key as a {column: value} map",
                example = "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}")
        Map<String, String> key) {}
