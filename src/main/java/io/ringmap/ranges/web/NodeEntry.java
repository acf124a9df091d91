package io.ringmap.ranges.web;

import io.swagger.v3.oas.annotations.media.Schema;

/** A node of the map, referred to by its index. */
public record NodeEntry(
        @Schema(example = "127.0.0.1") String address,
        @Schema(example = "N1") String hostId,
        @Schema(example = "dc1") String datacenter,
        @Schema(example = "rack1") String rack,
        @Schema(example = "UP") String state) {}
