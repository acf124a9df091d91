package io.ringmap.schema;

import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.util.Arrays;
import java.util.List;

/**
 * A typed partition key: the canonical text of each component (in partition key order) and the key bytes Cassandra
 * hashes (see {@code io.ringmap.token.PartitionKeys}).
 */
public record ParsedKey(List<String> canonicalComponents, byte[] serializedKey) {

    public ParsedKey {
        canonicalComponents = List.copyOf(canonicalComponents);
        serializedKey = serializedKey.clone();
    }

    @Override
    public byte[] serializedKey() {
        return serializedKey.clone();
    }

    /**
     * The key's token under {@code partitioner}, hashed from the serialized key itself: no copy, as a partitioner
     * only reads the bytes (and keeps a copy when it keeps them).
     */
    public Token tokenWith(Partitioner partitioner) {
        return partitioner.tokenFor(serializedKey);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ParsedKey other
                && canonicalComponents.equals(other.canonicalComponents)
                && Arrays.equals(serializedKey, other.serializedKey);
    }

    @Override
    public int hashCode() {
        return 31 * canonicalComponents.hashCode() + Arrays.hashCode(serializedKey);
    }

    @Override
    public String toString() {
        return "ParsedKey" + canonicalComponents;
    }
}
