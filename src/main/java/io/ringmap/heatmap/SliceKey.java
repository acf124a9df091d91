package io.ringmap.heatmap;

import java.util.Comparator;
import java.util.Objects;

/**
 * A key's hits during one time slice, as the hot-key tracker's exact counter of it counted them.
 *
 * @param label the key's clear label ({@link io.ringmap.hotkeys.KeyLabels#join}, perhaps shortened)
 * @param hits  hits counted during the slice while the key was in the table's top K
 */
public record SliceKey(String label, long hits) {

    /** Most hits first, then by label, so equal figures always list in the same order. */
    public static final Comparator<SliceKey> HOTTEST_FIRST =
            Comparator.comparingLong(SliceKey::hits).reversed().thenComparing(SliceKey::label);

    public SliceKey {
        Objects.requireNonNull(label, "label must not be null");
        if (hits < 0) {
            throw new IllegalArgumentException("hits must not be negative, was " + hits);
        }
    }
}
