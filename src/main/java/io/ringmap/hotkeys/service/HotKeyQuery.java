package io.ringmap.hotkeys.service;

import io.ringmap.hotkeys.HotKey;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySource;
import io.ringmap.hotkeys.KeyLabels;
import io.ringmap.hotkeys.TableHotKeys;
import io.ringmap.peers.Contributors;
import io.ringmap.problem.ProblemKind;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.TableName;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.KeyRouter;
import io.ringmap.routing.RoutingService;
import io.ringmap.schema.TableSchema;
import io.ringmap.schema.UnknownKeyspaceException;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Answers "which partitions are hot": the sketch's heaviest keys per table, each routed again (label back to key
 * components, token by the snapshot's partitioner, replicas by the keyspace's placement) against one snapshot.
 * Routing a hot key here is not a hit.
 */
public class HotKeyQuery {

    private final RoutingService routing;
    private final HotKeyRegistry hotKeys;
    private final HotKeySource deployment;

    /** Answers for this instance alone. */
    public HotKeyQuery(RoutingService routing, HotKeyRegistry hotKeys) {
        this(routing, hotKeys, null);
    }

    /**
     * @param deployment the hot keys of every instance merged, or null when this instance has no peers; its items are
     *                   clear labels exactly when clear keys are shown
     */
    public HotKeyQuery(RoutingService routing, HotKeyRegistry hotKeys, HotKeySource deployment) {
        this.routing = Objects.requireNonNull(routing, "routing must not be null");
        this.hotKeys = Objects.requireNonNull(hotKeys, "hotKeys must not be null");
        this.deployment = deployment;
    }

    /**
     * One hot key with its route.
     *
     * @param route the key routed again, or {@code null} when its label was shortened (longer than 256 characters)
     *              and cannot be turned back into a key
     */
    public record RoutedHotKey(HotKey hotKey, KeyRoute route) {}

    /**
     * The hot keys of one table.
     *
     * @param hits         hits of the table the sketch's window covers
     * @param maximumError the largest amount by which any estimate of this table can be off
     */
    public record TableReport(TableSchema table, long hits, long maximumError, List<RoutedHotKey> keys) {}

    /** The hot keys of the tables asked for, routed against one snapshot, and whose counts they are. */
    public record HotKeysReport(ServedSnapshot snapshot, List<TableReport> tables, Contributors contributors) {}

    /**
     * A hot key found by the label {@code GET /hotkeys} shows for it.
     *
     * @param table        the table the key was counted for
     * @param hotKey       the sketch's figures (estimate and bounds over the last one to two windows)
     * @param values       the key's value per partition key column, in key order
     * @param contributors whose counts the figures are
     */
    public record FoundHotKey(
            TableSchema table, HotKey hotKey, Map<String, String> values, Contributors contributors) {}

    /**
     * The hot key of a table that {@code GET /hotkeys} shows as {@code label}: its exported form ({@code exportedAs},
     * the keyed hash with {@code export-key: hash}), or, only when clear keys are shown, its clear label. The key's
     * values come from the clear label the registry keeps for every tracked key, so a hashed label resolves too;
     * a caller that does not show clear keys must not show them.
     *
     * <p>The figures are the deployment's (merged with the peers') unless {@code local}. Peers send exported forms only
     * when clear keys are hidden, so a key counted only by other instances then cannot be resolved here.
     *
     * @param clearLabels whether a clear label may name the key (false with export-key hash and clear keys hidden:
     *                    otherwise the lookup would tell whether a guessed clear key is hot)
     * @param local       this instance's counts only
     * @throws HotKeyLookupException unknown label (404), or a label shortened over
     *                               {@code ringmap.hotkeys.max-label-length} whose key is not kept (422)
     */
    public FoundHotKey find(String keyspace, String table, String label, boolean clearLabels, boolean local) {
        ServedSnapshot served = routing.snapshot();
        TableSchema schema = routing.table(served, keyspace, table);
        TableName id = new TableName(schema.keyspace(), schema.table());
        HotKeySource.Gathered gathered = gather(id, Integer.MAX_VALUE, local);
        List<HotKey> tracked = gathered.tables().stream()
                .filter(h -> h.table().equals(id))
                .findFirst()
                .map(TableHotKeys::keys)
                .orElse(List.of());
        HotKey merged = tracked.stream()
                .filter(k -> k.key().equals(label))
                .findFirst()
                .or(() -> clearLabels
                        ? tracked.stream().filter(k -> k.label().equals(label)).findFirst()
                        : Optional.empty())
                .orElseThrow(() -> new HotKeyLookupException(
                        ProblemKind.UNKNOWN_HOT_KEY,
                        "hotkey",
                        "'" + label + "' is not a hot key of " + schema.keyspace() + "." + schema.table() + " now ("
                                + tracked.size() + " keys tracked): give the label GET /hotkeys?keyspace="
                                + schema.keyspace() + "&table=" + schema.table() + " shows"));
        String clearLabel = merged.label();
        if (!clearLabels && gathered.contributors() != Contributors.LOCAL) {
            // the merged items are exported forms: only this instance's own registry knows the key behind one
            clearLabel = hotKeys.hotKeys(id.keyspace(), id.table(), Integer.MAX_VALUE).stream()
                    .flatMap(h -> h.keys().stream())
                    .filter(k -> k.key().equals(merged.key()))
                    .map(HotKey::label)
                    .findFirst()
                    .orElseThrow(() -> new HotKeyLookupException(
                            ProblemKind.HOT_KEY_NOT_RESOLVABLE,
                            "hotkey",
                            "the hot key '" + label
                                    + "' was counted by other instances only, and they send no clear key (export-key"
                                    + " hash): ask the instances that count it, or give the key's columns as"
                                    + " column=value"));
        }
        HotKey found = new HotKey(
                merged.key(), merged.estimate(), merged.lowerBound(), merged.upperBound(), merged.share(), clearLabel);
        List<String> components;
        try {
            components = KeyLabels.parse(found.label());
        } catch (IllegalArgumentException shortened) {
            throw new HotKeyLookupException(
                    ProblemKind.HOT_KEY_NOT_RESOLVABLE,
                    "hotkey",
                    "the hot key '" + label + "' was counted under a shortened label (over "
                            + hotKeys.settings().maxLabelLength() + " characters): its full key is not kept; give"
                            + " the key's columns as column=value instead");
        }
        if (components.size() != schema.partitionKey().size()) {
            throw new HotKeyLookupException(
                    ProblemKind.HOT_KEY_NOT_RESOLVABLE,
                    "hotkey",
                    "the hot key '" + label + "' has " + components.size() + " components, the partition key of "
                            + schema.keyspace() + "." + schema.table() + " has "
                            + schema.partitionKey().size());
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < components.size(); i++) {
            values.put(schema.partitionKey().get(i).name(), components.get(i));
        }
        return new FoundHotKey(schema, found, values, gathered.contributors());
    }

