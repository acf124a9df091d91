package io.ringmap.heatmap.config;

import io.ringmap.heatmap.HeatmapSettings;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The key visualizer's counts ({@code GET /heatmap}, the console): how fine and how long they are kept. Memory is at
 * most {@code buckets × slices × max-tables × 8} bytes per series (about 1.9 MiB with the defaults), for three series
 * at most: client hits, and with partition sampling the servers' reads and writes (5.6 MiB). The client hits' slices
 * keep the hits of at most {@code ringmap.hotkeys.top-k} keys each, at most {@code top-k × slices × max-tables × 600}
 * bytes (22 MiB with the defaults, with every label a distinct 256-character string; far less as a rule, since a
 * key's label is one string shared by its slices).
 *
 * @param enabled   count hits per token bucket and time slice and answer {@code GET /heatmap}
 * @param buckets   token buckets per table (ring-aligned), 1 to 4096
 * @param slice     the time one slice covers, 1s to 1d
 * @param slices    slices kept per table, 1 to 10080: the retention is {@code slice × slices}
 * @param maxTables tables counted at most, 1 to 10000; hits of further tables are not counted
 */
@Validated
@ConfigurationProperties("ringmap.heatmap")
public record HeatmapProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("128") @Min(1) @Max(4096) int buckets,
        @DefaultValue("1m") @NotNull Duration slice,
        @DefaultValue("60") @Min(1) @Max(10_080) int slices,
        @DefaultValue("32") @Min(1) @Max(10_000) int maxTables) {

    /** The most memory the counts may take, in bytes: 256 MiB. */
    public static final long MAX_MEMORY = 256L << 20;

    @AssertTrue(message = "ringmap.heatmap.slice must be from 1s to 1d")
    public boolean isSliceInRange() {
        return slice == null || (slice.toMillis() >= 1000 && slice.compareTo(Duration.ofDays(1)) <= 0);
    }

    @AssertTrue(
            message =
                    "ringmap.heatmap: 3 series × buckets × slices × max-tables × 8 bytes must be at most " + "256 MiB")
    public boolean isMemoryBounded() {
        return (long) buckets * slices * maxTables * HeatmapSettings.BYTES_PER_COUNT * HeatmapSettings.SERIES
                <= MAX_MEMORY;
    }

    /** The core's settings. */
    public HeatmapSettings settings() {
        return new HeatmapSettings(buckets, slice, slices, maxTables);
    }
}
