package io.ringmap.hotkeys;

import io.ringmap.ring.TableName;
import java.util.List;

/**
 * The live exact counters of one table, for a metrics layer: one per current top-K key plus {@code _other}.
 *
 * <p>At every instant {@code total == sum(keys) + other + evicted}, where {@code evicted} holds what keys that
 * left the top K had counted. The counters are live and keep increasing after this record is made; {@code exported},
 * {@code total} and {@code evicted} were read together, so {@code exported + evicted == total} always holds.
 *
 * @param table    the table
 * @param keys     the current top-K counters, hottest first at the last refresh
 * @param other    hits of every key not in the top K at the time of the hit
 * @param exported sum of the top-K counters and {@code _other} when read
 * @param total    hits of the table when read
 * @param evicted  hits counted by keys that have since left the top K
 */
public record TopKCounters(
        TableName table, List<HitCounter> keys, HitCounter other, long exported, long total, long evicted) {

    public TopKCounters {
        keys = List.copyOf(keys);
    }
}
