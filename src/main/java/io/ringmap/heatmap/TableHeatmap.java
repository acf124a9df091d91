package io.ringmap.heatmap;

import io.ringmap.hotkeys.SaturatingCounter;
import io.ringmap.ring.TableName;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What one table's heatmap holds at one moment: its bucket layout and, per time slice (oldest first), the hits of
 * each bucket. A value that several instances can {@link #merge} by summing the counts of equal slices.
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
     * @param counts hits per bucket, indexed like the layout
     */
    public record Slice(long startMillis, long[] counts) {

        public Slice {
            counts = counts.clone();
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
            return o instanceof Slice s && s.startMillis == startMillis && java.util.Arrays.equals(s.counts, counts);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(startMillis) * 31 + java.util.Arrays.hashCode(counts);
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
     * added, others kept, oldest first.
     *
     * @throws IllegalArgumentException when the two differ in table, slice length or layout (instances serving
     *                                  different rings, or configured differently, cannot be summed cell by cell)
     */
    public TableHeatmap merge(TableHeatmap other) {
        if (!table.equals(other.table)) {
            throw new IllegalArgumentException("cannot merge heatmaps of " + table + " and " + other.table);
        }
        if (sliceMillis != other.sliceMillis) {
            throw new IllegalArgumentException("cannot merge heatmaps with slices of " + sliceMillis + " ms and "
                    + other.sliceMillis + " ms");
        }
        if (!layout.equals(other.layout)) {
            throw new IllegalArgumentException("cannot merge heatmaps of different token buckets (" + layout.size()
                    + " and " + other.layout.size() + " buckets): the instances serve different rings");
        }
        TreeMap<Long, long[]> sums = new TreeMap<>();
        for (List<Slice> side : List.of(slices, other.slices)) {
            for (Slice s : side) {
                long[] sum = sums.computeIfAbsent(s.startMillis, k -> new long[layout.size()]);
                for (int b = 0; b < sum.length; b++) {
                    sum[b] = SaturatingCounter.add(sum[b], s.counts[b]);
                }
            }
        }
        List<Slice> merged = new ArrayList<>(sums.size());
        sums.forEach((start, counts) -> merged.add(new Slice(start, counts)));
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
            out.add(new Slice(s.startMillis, sums));
        }
        return new TableHeatmap(table, BucketLayout.of(layout.minimum(), ends), sliceMillis, out);
    }
}
