package io.ringmap.token;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Cassandra's {@code RandomPartitioner}: the token is the absolute value of the key's MD5 digest read as a signed
 * 128-bit integer, so tokens lie in {@code [0, 2^127]}; -1 is the minimum sentinel.
 */
public final class RandomPartitioner extends NumericPartitioner {

    public static final RandomPartitioner INSTANCE = new RandomPartitioner();
    public static final BigIntegerToken MINIMUM = new BigIntegerToken(BigInteger.ONE.negate());
    public static final BigInteger MAXIMUM = BigInteger.TWO.pow(127);

    private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is required by every Java platform", e);
        }
    });

    private RandomPartitioner() {}

    @Override
    public String name() {
        return "RandomPartitioner";
    }

    @Override
    public BigIntegerToken tokenFor(byte[] key) {
        if (key.length == 0) {
            return MINIMUM; // mirrors RandomPartitioner.getToken
        }
        MessageDigest md5 = MD5.get();
        md5.reset();
        // mirrors FBUtilities.hashToBigInteger: new BigInteger(md5).abs()
        return new BigIntegerToken(new BigInteger(md5.digest(key)).abs());
    }

    @Override
    public BigIntegerToken minimumToken() {
        return MINIMUM;
    }

    @Override
    public BigIntegerToken parseToken(String text) {
        if (text == null) {
            throw new TokenFormatException("null", name(), "a token cannot be null");
        }
        BigInteger value;
        try {
            value = new BigInteger(text.trim());
        } catch (NumberFormatException e) {
            throw new TokenFormatException(text, name(), "expected an integer between -1 and 2^127");
        }
        if (value.compareTo(MINIMUM.value()) < 0 || value.compareTo(MAXIMUM) > 0) {
            throw new TokenFormatException(text, name(), "expected an integer between -1 and 2^127");
        }
        return new BigIntegerToken(value);
    }

    @Override
    BigInteger value(Token token) {
        return ((BigIntegerToken) token).value();
    }

    @Override
    Token token(BigInteger value) {
        return new BigIntegerToken(value);
    }

    @Override
    BigInteger maximum() {
        return MAXIMUM;
    }
}
