package io.ringmap.sizes;

import io.ringmap.ring.TableName;
import java.util.List;

/**
 * One table's figures merged over the nodes that reported them.
 *
 * @param maxPartitionBytes    the largest partition any node holds (exact when every reporting node gave JMX
 *                             figures, {@code maxPartitionExact}; else an upper bound from MiB figures)
 * @param meanPartitionBytes   bytes over partitions of all primary-range estimates
 * @param partitionsEstimate   partitions in the whole cluster: the sum of each node's primary-range estimates, so
 *                             a partition stored on RF replicas counts once
 * @param diskBytesAllReplicas live bytes on disk summed over nodes: every replica's copy counts
 * @param partitionSize        the worst node's partition size percentiles (JMX)
 * @param cellCount            the worst node's cell count percentiles (JMX)
 * @param rowsPerRead          the worst node's rows per read; counts added
 * @param largest              partitions by size, merged by key over their replicas, largest first
 * @param mostTombstoned       partitions by tombstone count, likewise
 * @param nodesReporting       nodes whose figures went into the merge
 */
public record MergedTable(
        TableName table,
        Long maxPartitionBytes,
        boolean maxPartitionExact,
        Long meanPartitionBytes,
        Long partitionsEstimate,
        Long diskBytesAllReplicas,
        Percentiles partitionSize,
        Percentiles cellCount,
        ReadStats rowsPerRead,
        ReadStats tombstonesPerRead,
        List<MergedPartition> largest,
        List<MergedPartition> mostTombstoned,
        int nodesReporting) {

    public MergedTable {
        largest = List.copyOf(largest);
        mostTombstoned = List.copyOf(mostTombstoned);
    }
}
