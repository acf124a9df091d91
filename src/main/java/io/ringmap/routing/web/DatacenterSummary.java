package io.ringmap.routing.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Map;

/** How many nodes of one data centre are in each state. */
public record DatacenterSummary(
        @Schema(example = "dc1") String datacenter,
        @Schema(example = "2") int nodes,

        @Schema(description = "Nodes per state", example = "{\"UP\": 2}")
        Map<String, Integer> states) {}
