package io.ringmap.ring;

import io.ringmap.token.Token;
import java.util.Objects;

/**
 * A token range {@code (start, end]}: exclusive start, inclusive end. When {@code start >= end} the range wraps
 * past the end of the ring; {@code (min, min]} (or any {@code (t, t]}) is the whole ring.
 */
public record TokenRange(Token start, Token end) {

    public TokenRange {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
    }

    /** True when the range runs past the end of the ring back to its start ({@code start >= end}). */
    public boolean wraps() {
        return start.compareTo(end) >= 0;
    }
}
