package io.ringmap.token;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * A ByteOrderedPartitioner token: the partition key bytes themselves, ordered as unsigned byte strings (a prefix
 * sorts first). The empty byte string is the minimum token.
 */
public final class BytesToken implements Token {

    private static final HexFormat HEX = HexFormat.of();
    private final byte[] bytes;

    public BytesToken(byte[] bytes) {
        this.bytes = bytes.clone();
    }

    public byte[] bytes() {
        return bytes.clone();
    }

    int length() {
        return bytes.length;
    }

    byte[] unsafeBytes() {
        return bytes;
    }

    @Override
    public int compareTo(Token other) {
        return Arrays.compareUnsigned(bytes, ((BytesToken) other).bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BytesToken b && Arrays.equals(bytes, b.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    /** Lower-case hex without a prefix, as {@code nodetool ring} prints ByteOrderedPartitioner tokens. */
    @Override
    public String toString() {
        return HEX.formatHex(bytes);
    }
}
