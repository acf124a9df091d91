package io.ringmap.token;

import java.math.BigInteger;
import java.util.Objects;

/** A RandomPartitioner token: a non-negative integer up to 2^127, or -1 for the minimum sentinel. */
public record BigIntegerToken(BigInteger value) implements Token {

    public BigIntegerToken {
        Objects.requireNonNull(value, "value");
    }

    @Override
    public int compareTo(Token other) {
        return value.compareTo(((BigIntegerToken) other).value);
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
