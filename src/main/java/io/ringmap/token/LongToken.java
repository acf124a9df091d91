package io.ringmap.token;

/** A Murmur3Partitioner token: a signed 64-bit value. */
public record LongToken(long value) implements Token {

    @Override
    public int compareTo(Token other) {
        return Long.compare(value, ((LongToken) other).value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
