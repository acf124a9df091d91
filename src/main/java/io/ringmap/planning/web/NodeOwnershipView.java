package io.ringmap.planning.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/** A node's ownership under the layout. */
public record NodeOwnershipView(
        String address,
        String datacenter,
        String rack,
        List<String> tokens,

        @Schema(description = "Share of the ring owned as primary (nodetool status)")
        double ownership,

        @Schema(description = "Per keyspace, the effective ownership (nodetool status <keyspace>)")
        Map<String, Double> effectiveOwnership) {}
