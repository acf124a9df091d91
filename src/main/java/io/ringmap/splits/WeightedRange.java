package io.ringmap.splits;

import io.ringmap.ring.TokenRange;
import java.util.Objects;

/**
 * A non-wrapping token range with the bytes and partitions estimated to lie in it (spread evenly across its tokens,
 * as hashing spreads keys). An end equal to the minimum token means the end of the ring.
 */
public record WeightedRange(TokenRange range, double bytes, double partitions) {

    public WeightedRange {
        Objects.requireNonNull(range, "range");
        if (!(bytes >= 0) || !(partitions >= 0)) {
            throw new IllegalArgumentException("weights must be non-negative numbers: " + bytes + ", " + partitions);
        }
    }
}
