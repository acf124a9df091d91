package io.ringmap.sizes;

import java.util.ArrayList;
import java.util.List;

/**
 * The working guideline of the partitioning reference (keep partitions under about 100 MB and well under 100,000
 * rows) and its pathology signal (a maximum far above the 99th percentile: a few pathological partitions).
 *
 * @param maxPartitionBytes a partition above this many bytes breaches the guideline
 * @param maxPartitionRows  a partition above this many rows breaches it
 * @param pathologyRatio    a maximum more than this many times the 99th percentile (or the mean, without
 *                          percentiles) is named
 */
public record SizeGuideline(long maxPartitionBytes, long maxPartitionRows, double pathologyRatio) {

    public static final SizeGuideline DEFAULT = new SizeGuideline(100_000_000L, 100_000L, 10.0);

    public SizeGuideline {
        if (maxPartitionBytes < 1 || maxPartitionRows < 1 || !(pathologyRatio > 1)) {
            throw new IllegalArgumentException("guideline bytes and rows must be positive and the pathology ratio "
                    + "above 1: " + maxPartitionBytes + ", " + maxPartitionRows + ", " + pathologyRatio);
        }
    }

    /** Every breach and signal one node's figures show. */
    public List<SizeWarning> check(String node, NodeTableStats s) {
        List<SizeWarning> out = new ArrayList<>();
        Long lower = s.maxPartitionLowerBound();
        if (lower != null && lower > maxPartitionBytes) {
            out.add(new SizeWarning(
                    "partition-too-large",
                    node,
                    null,
                    "largest partition of " + s.table() + " is "
                            + (s.maxPartitionExact() ? "" : "over ") + lower + " bytes, above the guideline of "
                            + maxPartitionBytes));
        }
        for (RankedPartition p : s.largestPartitions()) {
            if (p.value() > maxPartitionBytes) {
                out.add(new SizeWarning(
                        "partition-too-large",
                        node,
                        p.key(),
                        "partition " + p.key() + " of " + s.table() + " is " + p.value()
                                + " bytes, above the guideline of " + maxPartitionBytes));
            }
        }
        if (s.jmx() != null
                && s.jmx().cellCount() != null
                && s.jmx().cellCount().max() > maxPartitionRows) {
            out.add(new SizeWarning(
                    "too-many-rows",
                    node,
                    null,
                    "a partition of " + s.table() + " holds up to "
                            + s.jmx().cellCount().max() + " cells, above the guideline of " + maxPartitionRows
                            + " rows (Cassandra counts cells, not rows, per partition: a row has at least one cell "
                            + "unless it has only primary key columns)"));
        }
        if (s.rowsPerRead() != null && s.rowsPerRead().max() > maxPartitionRows) {
            out.add(new SizeWarning(
                    "too-many-rows",
                    node,
                    null,
                    "a read of " + s.table() + " returned "
                            + (long) s.rowsPerRead().max() + " rows, above the guideline of " + maxPartitionRows));
        }
        Percentiles sizes = s.jmx() == null ? null : s.jmx().partitionSize();
        if (sizes != null && lower != null && sizes.p99() > 0 && lower > pathologyRatio * sizes.p99()) {
            out.add(new SizeWarning(
                    "max-far-above-p99",
                    node,
                    null,
                    "largest partition of " + s.table() + " ("
                            + lower + " bytes) is " + ratio(lower, sizes.p99()) + " times the 99th percentile ("
                            + sizes.p99()
                            + " bytes): a few pathological partitions, usually one tenant, device or popular entity"));
        } else if (sizes == null
                && lower != null
                && s.meanPartitionBytes() != null
                && s.meanPartitionBytes() > 0
                && lower > pathologyRatio * s.meanPartitionBytes()) {
            out.add(new SizeWarning(
                    "max-far-above-mean",
                    node,
                    null,
                    "largest partition of " + s.table()
                            + " (over " + lower + " bytes) is more than " + ratio(lower, s.meanPartitionBytes())
                            + " times the mean (" + s.meanPartitionBytes() + " bytes); no percentiles without JMX: "
                            + "a few pathological partitions are likely"));
        }
        return out;
    }

    private static String ratio(long a, long b) {
        return String.format(java.util.Locale.ROOT, "%.0f", (double) a / b);
    }
}
