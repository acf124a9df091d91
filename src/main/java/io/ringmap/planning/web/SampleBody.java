package io.ringmap.planning.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/** Keys whose tokens are the sample (ByteOrdered, or balancing by data). */
public record SampleBody(
        @Schema(example = "iot") String keyspace,
        @Schema(example = "readings") String table,

        @Schema(description = "Keys as {column: value} maps")
        List<Map<String, String>> keys) {}
