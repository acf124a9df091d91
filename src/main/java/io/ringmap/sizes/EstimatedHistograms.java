package io.ringmap.sizes;

/**
 * Percentiles of the bucket counts a Cassandra table histogram gauge returns over JMX
 * ({@code EstimatedPartitionSizeHistogram}, {@code EstimatedColumnCountHistogram}).
 *
 * <p>Mirrors {@code org.apache.cassandra.utils.EstimatedHistogram} as {@code nodetool tablehistograms} uses it:
 * bucket {@code i} holds values up to offset {@code i}; offsets start at 1 and grow by 20% (at least 1); the last
 * bucket counts overflows; a percentile is the offset of the first bucket where the running count reaches
 * {@code ceil(count × p)}.
 */
public final class EstimatedHistograms {

    private EstimatedHistograms() {}

    /** Bucket upper bounds for {@code size} buckets (Cassandra's {@code newOffsets(size, false)}). */
    static long[] offsets(int size) {
        long[] result = new long[size];
        if (size == 0) {
            return result;
        }
        long last = 1;
        result[0] = last;
        for (int i = 1; i < size; i++) {
            long next = Math.round(last * 1.2);
            if (next == last) {
                next++;
            }
            result[i] = next;
            last = next;
        }
        return result;
    }

    /**
     * The percentiles of a histogram, or null when it is empty (no SSTables), overflowed (values beyond the last
     * offset: Cassandra prints no percentiles then) or counts nothing.
     */
    public static Percentiles percentiles(long[] buckets) {
        if (buckets == null || buckets.length < 2 || buckets[buckets.length - 1] > 0) {
            return null;
        }
        long[] offsets = offsets(buckets.length - 1);
        long count = 0;
        for (long b : buckets) {
            count += b;
        }
        if (count == 0) {
            return null;
        }
        return new Percentiles(
                percentile(buckets, offsets, count, 0.5),
                percentile(buckets, offsets, count, 0.75),
                percentile(buckets, offsets, count, 0.95),
                percentile(buckets, offsets, count, 0.98),
                percentile(buckets, offsets, count, 0.99),
                min(buckets, offsets),
                max(buckets, offsets));
    }

    private static long percentile(long[] buckets, long[] offsets, long count, double p) {
        long wanted = (long) Math.ceil(count * p);
        if (wanted == 0) {
            return 0;
        }
        long seen = 0;
        for (int i = 0; i < buckets.length - 1; i++) {
            seen += buckets[i];
            if (seen >= wanted) {
                return offsets[i];
            }
        }
        return 0;
    }

    private static long min(long[] buckets, long[] offsets) {
        for (int i = 0; i < buckets.length; i++) {
            if (buckets[i] > 0) {
                return i == 0 ? 0 : 1 + offsets[i - 1];
            }
        }
        return 0;
    }

    private static long max(long[] buckets, long[] offsets) {
        for (int i = buckets.length - 2; i >= 0; i--) {
            if (buckets[i] > 0) {
                return offsets[i];
            }
        }
        return 0;
    }
}
