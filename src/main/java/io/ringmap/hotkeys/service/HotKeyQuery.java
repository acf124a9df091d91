package io.ringmap.hotkeys.service;

import io.ringmap.hotkeys.HotKey;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.KeyLabels;
import io.ringmap.hotkeys.TableHotKeys;
import io.ringmap.problem.ProblemKind;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.ReplicaLookup;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.RoutingService;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.PartitionKeyParser;
import io.ringmap.schema.TableSchema;
import io.ringmap.schema.UnknownKeyspaceException;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Answers "which partitions are hot": the sketch's heaviest keys per table, each routed again (label back to key
 * components, token by the snapshot's partitioner, replicas by the keyspace's placement) against one snapshot.
 * Routing a hot key here is not a hit.
 */
public class HotKeyQuery {

    private final RoutingService routing;
    private final HotKeyRegistry hotKeys;

    public HotKeyQuery(RoutingService routing, HotKeyRegistry hotKeys) {
        this.routing = Objects.requireNonNull(routing, "routing must not be null");
        this.hotKeys = Objects.requireNonNull(hotKeys, "hotKeys must not be null");
    }

    /**
     * One hot key with its route.
     *
     * @param route the key routed again, or {@code null} when its label was shortened (longer than 256 characters)
     *              and cannot be turned back into a key
     */
    public record RoutedHotKey(HotKey hotKey, KeyRoute route) {
    }

    /**
     * The hot keys of one table.
     *
     * @param hits         hits of the table the sketch's window covers
     * @param maximumError the largest amount by which any estimate of this table can be off
     */
    public record TableReport(TableSchema table, long hits, long maximumError, List<RoutedHotKey> keys) {
    }

    /** The hot keys of the tables asked for, routed against one snapshot. */
    public record HotKeysReport(ServedSnapshot snapshot, List<TableReport> tables) {
    }

    /**
     * A hot key found by the label {@code GET /hotkeys} shows for it.
     *
     * @param table  the table the key was counted for
     * @param hotKey the sketch's figures (estimate and bounds over the last one to two windows)
     * @param values the key's value per partition key column, in key order
     */
    public record FoundHotKey(TableSchema table, HotKey hotKey, Map<String, String> values) {
    }

    /**
     * The hot key of a table that {@code GET /hotkeys} shows as {@code label}: its exported form ({@code exportedAs},
     * the keyed hash with {@code export-key: hash}), or, only when clear keys are shown, its clear label. The key's
     * values come from the clear label the registry keeps for every tracked key, so a hashed label resolves too;
     * a caller that does not show clear keys must not show them.
     *
     * @param clearLabels whether a clear label may name the key (false with export-key hash and clear keys hidden:
     *                    otherwise the lookup would tell whether a guessed clear key is hot)
     * @throws HotKeyLookupException unknown label (404), or a label shortened over
     *                               {@code ringmap.hotkeys.max-label-length} whose key is not kept (422)
     */
    public FoundHotKey find(String keyspace, String table, String label, boolean clearLabels) {
        ServedSnapshot served = routing.snapshot();
        TableSchema schema = routing.table(served, keyspace, table);
        List<HotKey> tracked = hotKeys.hotKeys(schema.keyspace(), schema.table(), Integer.MAX_VALUE)
                .map(TableHotKeys::keys).orElse(List.of());
        HotKey found = tracked.stream().filter(k -> k.key().equals(label)).findFirst()
                .or(() -> clearLabels ? tracked.stream().filter(k -> k.label().equals(label)).findFirst()
                        : Optional.empty())
                .orElseThrow(() -> new HotKeyLookupException(ProblemKind.UNKNOWN_HOT_KEY, "hotkey",
                        "'" + label + "' is not a hot key of " + schema.keyspace() + "." + schema.table() + " now ("
                                + tracked.size() + " keys tracked): give the label GET /hotkeys?keyspace="
                                + schema.keyspace() + "&table=" + schema.table() + " shows"));
        List<String> components;
        try {
            components = KeyLabels.parse(found.label());
        } catch (IllegalArgumentException shortened) {
            throw new HotKeyLookupException(ProblemKind.HOT_KEY_NOT_RESOLVABLE, "hotkey",
                    "the hot key '" + label + "' was counted under a shortened label (over "
                            + hotKeys.settings().maxLabelLength() + " characters): its full key is not kept; give"
                            + " the key's columns as column=value instead");
        }
        if (components.size() != schema.partitionKey().size()) {
            throw new HotKeyLookupException(ProblemKind.HOT_KEY_NOT_RESOLVABLE, "hotkey",
                    "the hot key '" + label + "' has " + components.size() + " components, the partition key of "
                            + schema.keyspace() + "." + schema.table() + " has " + schema.partitionKey().size());
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < components.size(); i++) {
            values.put(schema.partitionKey().get(i).name(), components.get(i));
        }
        return new FoundHotKey(schema, found, values);
    }

