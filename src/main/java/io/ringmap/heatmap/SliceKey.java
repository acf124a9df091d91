package io.ringmap.heatmap;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
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

    /** The {@code max} hottest of the keys counted by label, hottest first. */
    public static List<SliceKey> hottest(Map<String, Long> hitsByLabel, int max) {
        return hitsByLabel.entrySet().stream()
                .map(e -> new SliceKey(e.getKey(), e.getValue()))
                .sorted(HOTTEST_FIRST)
                .limit(max)
                .toList();
    }

    public SliceKey {
        Objects.requireNonNull(label, "label must not be null");
        if (hits < 0) {
            throw new IllegalArgumentException("hits must not be negative, was " + hits);
        }
    }
}
