package io.ringmap.sizes;

import java.util.Objects;

/**
 * A partition a node ranks among its largest (bytes) or most tombstoned (tombstone count), with its key as
 * Cassandra prints it (the partition key type's string form; composite components joined by {@code :}).
 */
public record RankedPartition(String key, long value) {

    public RankedPartition {
        Objects.requireNonNull(key, "key");
    }
}
