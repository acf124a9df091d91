package io.ringmap.planning.service;

import io.ringmap.hotkeys.HotKey;
import io.ringmap.planning.ShardPlanner;
import io.ringmap.snapshot.ServedSnapshot;
import java.time.Duration;
import java.util.Map;

/**
 * A shard plan for a key.
 *
 * @param keyspace    the keyspace as the ring names it
 * @param table       the table as asked
 * @param key         the key's other columns; null for a hot key named by its hash while clear keys are hidden
 * @param shardColumn the column whose values are planned
 * @param count       shards needed: {@code ceil(load / target)}, or the count given
 * @param plan        the shard keys and their spread; null when {@code key} is
 * @param load        the load used (given, or the hot key's estimate); null when a count was given
 * @param hotKey      the hot key the plan started from, null without one
 * @param snapshot    the served snapshot the shard keys were placed on
 */
public record ShardPlans(
        String keyspace,
        String table,
        Map<String, String> key,
        String shardColumn,
        int count,
        ShardPlanner.ShardPlan plan,
        Double load,
        HotKeyStart hotKey,
        ServedSnapshot snapshot) {

    /**
     * The hot key a plan started from, with the sketch's figures.
     *
     * @param keyspace the keyspace of the table the key was counted for
     * @param table    the table it was counted for
     * @param label    the label as given
     * @param hotKey   the sketch's figures of it
     * @param window   the sketch window, null when the hot-key settings are unknown
     */
    public record HotKeyStart(String keyspace, String table, String label, HotKey hotKey, Duration window) {}
}
