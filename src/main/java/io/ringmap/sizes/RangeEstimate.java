package io.ringmap.sizes;

import io.ringmap.ring.TokenRange;
import java.util.Objects;

/**
 * One row of {@code system.table_estimates} (range type {@code primary}): a node's estimate for a token range it is
 * the primary replica of. Cassandra writes non-wrapping ranges; {@code meanPartitionBytes} is the node's mean over
 * the table's SSTables (memtables not counted).
 */
public record RangeEstimate(TokenRange range, long meanPartitionBytes, long partitions) {

    public RangeEstimate {
        Objects.requireNonNull(range, "range");
        if (meanPartitionBytes < 0 || partitions < 0) {
            throw new IllegalArgumentException(
                    "estimates must not be negative: mean " + meanPartitionBytes + ", partitions " + partitions);
        }
    }

    /** Estimated bytes in the range: mean partition size times partition count. */
    public double bytes() {
        return (double) meanPartitionBytes * partitions;
    }
}
