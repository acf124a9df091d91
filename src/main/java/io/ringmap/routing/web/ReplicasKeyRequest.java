package io.ringmap.routing.web;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.Map;

/** One key of a table, in a JSON body: the single-key form that generated clients call. */
@Schema(
        description = "One partition key of a table, with the optional data centre and consistency level of "
                + "GET /replicas")
public record ReplicasKeyRequest(
        @NotBlank @Schema(example = "iot") String keyspace,
        @NotBlank @Schema(example = "readings") String table,

        @NotNull
        @Schema(
                description = "The key as a {column: value} map",
                example = "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}")
        Map<String, String> key,

        @Schema(
                description = "Only replicas in this data centre; with a LOCAL_* consistency, the coordinator's",
                nullable = true)
        String dc,

        @Schema(description = "A consistency level, as consistency= of GET /replicas", nullable = true)
        String consistency) {

    /** A body Swagger UI's Try it out sends as it is, answering on the bundled sample. */
    static final String EXAMPLE = "{\"keyspace\": \"iot\", \"table\": \"readings\", "
            + "\"key\": {\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}}";
}
