package io.ringmap.routing.web;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.ringmap.web.NodeIdentity;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** One node of the ring. */
public record NodeView(
        @JsonUnwrapped NodeIdentity node,

        @Schema(description = "How many tokens the node owns", example = "1")
        int tokenCount,

        @Schema(description = "The node's tokens as strings, ascending (absent with tokens=false)", nullable = true)
        List<String> tokens,

        @Schema(description = "Share of the ring the node owns as primary, 0..1", example = "0.25")
        double ownership,

        @Schema(
                description = "With keyspace: share of the keyspace's data the node holds (sums to RF)",
                nullable = true,
                example = "0.75")
        Double effectiveOwnership,

        @Schema(description = "Native transport port at address; null when unknown", example = "9042", nullable = true)
        Integer rpcPort,

        @Schema(description = "Broadcast (internode) address, as nodetool prints it", example = "127.0.0.1")
        String broadcastAddress,

        @Schema(description = "Storage port at broadcastAddress; null when unknown", example = "7000", nullable = true)
        Integer broadcastPort) {}
