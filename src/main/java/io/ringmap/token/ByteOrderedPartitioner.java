package io.ringmap.token;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * Cassandra's {@code ByteOrderedPartitioner}: the token is the key bytes themselves, ordered as unsigned byte
 * strings; the empty byte string is the minimum token.
 *
 * <p>Ring arithmetic treats a token as the fraction {@code 0.b1b2b3...} in base 256: boundaries are computed on
 * fixed-width byte strings long enough to separate the requested parts.
 */
public final class ByteOrderedPartitioner implements Partitioner {

    public static final ByteOrderedPartitioner INSTANCE = new ByteOrderedPartitioner();
    public static final BytesToken MINIMUM = new BytesToken(new byte[0]);
    private static final HexFormat HEX = HexFormat.of();

    private ByteOrderedPartitioner() {}

    @Override
    public String name() {
        return "ByteOrderedPartitioner";
    }

    @Override
    public BytesToken tokenFor(byte[] key) {
        return key.length == 0 ? MINIMUM : new BytesToken(key);
    }

    @Override
    public BytesToken minimumToken() {
        return MINIMUM;
    }

    @Override
    public java.util.Optional<Token> maximumToken() {
        return java.util.Optional.empty();
    }

    /** Accepts hex with or without a {@code 0x} prefix, as nodetool and cqlsh print it. */
    @Override
    public BytesToken parseToken(String text) {
        if (text == null) {
            throw new TokenFormatException("null", name(), "a token cannot be null");
        }
        String hex = text.trim();
        if (hex.startsWith("0x") || hex.startsWith("0X")) {
            hex = hex.substring(2);
        }
        try {
            return new BytesToken(HEX.parseHex(hex));
        } catch (IllegalArgumentException e) {
            throw new TokenFormatException(text, name(), "expected an even number of hex digits");
        }
    }

    @Override
    public String cqlLiteral(Token token) {
        return "0x" + token;
    }

    @Override
    public List<Token> split(Token start, Token end, int parts) {
        if (parts < 1) {
            throw new IllegalArgumentException("parts must be at least 1, was " + parts); // before bytesFor(parts)
        }
        byte[] s = ((BytesToken) start).unsafeBytes();
        boolean toRingEnd = end.equals(MINIMUM);
        byte[] e = ((BytesToken) end).unsafeBytes();
        if (!toRingEnd && start.compareTo(end) >= 0) {
            throw new IllegalArgumentException("range (" + start + ", " + end + "] must not wrap or be empty");
        }
        // enough bytes past the longer bound to separate `parts` boundaries
        int width = Math.max(s.length, e.length) + bytesFor(parts) + 1;
        BigInteger sv = fixed(s, width);
        BigInteger ev = toRingEnd ? BigInteger.ONE.shiftLeft(8 * width) : fixed(e, width);
        List<Token> bounds = new ArrayList<>(parts + 1);
        bounds.add(start);
        for (BigInteger b : RingArithmetic.interiorBounds(sv, ev, parts)) {
            // b lies strictly between the padded bounds, hence start < b <= end as byte strings
            bounds.add(new BytesToken(bytes(b, width)));
        }
        bounds.add(end);
        return bounds;
    }

    @Override
    public double ringShare(Token start, Token end) {
        byte[] s = ((BytesToken) start).unsafeBytes();
        double from = fraction(s);
        double to = end.equals(MINIMUM) ? 1.0 : fraction(((BytesToken) end).unsafeBytes());
        return Math.max(0, to - from);
    }

    private static double fraction(byte[] b) {
        int n = Math.min(b.length, 16);
        return new BigDecimal(fixed(Arrays.copyOf(b, n), n))
                .divide(new BigDecimal(BigInteger.ONE.shiftLeft(8 * n)), MathContext.DECIMAL64)
                .doubleValue();
    }

    private static int bytesFor(int parts) {
        int bytes = 1;
        while ((1L << (8 * bytes)) < parts) {
            bytes++;
        }
        return bytes;
    }

    private static BigInteger fixed(byte[] b, int width) {
        return new BigInteger(1, Arrays.copyOf(b, width));
    }

    private static byte[] bytes(BigInteger v, int width) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[width];
        int copy = Math.min(raw.length, width);
        System.arraycopy(raw, raw.length - copy, out, width - copy, copy);
        return out;
    }
}
