package io.ringmap.heatmap;

import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.problem.InvalidParameterException;
import java.time.Duration;
import java.util.Objects;

/**
 * Size and retention of the key visualizer's counts: per table {@code slices} time slices of {@code slice} each, of
 * at most {@code buckets} token buckets, for at most {@code maxTables} tables, and per slice the hits of at most
 * {@code keysPerSlice} of the table's tracked keys.
 *
 * @param buckets      token buckets per table at most (ring-aligned, see {@link BucketLayout})
 * @param slice        the time one slice covers
 * @param slices       slices kept per table: the retention is {@code slice × slices}
 * @param maxTables    tables counted at most; hits of further tables are dropped and counted
 * @param keysPerSlice keys kept per slice at most, hottest first ({@code ringmap.hotkeys.top-k}: the tracker counts
 *                     no more keys exactly), 0 to 1000
 */
public record HeatmapSettings(int buckets, Duration slice, int slices, int maxTables, int keysPerSlice) {

    /** Bytes of one count: a {@code long}. */
    public static final int BYTES_PER_COUNT = Long.BYTES;

    /** Series counted with these settings at most: client hits, and the servers' sampled reads and writes. */
    public static final int SERIES = 3;

    /** The longest label a slice keeps: the hot-key tracker's ({@link HotKeySettings#maxLabelLength()}). */
    public static final int MAX_LABEL_LENGTH = HotKeySettings.DEFAULTS.maxLabelLength();

    /**
     * Bytes of one slice's key at most: the key and its list slot (40), and a label of {@link #MAX_LABEL_LENGTH}
     * characters of two bytes each with its headers (552).
     */
    public static final int BYTES_PER_KEY = 600;

    public static final HeatmapSettings DEFAULTS =
            new HeatmapSettings(128, Duration.ofMinutes(1), 60, 32, HotKeySettings.DEFAULTS.topK());

    /** Settings keeping {@link HotKeySettings#DEFAULTS}' top K of keys per slice. */
    public HeatmapSettings(int buckets, Duration slice, int slices, int maxTables) {
        this(buckets, slice, slices, maxTables, HotKeySettings.DEFAULTS.topK());
    }

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
        if (keysPerSlice < 0 || keysPerSlice > 1000) {
            throw new IllegalArgumentException("keysPerSlice must be from 0 to 1000, was " + keysPerSlice);
        }
    }

    /** The same sizes, keeping {@code n} keys per slice. */
    public HeatmapSettings withKeysPerSlice(int n) {
        return new HeatmapSettings(buckets, slice, slices, maxTables, n);
    }

    /** How far back the counts go: {@code slice × slices}. */
    public Duration retention() {
        return slice.multipliedBy(slices);
    }

    /**
     * How many buckets an answer has for {@code asked}: all of {@link #buckets} when null.
     *
     * @throws InvalidParameterException outside 1..{@code ringmap.heatmap.buckets}
     */
    public int buckets(Integer asked) {
        int n = asked == null ? buckets : asked;
        if (n < 1 || n > buckets) {
            throw new InvalidParameterException(
                    "buckets", "buckets must be from 1 to " + buckets + " (ringmap.heatmap.buckets), was " + asked);
        }
        return n;
    }

    /**
     * The window an answer covers for {@code asked}: the {@link #retention} when null.
     *
     * @throws InvalidParameterException unless positive and at most the retention
     */
    public Duration window(Duration asked) {
        if (asked == null) {
            return retention();
        }
        if (asked.isNegative() || asked.isZero() || asked.compareTo(retention()) > 0) {
            throw new InvalidParameterException(
                    "window",
                    "window must be positive and at most the retention, " + retention()
                            + " (ringmap.heatmap.slice × ringmap.heatmap.slices), was " + asked);
        }
        return asked;
    }

    /** One series' counts at most, in bytes: buckets × slices × tables × 8 (the arrays' headers aside). */
    public long memoryBound() {
        return (long) buckets * slices * maxTables * BYTES_PER_COUNT;
    }

    /**
     * The slices' keys at most, in bytes: keysPerSlice × slices × tables × {@link #BYTES_PER_KEY} (22 MiB with the
     * defaults), client hits only. That is every label a distinct string of the longest length; the label of a key
     * that stays in the top K is one string shared by its slices and the tracker, so about 40 bytes a key is usual.
     * Besides, the open slice of each table marks the tracker's counters at its start (keysPerSlice of them).
     */
    public long keysMemoryBound() {
        return (long) keysPerSlice * slices * maxTables * BYTES_PER_KEY;
    }

    /** Every series' counts at most, in bytes: {@link #SERIES} × {@link #memoryBound()}. */
    public long totalMemoryBound() {
        return SERIES * memoryBound();
    }
}
