package io.ringmap.heatmap;

import java.time.Duration;
import java.util.Objects;

/**
 * Size and retention of the key visualizer's counts: per table {@code slices} time slices of {@code slice} each, of
 * at most {@code buckets} token buckets, for at most {@code maxTables} tables.
 *
 * @param buckets   token buckets per table at most (ring-aligned, see {@link BucketLayout})
 * @param slice     the time one slice covers
 * @param slices    slices kept per table: the retention is {@code slice × slices}
 * @param maxTables tables counted at most; hits of further tables are dropped and counted
 */
public record HeatmapSettings(int buckets, Duration slice, int slices, int maxTables) {

    /** Bytes of one count: a {@code long}. */
    public static final int BYTES_PER_COUNT = Long.BYTES;

    /** Series counted with these settings at most: client hits, and the servers' sampled reads and writes. */
    public static final int SERIES = 3;

    public static final HeatmapSettings DEFAULTS = new HeatmapSettings(128, Duration.ofMinutes(1), 60, 32);

    public HeatmapSettings {
        Objects.requireNonNull(slice, "slice must not be null");
        if (buckets < 1 || buckets > 4096) {
            throw new IllegalArgumentException("buckets must be from 1 to 4096, was " + buckets);
        }
        if (slice.toMillis() < 1000 || slice.compareTo(Duration.ofDays(1)) > 0) {
            throw new IllegalArgumentException("slice must be from 1s to 1d, was " + slice);
        }
        if (slices < 1 || slices > 10_080) {
            throw new IllegalArgumentException("slices must be from 1 to 10080, was " + slices);
        }
        if (maxTables < 1 || maxTables > 10_000) {
            throw new IllegalArgumentException("maxTables must be from 1 to 10000, was " + maxTables);
        }
    }

    /** How far back the counts go: {@code slice × slices}. */
    public Duration retention() {
        return slice.multipliedBy(slices);
    }

    /** One series' counts at most, in bytes: buckets × slices × tables × 8 (the arrays' headers aside). */
    public long memoryBound() {
        return (long) buckets * slices * maxTables * BYTES_PER_COUNT;
    }

    /** Every series' counts at most, in bytes: {@link #SERIES} × {@link #memoryBound()}. */
    public long totalMemoryBound() {
        return SERIES * memoryBound();
    }
}
