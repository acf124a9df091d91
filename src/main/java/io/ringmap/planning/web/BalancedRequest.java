package io.ringmap.planning.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Map;

/** A request for balanced tokens from a sample of real keys. */
public record BalancedRequest(
        @Schema(description = "Default: the ring's partitioner", nullable = true)
        String partitioner,

        @Schema(example = "{\"dc1\": 2, \"dc2\": 2}") Map<String, Integer> nodes,
        @Schema(nullable = true) SampleBody sample) {}
