package io.ringmap.schema;

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
