package io.ringmap.heatmap;

import io.ringmap.hotkeys.SaturatingCounter;
import io.ringmap.ring.TableName;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What one table's heatmap holds at one moment: its bucket layout and, per time slice (oldest first), the hits of
 * each bucket and of the table's tracked keys. A value that several instances can {@link #merge} by summing the counts of equal slices.
 *
 * @param table       the table counted
 * @param layout      the token buckets the counts are indexed by
 * @param sliceMillis how long each slice is
 * @param slices      the slices with at least one hit, oldest first, at most one per start
 */
public record TableHeatmap(TableName table, BucketLayout layout, long sliceMillis, List<Slice> slices) {

    /**
     * The hits of each bucket during {@code [startMillis, startMillis + sliceMillis)}.
     *
     * @param counts   hits per bucket, indexed like the layout
     * @param unplaced hits of keys whose token is unknown (a server-sampled key the schema could not decode): in the
     *                 slice, in no bucket; 0 for client hits, which always have a token
     * @param keys     the tracked keys' hits during the slice, hottest first ({@link SliceKey#HOTTEST_FIRST}), one per
     *                 label; clear labels, so for what may show clear keys only
     */
    public record Slice(long startMillis, long[] counts, long unplaced, List<SliceKey> keys) {

        public Slice {
            counts = counts.clone();
            if (unplaced < 0) {
                throw new IllegalArgumentException("unplaced must not be negative, was " + unplaced);
            }
            keys = List.copyOf(keys);
        }

        /** A slice without keys. */
        public Slice(long startMillis, long[] counts, long unplaced) {
            this(startMillis, counts, unplaced, List.of());
        }

        /** A slice whose every hit has a token, without keys. */
        public Slice(long startMillis, long[] counts) {
            this(startMillis, counts, 0);
        }

        @Override
        public long[] counts() {
            return counts.clone();
        }

        /** Hits of bucket {@code i}. */
        public long count(int i) {
            return counts[i];
        }

        /** Hits of every bucket together. */
        public long total() {
            long sum = 0;
            for (long c : counts) {
                sum = SaturatingCounter.add(sum, c);
            }
            return sum;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Slice s
                    && s.startMillis == startMillis
                    && Arrays.equals(s.counts, counts)
                    && s.unplaced == unplaced
                    && s.keys.equals(keys);
        }

        @Override
        public int hashCode() {
            return ((Long.hashCode(startMillis) * 31 + Arrays.hashCode(counts)) * 31 + Long.hashCode(unplaced)) * 31
                    + keys.hashCode();
        }

        @Override
        public String toString() {
            return "Slice[" + startMillis + ", " + total() + " hits]";
        }
    }

    public TableHeatmap {
        Objects.requireNonNull(table, "table must not be null");
        Objects.requireNonNull(layout, "layout must not be null");
        if (sliceMillis < 1) {
            throw new IllegalArgumentException("sliceMillis must be positive, was " + sliceMillis);
        }
        slices = List.copyOf(slices);
        for (int i = 0; i < slices.size(); i++) {
            if (slices.get(i).counts.length != layout.size()) {
                throw new IllegalArgumentException("slice " + i + " has " + slices.get(i).counts.length
                        + " counts, the layout " + layout.size() + " buckets");
            }
            if (i > 0 && slices.get(i - 1).startMillis >= slices.get(i).startMillis) {
                throw new IllegalArgumentException("slices must be in ascending order of start");
            }
        }
    }

    /**
     * The sum of this heatmap and another instance's of the same table: counts of slices with the same start are
     * added, others kept, oldest first; the keys of equal slices are added by label, and the {@code keysPerSlice}
     * hottest kept.
     *
     * @throws IllegalArgumentException when the two differ in table, slice length or layout (instances serving
     *                                  different rings, or configured differently, cannot be summed cell by cell)
     */
    public TableHeatmap merge(TableHeatmap other, int keysPerSlice) {
        if (!table.equals(other.table)) {
            throw new IllegalArgumentException("cannot merge heatmaps of " + table + " and " + other.table);
        }
        if (sliceMillis != other.sliceMillis) {
            throw new IllegalArgumentException(
                    "cannot merge heatmaps with slices of " + sliceMillis + " ms and " + other.sliceMillis + " ms");
        }
        if (!layout.equals(other.layout)) {
            throw new IllegalArgumentException("cannot merge heatmaps of different token buckets (" + layout.size()
                    + " and " + other.layout.size() + " buckets): the instances serve different rings");
        }
        // per start: the bucket counts, then the unplaced count in the extra last cell; and the keys' hits by label
        TreeMap<Long, long[]> sums = new TreeMap<>();
        Map<Long, Map<String, Long>> keys = new HashMap<>();
        for (List<Slice> side : List.of(slices, other.slices)) {
            for (Slice s : side) {
                long[] sum = sums.computeIfAbsent(s.startMillis, k -> new long[layout.size() + 1]);
                for (int b = 0; b < s.counts.length; b++) {
                    sum[b] = SaturatingCounter.add(sum[b], s.counts[b]);
                }
                sum[s.counts.length] = SaturatingCounter.add(sum[s.counts.length], s.unplaced);
                Map<String, Long> byLabel = keys.computeIfAbsent(s.startMillis, k -> new HashMap<>());
                for (SliceKey key : s.keys) {
                    byLabel.merge(key.label(), key.hits(), SaturatingCounter::add);
                }
            }
        }
        List<Slice> merged = new ArrayList<>(sums.size());
        sums.forEach((start, counts) -> merged.add(new Slice(
                start,
                Arrays.copyOf(counts, layout.size()),
                counts[layout.size()],
                SliceKey.hottest(keys.get(start), keysPerSlice))));
        return new TableHeatmap(table, layout, sliceMillis, merged);
    }

    /**
     * The same counts on at most {@code maxBuckets} buckets: runs of consecutive buckets added together, so every edge
     * of the result is an edge of this layout (and the ring's boundaries among them stay edges where the runs allow).
     */
    public TableHeatmap coarsen(int maxBuckets) {
        if (maxBuckets < 1) {
            throw new IllegalArgumentException("maxBuckets must be at least 1, was " + maxBuckets);
        }
        int n = layout.size();
        if (maxBuckets >= n) {
            return this;
        }
        int[] groupOf = new int[n];
        List<io.ringmap.token.Token> ends = new ArrayList<>(maxBuckets);
        for (int b = 0; b < n; b++) {
            groupOf[b] = (int) ((long) b * maxBuckets / n);
            if (b == n - 1 || (int) ((long) (b + 1) * maxBuckets / n) != groupOf[b]) {
                ends.add(layout.end(b));
            }
        }
        List<Slice> out = new ArrayList<>(slices.size());
        for (Slice s : slices) {
            long[] sums = new long[ends.size()];
            for (int b = 0; b < n; b++) {
                sums[groupOf[b]] = SaturatingCounter.add(sums[groupOf[b]], s.counts[b]);
            }
            out.add(new Slice(s.startMillis, sums, s.unplaced, s.keys));
        }
        return new TableHeatmap(table, BucketLayout.of(layout.minimum(), ends), sliceMillis, out);
    }
}
