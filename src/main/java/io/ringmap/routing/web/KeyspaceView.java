package io.ringmap.routing.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/** A keyspace and how it is placed. */
public record KeyspaceView(
        String name,
        Map<String, String> replication,
        @Schema(description = "placed or failed") String status,
        @Schema(nullable = true) String reason,
        List<String> warnings,
        List<String> tables) {}