    /**
     * Hot keys of every tracked table, of one keyspace's tables, or of one table (then also when it has no hit):
     * the deployment's (this instance's counts merged with its peers') unless {@code local}.
     *
     * @param keyspace null for all keyspaces
     * @param table    null for all tables of the keyspace; needs a keyspace
     * @param local    this instance's counts only
     * @throws UnknownKeyspaceException                     for a keyspace not in the snapshot
     * @throws io.ringmap.schema.UnknownTableException for a table not in the snapshot
     */
    public HotKeysReport hotKeys(String keyspace, String table, int limit, boolean local) {
        ServedSnapshot served = routing.snapshot();
        if (table != null) {
            TableSchema schema = routing.table(served, keyspace, table);
            TableName id = new TableName(schema.keyspace(), schema.table());
            HotKeySource.Gathered gathered = gather(id, limit, local);
            Optional<TableHotKeys> hot =
                    gathered.tables().stream().filter(h -> h.table().equals(id)).findFirst();
            return new HotKeysReport(
                    served,
                    List.of(hot.map(h -> report(served, schema, h))
                            .orElseGet(() -> new TableReport(schema, 0, 0, List.of()))),
                    gathered.contributors());
        }
        String canonicalKeyspace =
                keyspace == null ? null : served.requireKeyspace(keyspace).keyspace();
        HotKeySource.Gathered gathered = gather(null, limit, local);
        List<TableReport> out = new ArrayList<>();
        for (TableHotKeys hot : gathered.tables()) {
            if (canonicalKeyspace != null
                    && !canonicalKeyspace.equals(hot.table().keyspace())) {
                continue;
            }
            if (!served.schema().contains(hot.table().keyspace(), hot.table().table())) {
                continue; // dropped from the schema; forgotten at the next refresh
            }
            out.add(report(
                    served,
                    served.schema().table(hot.table().keyspace(), hot.table().table()),
                    hot));
        }
        return new HotKeysReport(served, out, gathered.contributors());
    }

    private HotKeySource.Gathered gather(TableName only, int limit, boolean local) {
        if (local || deployment == null) {
            List<TableHotKeys> tables = only == null
                    ? hotKeys.hotKeys(limit)
                    : hotKeys.hotKeys(only.keyspace(), only.table(), limit).stream()
                            .toList();
            return new HotKeySource.Gathered(tables, Contributors.LOCAL);
        }
        return deployment.hotKeys(only, limit);
    }

    /** The hot keys of one table routed again against {@code served}. */
    private TableReport report(ServedSnapshot served, TableSchema schema, TableHotKeys hot) {
        Function<String, KeyRoute> router = router(served, schema);
        List<RoutedHotKey> keys = new ArrayList<>(hot.keys().size());
        for (HotKey key : hot.keys()) {
            keys.add(new RoutedHotKey(key, router.apply(key.label())));
        }
        return new TableReport(schema, hot.streamLength(), hot.maximumError(), keys);
    }

    /**
     * Routes counted keys of one table against {@code served} by their clear labels, as the hot keys are routed here
     * (not a hit): a label to its route, or to null when it no longer names a key of the table or was shortened.
     */
    public Function<String, KeyRoute> router(ServedSnapshot served, TableSchema schema) {
        KeyRouter router = KeyRouter.uncounted(
                served,
                schema,
                served.ring().keyspace(schema.keyspace()).orElse(null) instanceof KeyspacePlacement.Placed placed
                        ? placed
                        : null);
        return label -> route(router, schema, label);
    }

    /** The route of a counted key, or null when its label no longer names a key of the table. */
    private static KeyRoute route(KeyRouter router, TableSchema schema, String label) {
        List<String> components;
        try {
            components = KeyLabels.parse(label);
        } catch (IllegalArgumentException shortened) {
            return null; // a label cut by KeyLabels.bounded: its full key is not kept
        }
        if (components.size() != schema.partitionKey().size()) {
            return null;
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < components.size(); i++) {
            values.put(schema.partitionKey().get(i).name(), components.get(i));
        }
        try {
            return router.route(values);
        } catch (RuntimeException e) {
            return null; // the column's type changed since the key was counted
        }
    }
}
