package io.ringmap.routing;

import io.ringmap.problem.InvalidParameterException;
import java.util.Locale;

/** How a scan is cut into splits ({@code mode} of {@code GET /splits}). */
public enum SplitMode {
    /** Ranges of equal width, the first starting at the minimum token. */
    EVEN,
    /** No split crosses an ownership boundary. */
    ALIGNED,
    /** Aligned to ownership, each split holding about the same estimated bytes. */
    SIZE;

    /**
     * The mode named, in any case.
     *
     * @throws InvalidParameterException for any other name
     */
    public static SplitMode of(String mode) {
        String m = mode.toLowerCase(Locale.ROOT);
        for (SplitMode each : values()) {
            if (each.text().equals(m)) {
                return each;
            }
        }
        throw new InvalidParameterException("mode", "mode must be 'even', 'aligned' or 'size', was '" + mode + "'");
    }

    /** The mode as {@code mode} names it, e.g. {@code aligned}. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }
}
