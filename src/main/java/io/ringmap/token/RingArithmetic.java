package io.ringmap.token;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/** The even cut of an integer interval shared by every partitioner's {@link Partitioner#split}. */
final class RingArithmetic {

    private RingArithmetic() {}

    /**
     * The interior boundaries {@code start + floor(i * (end - start) / parts)}, {@code 0 < i < parts}, that lie
     * strictly between {@code start} and {@code end}, increasing and without repeats: widths of the pieces differ
     * by at most one unit, and a narrow interval yields fewer pieces rather than empty ones.
     */
    static List<BigInteger> interiorBounds(BigInteger start, BigInteger end, int parts) {
        if (parts < 1) {
            throw new IllegalArgumentException("parts must be at least 1, was " + parts);
        }
        BigInteger span = end.subtract(start);
        BigInteger n = BigInteger.valueOf(parts);
        List<BigInteger> bounds = new ArrayList<>(parts - 1);
        BigInteger previous = start;
        for (int i = 1; i < parts; i++) {
            BigInteger b = start.add(span.multiply(BigInteger.valueOf(i)).divide(n));
            if (b.compareTo(previous) > 0 && b.compareTo(end) < 0) {
                bounds.add(b);
                previous = b;
            }
        }
        return bounds;
    }
}
