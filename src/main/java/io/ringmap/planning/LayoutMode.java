package io.ringmap.planning;

import io.ringmap.problem.InvalidParameterException;
import java.util.Locale;

/** How proposed nodes make the evaluated ring ({@code mode} of {@code POST /tokens/evaluate}). */
public enum LayoutMode {
    /** The proposed nodes join the served ring. */
    ADD,
    /** The proposed nodes are the whole ring. */
    REPLACE;

    /**
     * The mode named ({@link #ADD} when none is).
     *
     * @throws InvalidParameterException for any name but {@code add} and {@code replace}
     */
    public static LayoutMode of(String mode) {
        if (mode == null) {
            return ADD;
        }
        for (LayoutMode each : values()) {
            if (each.text().equals(mode)) {
                return each;
            }
        }
        throw new InvalidParameterException("mode", "mode '" + mode + "' is not add or replace");
    }

    /** The mode as {@code mode} names it, e.g. {@code add}. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }
}
