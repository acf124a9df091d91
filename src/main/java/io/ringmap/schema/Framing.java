package io.ringmap.schema;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** Cassandra's framing of collections, tuples and UDTs, protocol v3+: [count] then per value a 4-byte length. */
final class Framing {

    private Framing() {}

    /** Frames values, each as its 4-byte length (-1 for null) and its bytes, after the count when given. */
    static ByteBuffer frame(int count, List<ByteBuffer> values, boolean withCount) {
        int size = withCount ? 4 : 0;
        for (ByteBuffer v : values) {
            size += 4 + (v == null ? 0 : v.remaining());
        }
        ByteBuffer out = ByteBuffer.allocate(size);
        if (withCount) {
            out.putInt(count);
        }
        for (ByteBuffer v : values) {
            if (v == null) {
                out.putInt(-1);
            } else {
                out.putInt(v.remaining());
                out.put(v.duplicate());
            }
        }
        return out.flip();
    }

    /** A list's or set's framing: the element count, then the elements. */
    static ByteBuffer collection(List<ByteBuffer> elements) {
        return frame(elements.size(), elements, true);
    }

    /**
     * Splits framed bytes into values; {@code perCount} values per counted item (2 for maps).
     *
     * @throws IllegalArgumentException when the bytes are not framed values
     */
    static List<ByteBuffer> unframe(ByteBuffer bytes, boolean withCount, int perCount) {
        ByteBuffer in = bytes.duplicate();
        try {
            int n = withCount ? in.getInt() * Math.max(perCount, 1) : Integer.MAX_VALUE;
            List<ByteBuffer> out = new ArrayList<>();
            while (out.size() < n && in.hasRemaining()) {
                int len = in.getInt();
                if (len < 0) {
                    out.add(null);
                } else {
                    ByteBuffer v = in.slice();
                    v.limit(len);
                    in.position(in.position() + len);
                    out.add(v);
                }
            }
            if (withCount && out.size() != n || in.hasRemaining()) {
                throw new IllegalArgumentException("malformed serialized value");
            }
            return out;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("malformed serialized value", e);
        }
    }
}
