package io.ringmap.heatmap.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/** One time slice. */
@Schema(description = "One time slice: counts per bucket, indexed like buckets, and the keys hottest in it")
public record SliceView(
        @Schema(description = "Start of the slice") Instant start,

        @Schema(description = "Counts (of the source) per bucket during the slice")
        long[] counts,

        @Schema(
                description = "Sampled reads or writes during the slice of partitions whose token is unknown "
                        + "(Cassandra's key text the table's schema could not decode): in no bucket; 0 for client hits",
                example = "0")
        long unplaced,

        @Schema(
                description = "The table's tracked keys hit during the slice, hottest first, each with its hits in "
                        + "the slice and its bucket (at most ringmap.hotkeys.top-k); a cell's keys are those with its "
                        + "bucket. Empty unless clear keys are shown (keysShown = clear)")
        List<CellKey> keys) {}
