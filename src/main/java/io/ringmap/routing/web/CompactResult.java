package io.ringmap.routing.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/** One key or token of a compact batch answer: its replicas as indexes into the answer's {@code replicas}. */
@Schema(description = "One key or token of a compact batch answer")
public record CompactResult(
        @Schema(description = "The key's components in canonical text (when keys were given)", nullable = true)
        Map<String, String> key,

        @Schema(example = "1523456789012345678") String token,

        @Schema(description = "The node-owned range holding the token")
        RangeView range,

        @Schema(
                description =
                        "Replicas in placement order, the primary first, as indexes into the answer's " + "replicas",
                example = "[0, 1, 2]")
        List<Integer> replicas) {}
