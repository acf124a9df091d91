package io.ringmap.heatmap;

import io.ringmap.hotkeys.HitCounter;
import io.ringmap.ring.TableName;
import java.util.Map;

/**
 * Where the heatmap reads a table's tracked keys at its slice boundaries: the hot-key tracker's exact counters of the
 * table's top K by clear label ({@link io.ringmap.hotkeys.HotKeyRegistry#tracked}), read without a lock.
 */
@FunctionalInterface
public interface TrackedKeys {

    /** No keys are tracked (hot keys off, or a series of the servers' samples). */
    TrackedKeys NONE = table -> Map.of();

    /** The table's tracked keys now, by label; a map that never changes, empty when none. */
    Map<String, HitCounter> of(TableName table);
}
