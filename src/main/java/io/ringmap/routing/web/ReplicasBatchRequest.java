package io.ringmap.routing.web;

import io.ringmap.problem.InvalidParameterException;
import io.ringmap.web.KeyJson;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.annotation.JsonDeserialize;

/** A batch of keys of one table, or of tokens. */
@Schema(description = "A batch of keys of one table, or a batch of tokens (give keys with table, or tokens)")
public record ReplicasBatchRequest(
        @NotBlank @Schema(example = "iot") String keyspace,
        @Schema(example = "readings", nullable = true) String table,

        @Schema(
                description = "Keys as {column: value} maps",
                nullable = true,
                example = "[{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}]")
        @JsonDeserialize(contentUsing = KeyJson.Reader.class)
        List<Map<String, String>> keys,

        @Schema(description = "Tokens as strings", nullable = true, example = "[\"1523456789012345678\"]")
        List<String> tokens,

        @Schema(description = "Only replicas in this data centre", nullable = true)
        String dc) {

    /** Bodies Swagger UI's Try it out sends as they are, each answering on the bundled sample. */
    static final String KEYS_EXAMPLE = "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": ["
            + "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}, "
            + "{\"sensor_id\": \"sensor-18\", \"day\": \"2026-10-01\"}]}";

    static final String TOKENS_EXAMPLE =
            "{\"keyspace\": \"iot\", \"tokens\": [\"1523456789012345678\", " + "\"-9223372036854775807\"]}";

    /**
     * Whether the batch gives keys (else tokens).
     *
     * @throws InvalidParameterException for both forms or neither, and for keys without their table
     */
    boolean byKeys() {
        boolean byKeys = keys != null;
        if (byKeys == (tokens != null)) {
            throw new InvalidParameterException(
                    byKeys ? "tokens" : "keys", "give either keys (with table) or tokens, not both and not neither");
        }
        if (byKeys && (table == null || table.isBlank())) {
            throw new InvalidParameterException("table", "keys need the table they belong to");
        }
        return byKeys;
    }
}
