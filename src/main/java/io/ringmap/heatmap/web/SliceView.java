package io.ringmap.heatmap.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/** One time slice. */
@Schema(description = "One time slice: counts per bucket, indexed like buckets")
public record SliceView(
        @Schema(description = "Start of the slice") Instant start,

        @Schema(description = "Counts (of the source) per bucket during the slice")
        long[] counts,

        @Schema(
                description = "Sampled reads or writes during the slice of partitions whose token is unknown "
                        + "(Cassandra's key text the table's schema could not decode): in no bucket; 0 for client hits",
                example = "0")
        long unplaced) {}
