package io.ringmap.planning.service;

import io.ringmap.hotkeys.HotKeysDisabledException;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.hotkeys.service.HotKeyLookupException;
import io.ringmap.hotkeys.service.HotKeyQuery;
import io.ringmap.planning.PlanException;
import io.ringmap.planning.ShardPlanner;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.problem.ProblemKind;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.KeyRouter;
import io.ringmap.routing.RoutingService;
import io.ringmap.schema.TableSchema;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/** Answers {@code /plan/shards}: how many shards a hot key needs and where its shard keys land. */
public class ShardPlanService {

    private final RoutingService routing;
    private final Supplier<HotKeyQuery> hotKeys;
    private final Supplier<HotKeysProperties> hotKeySettings;
    private final PlanLimits limits;

    /**
     * @param hotKeys        the hot-key query, or a supplier of null when hot keys are off
     * @param hotKeySettings the hot-key settings, or a supplier of null when they are unknown (clear keys then stay
     *                       hidden)
     */
    public ShardPlanService(
            RoutingService routing,
            Supplier<HotKeyQuery> hotKeys,
            Supplier<HotKeysProperties> hotKeySettings,
            PlanLimits limits) {
        this.routing = routing;
        this.hotKeys = hotKeys;
        this.hotKeySettings = hotKeySettings;
        this.limits = limits;
    }

    /**
     * The shard count for the key and, unless it is a hot key named by its hash while clear keys are hidden, each
     * shard key's token and replicas, sequential and spread over the most nodes.
     *
     * @param given       the key's columns except the shard column
     * @param count       a shard count instead of load and target, or null
     * @param candidates  shard values searched for the widest spread, null for 4 x count
     * @param hotkey      a hot key's label as {@code /hotkeys} shows it, or null
     * @param hotkeyTable the table the hot key was counted for, null for {@code table}
     */
    public ShardPlans plan(
            String keyspace,
            String table,
            Map<String, String> given,
            String shardColumn,
            Double load,
            Double target,
            Integer count,
            Integer candidates,
            String hotkey,
            String hotkeyTable) {
        ServedSnapshot served = routing.snapshot();
        TableSchema schema = routing.table(served, keyspace, table);
        KeyspacePlacement.Placed placement = routing.placement(served, keyspace);
        if (!schema.columnNames().contains(shardColumn)) {
            throw new InvalidParameterException(
                    "shardColumn",
                    "'" + shardColumn + "' is not a partition key column " + "of " + keyspace + "." + table
                            + "; columns: " + schema.columnNames());
        }
        Map<String, String> key = new LinkedHashMap<>();
        ShardPlans.HotKeyStart hot = null;
        boolean showKey = true;
        if (hotkey != null) {
            HotKeyQuery query = hotKeys.get();
            if (query == null) {
                throw new HotKeysDisabledException();
            }
            HotKeysProperties settings = hotKeySettings.get();
            // without the settings, nothing says clear keys may be shown: keep them hidden
            showKey = settings != null && settings.clearKeysShown();
            HotKeyQuery.FoundHotKey found =
                    query.find(keyspace, hotkeyTable == null ? table : hotkeyTable, hotkey, showKey, false);
            found.values().forEach((column, value) -> {
                if (column.equals(shardColumn)) {
                    return; // a hot shard of an already sharded key: its shards are planned anew
                }
                if (!schema.columnNames().contains(column)) {
                    throw new HotKeyLookupException(
                            ProblemKind.HOT_KEY_NOT_RESOLVABLE,
                            "hotkey",
                            "column '" + column + "' of the hot key ("
                                    + found.table().keyspace() + "."
                                    + found.table().table() + ") is not a partition key column of " + keyspace + "."
                                    + table + "; columns: " + schema.columnNames());
                }
                key.put(column, value);
            });
            hot = new ShardPlans.HotKeyStart(
                    found.table().keyspace(),
                    found.table().table(),
                    hotkey,
                    found.hotKey(),
                    settings == null ? null : settings.window());
            if (load == null) {
                load = (double) found.hotKey().estimate();
            }
        }
        int n;
        if (count != null) {
            n = count;
        } else if (load != null && target != null) {
            n = ShardPlanner.countFor(load, target);
        } else {
            throw new InvalidParameterException(
                    hotkey != null ? "target" : "count",
                    hotkey != null
                            ? "give target (in hits per sketch window, as the hot key's estimate " + load.longValue()
                                    + "), or count"
                            : "give count, or load and target");
        }
        if (n < 1) {
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR, "count", "a shard plan needs at least 1 " + "shard, was " + n);
        }
        if (n > limits.maxShards()) {
            throw PlanException.tooLarge(
                    count != null ? "count" : "target",
                    n,
                    "shards",
                    limits.maxShards(),
                    "a shard plan has",
                    "ringmap.plan.max-shards");
        }
        int searched = candidates == null ? (int) Math.min(limits.maxShardCandidates(), 4L * n) : candidates;
        if (searched > limits.maxShardCandidates()) {
            throw PlanException.tooLarge(
                    "candidates",
                    searched,
                    "shard values to search",
                    limits.maxShardCandidates(),
                    "a shard plan hashes",
                    "ringmap.plan.max-shard-candidates");
        }
        if (searched < n) {
            throw new InvalidParameterException(
                    "candidates", "candidates must be at least count (" + n + "), was " + searched);
        }
        key.putAll(given);
        if (key.containsKey(shardColumn)) {
            throw new InvalidParameterException(shardColumn, "leave the shard column out: its values are planned");
        }
        Double used = count != null ? null : load;
        if (!showKey) {
            // a hashed hot key: its shard keys' placement would let a caller compare it with a guessed key's plan
            return new ShardPlans(placement.keyspace(), table, null, shardColumn, n, null, used, hot, served);
        }
        TokenRing ring = served.tokenRing();
        ShardPlanner.ShardPlan plan = ShardPlanner.plan(
                n,
                searched,
                v -> {
                    Map<String, String> values = new LinkedHashMap<>(key);
                    values.put(shardColumn, Long.toString(v));
                    return KeyRouter.token(ring.partitioner(), schema, values);
                },
                served.ring(),
                placement);
        return new ShardPlans(placement.keyspace(), table, key, shardColumn, n, plan, used, hot, served);
    }
}
