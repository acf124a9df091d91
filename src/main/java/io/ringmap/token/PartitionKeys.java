package io.ringmap.token;

import java.util.List;

/**
 * Builds the byte string Cassandra hashes for a partition key.
 *
 * <p>A single-column key is the column's serialized value. A composite key is, per component, a 2-byte big-endian
 * length, the value bytes and a 0x00 end-of-component byte (Cassandra's {@code CompositeType} static encoding).
 */
public final class PartitionKeys {

    private PartitionKeys() {}

    /** The key bytes for the given serialized components, in partition key order. */
    public static byte[] compose(List<byte[]> components) {
        if (components.isEmpty()) {
            throw new IllegalArgumentException("a partition key has at least one component");
        }
        if (components.size() == 1) {
            return components.get(0);
        }
        int size = 0;
        for (byte[] c : components) {
            if (c.length > 0xFFFF) {
                throw new IllegalArgumentException("a composite key component is at most 65535 bytes, was " + c.length);
            }
            size += 3 + c.length;
        }
        byte[] out = new byte[size];
        int i = 0;
        for (byte[] c : components) {
            out[i++] = (byte) (c.length >>> 8);
            out[i++] = (byte) c.length;
            System.arraycopy(c, 0, out, i, c.length);
            i += c.length;
            out[i++] = 0;
        }
        return out;
    }
}
