package io.ringmap.hits.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Map;
import tools.jackson.databind.annotation.JsonDeserialize;

/** One reported access. */
@Schema(description = "Accesses of one partition key")
@JsonDeserialize(using = HitJson.class)
public record Hit(
        @Schema(
                description = "The partition key as {column: value}",
                example = "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}")
        Map<String, String> key,

        @Schema(
                description = "How many accesses this item stands for (e.g. 100 when sampling 1 in 100); "
                        + "default 1, at most 1,000,000,000",
                nullable = true,
                example = "1",
                minimum = "1",
                maximum = "1000000000")
        Long count,

        @Schema(
                description = "read or write; counted per operation in ringmap_hits_reported_total",
                nullable = true,
                allowableValues = {"read", "write"},
                example = "read")
        String operation) {}
