package io.ringmap.sizes;

import io.ringmap.ring.TableName;
import java.util.List;
import java.util.Objects;

/**
 * What one node knows of one table. Every figure is nullable: a source the node does not have (an older Cassandra,
 * JMX switched off, a query that failed) leaves it out.
 *
 * @param maxPartitionMebibytes {@code system_views.max_partition_size}: the largest compacted partition in MiB,
 *                              rounded up by Cassandra (1 for any non-empty table)
 * @param diskMebibytes         {@code system_views.disk_usage}: live SSTable bytes in MiB, rounded up
 * @param meanPartitionBytes    the node's mean partition size from {@code system.table_estimates}
 * @param primaryRanges         the node's {@code primary} ranges with their estimates (each range of the ring is the
 *                              primary range of exactly one node, so summing over nodes counts every partition once)
 * @param largest               {@code system.top_partitions} (SIZES) as the node last saved it, largest first
 * @param mostTombstoned        {@code system.top_partitions} (TOMBSTONES)
 * @param jmx                   the node's JMX figures, when JMX collection is on and the node answered
 */
public record NodeTableStats(
        TableName table,
        Long maxPartitionMebibytes,
        Long diskMebibytes,
        Long meanPartitionBytes,
        List<RangeEstimate> primaryRanges,
        ReadStats rowsPerRead,
        ReadStats tombstonesPerRead,
        Latency readLatency,
        Latency writeLatency,
        List<RankedPartition> largest,
        List<RankedPartition> mostTombstoned,
        JmxTableStats jmx) {

    static final long MIB = 1L << 20;

    public NodeTableStats {
        Objects.requireNonNull(table, "table");
        primaryRanges = List.copyOf(primaryRanges);
        largest = List.copyOf(largest);
        mostTombstoned = List.copyOf(mostTombstoned);
    }

    /** The same figures with the node's JMX figures attached. */
    public NodeTableStats withJmx(JmxTableStats stats) {
        return new NodeTableStats(
                table,
                maxPartitionMebibytes,
                diskMebibytes,
                meanPartitionBytes,
                primaryRanges,
                rowsPerRead,
                tombstonesPerRead,
                readLatency,
                writeLatency,
                largest,
                mostTombstoned,
                stats);
    }

    /** Partitions in the node's primary ranges (each partition of the cluster counted on exactly one node). */
    public Long primaryPartitions() {
        return primaryRanges.isEmpty()
                ? null
                : primaryRanges.stream().mapToLong(RangeEstimate::partitions).sum();
    }

    /**
     * The largest partition in bytes: exact from JMX, else the upper bound the MiB figure gives
     * ({@link #maxPartitionExact()} tells which).
     */
    public Long maxPartitionBytes() {
        if (jmx != null) {
            return jmx.maxPartitionBytes();
        }
        return maxPartitionMebibytes == null ? null : maxPartitionMebibytes * MIB;
    }

    /** True when {@link #maxPartitionBytes()} is Cassandra's byte figure rather than a MiB bound. */
    public boolean maxPartitionExact() {
        return jmx != null;
    }

    /** A value the largest partition is known to exceed: exact from JMX, else {@code (MiB - 1) × 2^20}. */
    public Long maxPartitionLowerBound() {
        if (jmx != null) {
            return jmx.maxPartitionBytes();
        }
        return maxPartitionMebibytes == null ? null : Math.max(0, maxPartitionMebibytes - 1) * MIB;
    }

    /** Live data on disk: exact from JMX, else the MiB figure (rounded up). */
    public Long diskBytes() {
        if (jmx != null) {
            return jmx.liveDiskBytes();
        }
        return diskMebibytes == null ? null : diskMebibytes * MIB;
    }

    /** The node's largest partitions: JMX's current list when present, else what the node saved in CQL. */
    public List<RankedPartition> largestPartitions() {
        return jmx != null && !jmx.largest().isEmpty() ? jmx.largest() : largest;
    }

    /** The node's most tombstoned partitions, likewise. */
    public List<RankedPartition> mostTombstonedPartitions() {
        return jmx != null && !jmx.mostTombstoned().isEmpty() ? jmx.mostTombstoned() : mostTombstoned;
    }
}
