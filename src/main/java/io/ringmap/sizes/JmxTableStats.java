package io.ringmap.sizes;

import java.util.List;

/**
 * What a node's JMX tells of one table (what {@code nodetool tablestats} and {@code tablehistograms} print).
 *
 * @param maxPartitionBytes  "Compacted partition maximum bytes" ({@code MaxPartitionSize})
 * @param meanPartitionBytes "Compacted partition mean bytes"
 * @param minPartitionBytes  "Compacted partition minimum bytes"
 * @param partitionsEstimate "Number of partitions (estimate)" (every partition the node holds, replicas included)
 * @param liveDiskBytes      "Space used (live)"
 * @param partitionSize      partition size percentiles in bytes; null when the histogram is empty
 * @param cellCount          cell count per partition percentiles; null when the histogram is empty
 * @param largest            the node's top partitions by size, recorded during repair validation, largest first
 * @param mostTombstoned     the node's top partitions by tombstone count, likewise
 * @param sampledReads       partitions most read while the node sampled (count per key), empty without sampling
 * @param sampledWrites      partitions most written while the node sampled
 */
public record JmxTableStats(
        long maxPartitionBytes,
        long meanPartitionBytes,
        long minPartitionBytes,
        long partitionsEstimate,
        long liveDiskBytes,
        Percentiles partitionSize,
        Percentiles cellCount,
        List<RankedPartition> largest,
        List<RankedPartition> mostTombstoned,
        List<RankedPartition> sampledReads,
        List<RankedPartition> sampledWrites) {

    public JmxTableStats {
        largest = List.copyOf(largest);
        mostTombstoned = List.copyOf(mostTombstoned);
        sampledReads = List.copyOf(sampledReads);
        sampledWrites = List.copyOf(sampledWrites);
    }

    /** The same figures with a sample's results. */
    public JmxTableStats withSamples(List<RankedPartition> reads, List<RankedPartition> writes) {
        return new JmxTableStats(
                maxPartitionBytes,
                meanPartitionBytes,
                minPartitionBytes,
                partitionsEstimate,
                liveDiskBytes,
                partitionSize,
                cellCount,
                largest,
                mostTombstoned,
                reads,
                writes);
    }
}
