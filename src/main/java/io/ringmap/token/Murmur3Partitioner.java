package io.ringmap.token;

import java.math.BigInteger;

/**
 * Cassandra's default {@code Murmur3Partitioner}: the token is h1 of Cassandra's MurmurHash3 x64_128 of the key,
 * with {@code Long.MIN_VALUE} normalized to {@code Long.MAX_VALUE} so that the minimum stays a pure sentinel.
 */
public final class Murmur3Partitioner extends NumericPartitioner {

    public static final Murmur3Partitioner INSTANCE = new Murmur3Partitioner();
    public static final LongToken MINIMUM = new LongToken(Long.MIN_VALUE);
    public static final LongToken MAXIMUM = new LongToken(Long.MAX_VALUE);

    private Murmur3Partitioner() {}

    @Override
    public String name() {
        return "Murmur3Partitioner";
    }

    @Override
    public LongToken tokenFor(byte[] key) {
        if (key.length == 0) {
            return MINIMUM; // mirrors Murmur3Partitioner.getToken: an empty key is the minimum token
        }
        return new LongToken(normalize(CassandraMurmur3.hash3x64h1(key, 0, key.length)));
    }

    /** The raw h1 of Cassandra's hash, before normalization (exposed for tests and benchmarks). */
    public static long hash(byte[] key) {
        return CassandraMurmur3.hash3x64h1(key, 0, key.length);
    }

    /** Maps {@code Long.MIN_VALUE}, the ring's sentinel, to {@code Long.MAX_VALUE}; every other hash is unchanged. */
    public static long normalize(long hash) {
        return hash == Long.MIN_VALUE ? Long.MAX_VALUE : hash;
    }

    @Override
    public LongToken minimumToken() {
        return MINIMUM;
    }

    @Override
    public LongToken parseToken(String text) {
        if (text == null) {
            throw new TokenFormatException("null", name(), "a token cannot be null");
        }
        try {
            return new LongToken(Long.parseLong(text.trim()));
        } catch (NumberFormatException e) {
            throw new TokenFormatException(
                    text,
                    name(),
                    "expected a signed 64-bit integer between " + Long.MIN_VALUE + " and " + Long.MAX_VALUE);
        }
    }

    /**
     * The share in double arithmetic: the width {@code end - start} as an unsigned 64-bit integer over the ring's
     * {@code 2^64 - 1} (the BigDecimal arithmetic of other partitioners costs microseconds per range, seconds for
     * the 256,000 ranges of a large vnode ring).
     */
    @Override
    public double ringShare(Token start, Token end) {
        long s = ((LongToken) start).value();
        long e = end.equals(MINIMUM) ? Long.MAX_VALUE : ((LongToken) end).value();
        if (s >= e) {
            return 0;
        }
        long width = e - s; // unsigned
        double w = (double) (width >>> 1) * 2.0 + (width & 1);
        return w / 18446744073709551615.0;
    }

    @Override
    BigInteger value(Token token) {
        return BigInteger.valueOf(((LongToken) token).value());
    }

    @Override
    Token token(BigInteger value) {
        return new LongToken(value.longValueExact());
    }

    @Override
    BigInteger maximum() {
        return BigInteger.valueOf(Long.MAX_VALUE);
    }
}