    /**
     * Hot keys of every tracked table, of one keyspace's tables, or of one table (then also when it has no hit).
     *
     * @param keyspace null for all keyspaces
     * @param table    null for all tables of the keyspace; needs a keyspace
     * @throws UnknownKeyspaceException                     for a keyspace not in the snapshot
     * @throws io.ringmap.schema.UnknownTableException for a table not in the snapshot
     */
    public HotKeysReport hotKeys(String keyspace, String table, int limit) {
        ServedSnapshot served = routing.snapshot();
        return new HotKeysReport(served, hotKeys(served, keyspace, table, limit));
    }

    private List<TableReport> hotKeys(ServedSnapshot served, String keyspace, String table, int limit) {
        if (table != null) {
            TableSchema schema = routing.table(served, keyspace, table);
            Optional<TableHotKeys> hot = hotKeys.hotKeys(schema.keyspace(), schema.table(), limit);
            return List.of(hot.map(h -> report(served, schema, h)).orElseGet(() -> new TableReport(schema, 0, 0,
                    List.of())));
        }
        String canonicalKeyspace = keyspace == null ? null : served.requireKeyspace(keyspace).keyspace();
        List<TableReport> out = new ArrayList<>();
        for (TableHotKeys hot : hotKeys.hotKeys(limit)) {
            if (canonicalKeyspace != null && !canonicalKeyspace.equals(hot.table().keyspace())) {
                continue;
            }
            if (!served.schema().contains(hot.table().keyspace(), hot.table().table())) {
                continue; // dropped from the schema; forgotten at the next refresh
            }
            out.add(report(served, served.schema().table(hot.table().keyspace(), hot.table().table()), hot));
        }
        return out;
    }

    private TableReport report(ServedSnapshot served, TableSchema schema, TableHotKeys hot) {
        RingSnapshot ring = served.ring();
        KeyspacePlacement placement = ring.keyspace(schema.keyspace()).orElse(null);
        List<RoutedHotKey> keys = new ArrayList<>(hot.keys().size());
        for (HotKey key : hot.keys()) {
            keys.add(new RoutedHotKey(key, route(ring, schema, placement, key.label())));
        }
        return new TableReport(schema, hot.streamLength(), hot.maximumError(), keys);
    }

    private static KeyRoute route(RingSnapshot ring, TableSchema schema, KeyspacePlacement placement, String label) {
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
        ParsedKey parsed;
        try {
            parsed = PartitionKeyParser.parse(schema, values);
        } catch (RuntimeException e) {
            return null; // the column's type changed since the key was counted
        }
        Token token = ring.tokenRing().partitioner().tokenFor(parsed.serializedKey());
        ReplicaLookup replicas = placement instanceof KeyspacePlacement.Placed placed
                ? ring.lookup(placed, token) : null;
        return new KeyRoute(schema, parsed, token, replicas);
    }
}
