package io.ringmap.routing.web;

import io.ringmap.web.KeyJson;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.annotation.JsonDeserialize;

/** Many keys of one table. */
@Schema(description = "A batch of partition keys of one table")
public record TokenBatchRequest(
        @NotBlank @Schema(example = "iot") String keyspace,
        @NotBlank @Schema(example = "readings") String table,

        @NotNull
        @Schema(
                description = "Keys as {column: value} maps",
                example = "[{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}]")
        @JsonDeserialize(contentUsing = KeyJson.Reader.class)
        List<Map<String, String>> keys) {}
