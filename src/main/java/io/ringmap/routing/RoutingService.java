package io.ringmap.routing;

import io.ringmap.hits.HitRecorder;
import io.ringmap.hits.HitRouting;
import io.ringmap.hits.RecordedHits;
import io.ringmap.problem.BatchItemException;
import io.ringmap.consistency.ReplicaConsistency;
import io.ringmap.config.ApiProperties;
import io.ringmap.pending.PendingReplicas;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaLookup;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.PartitionKeyParser;
import io.ringmap.schema.TablePartitionerException;
import io.ringmap.schema.TableSchema;
import io.ringmap.schema.UnknownKeyspaceException;
import io.ringmap.schema.UnknownTableException;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.splits.Split;
import io.ringmap.splits.RangeWeights;
import io.ringmap.splits.Splitter;
import io.ringmap.splits.WeightedSplit;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Answers the routing questions, each against one consistent snapshot: key to token, key or token to replicas, the
 * ring's ownership, a table's splits; and records client-reported hits. Every key routed for a caller whose lookups
 * count (see {@code route}'s {@code countHits}) is reported to the {@link HitRecorder}. One request is one call here.
 */
public class RoutingService implements HitRouting {

    private final SnapshotHolder snapshots;
    private final ApiProperties api;
    private final HitRecorder hits;
    private final String localDatacenter;

    /**
     * @param localDatacenter the coordinator's data centre when a question with a LOCAL_* consistency level names none
     *                        ({@code spring.cassandra.local-datacenter}), or null (a LOCAL_* level then needs
     *                        {@code dc})
     */
    public RoutingService(SnapshotHolder snapshots, ApiProperties api, HitRecorder hits, String localDatacenter) {
        this.snapshots = snapshots;
        this.api = api;
        this.hits = hits;
        this.localDatacenter = localDatacenter;
    }


    /** The snapshot to answer from (for services building on this one). */
    public ServedSnapshot snapshot() {
        return snapshots.current();
    }

    /** The table's schema; a table with a partitioner of its own is refused ({@link TablePartitionerException}). */
    public TableSchema table(ServedSnapshot served, String keyspace, String table) {
        // an unknown keyspace is a 404; an unplaceable one still has tokens
        served.requireKeyspace(keyspace);
        TableSchema schema;
        try {
            schema = served.schema().table(keyspace, table);
        } catch (UnknownKeyspaceException e) {
            throw new UnknownTableException(keyspace, table, List.of()); // placed, but no table in the schema
        }
        if (schema.ownPartitioner() != null) {
            throw new TablePartitionerException(schema.keyspace(), schema.table(), schema.ownPartitioner(),
                    served.partitioner().name());
        }
        return schema;
    }

    /** The keyspace's placement, or a 404/422-worthy exception. */
    public KeyspacePlacement.Placed placement(ServedSnapshot served, String keyspace) {
        KeyspacePlacement p = served.requireKeyspace(keyspace);
        if (p instanceof KeyspacePlacement.Failed failed) {
            throw new UnplaceableKeyspaceException(failed.keyspace(), failed.reason());
        }
        return (KeyspacePlacement.Placed) p;
    }

    /**
     * Parses and hashes keys; with {@code withReplicas}, also looks their replicas up. All keys parse or none.
     *
     * @param countHits whether the keys count as hot-key hits (the caller may write to the hot-key tables; decided
     *                  by the web edge from the caller's scopes)
     */
    public Routes route(String keyspace, String table, List<Map<String, String>> keys, boolean withReplicas,
            boolean countHits) {
        return route(keyspace, table, keys, withReplicas, countHits, routes -> routes);
    }

    /**
     * As {@link #route(String, String, List, boolean, boolean)}, and makes the caller's answer from the routes before
     * counting them: when {@code answer} refuses the request (an unknown data centre, a consistency level that does
     * not apply), nothing is counted, as when a key does not parse.
     */
    public <T> T route(String keyspace, String table, List<Map<String, String>> keys, boolean withReplicas,
            boolean countHits, Function<Routes, T> answer) {
        ServedSnapshot served = snapshot();
        checkBatch(keys.size());
        KeyRouter router = router(served, keyspace, table, withReplicas);
        List<KeyRoute> out = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            try {
                out.add(router.route(keys.get(i)));
            } catch (RuntimeException e) {
                // every key parses or the request fails naming the first bad item (a single key's error as is)
                throw keys.size() == 1 ? e : new BatchItemException(i, e);
            }
        }
        T answered = answer.apply(new Routes(served, router.placement(), out));
        // counted only once every key of the request was valid and answered: a rejected batch counts nothing
        if (countHits) {
            router.count(out);
        }
        return answered;
    }

    /**
     * The router of a table's keys against the current snapshot, for a request that routes its keys one by one (a
     * stream): the same path as {@link #route}, the table (and, with {@code withReplicas}, the placement) checked
     * once.
     */
    public KeyRouter router(String keyspace, String table, boolean withReplicas) {
        return router(snapshot(), keyspace, table, withReplicas);
    }

    private KeyRouter router(ServedSnapshot served, String keyspace, String table, boolean withReplicas) {
        TableSchema schema = table(served, keyspace, table);
        return new KeyRouter(served, schema, withReplicas ? placement(served, keyspace) : null, hits);
    }

    /**
     * One key's replicas, only those in {@code dc} when given, with the verdicts of a consistency level when one is
     * asked. The data centre and the level are checked after the key (so a bad key is named first), and a refused
     * request counts no hit.
     *
     * @param dc          a data centre, or null
     * @param consistency a consistency level as text, or null
     * @throws InvalidParameterException              for a {@code dc} with no nodes
     * @throws io.ringmap.consistency.AvailabilityRequestException for an unknown level, or a LOCAL_* level without a
     *                                                data centre
     */
    public ReplicaRoute replicasOfKey(String keyspace, String table, Map<String, String> key, String dc,
            String consistency, boolean countHits) {
        return route(keyspace, table, List.of(key), true, countHits, routes -> {
            KeyRoute r = routes.keys().get(0);
            return replicaRoute(routes.snapshot(), routes.placement(), r, r.token(), r.replicas(), dc, consistency);
        });
    }

    /**
     * A batch of keys with their replicas; {@code dc} (when given) is checked once the keys parse, for a batch that is
     * not empty, and before they are counted.
     *
     * @throws InvalidParameterException for a {@code dc} with no nodes
     */
    public Routes replicasOfKeys(String keyspace, String table, List<Map<String, String>> keys, String dc,
            boolean countHits) {
        return route(keyspace, table, keys, true, countHits, routed -> {
            if (!routed.keys().isEmpty()) {
                requireDatacenter(routed.snapshot().tokenRing(), dc);
            }
            return routed;
        });
    }

    /**
     * Replicas of tokens given directly; {@code dc} (when given) is checked once the tokens parse, for a batch that
     * is not empty.
     *
     * @throws InvalidParameterException for a {@code dc} with no nodes
     */
    public TokenRoutes replicasOfTokens(String keyspace, List<String> tokens, String dc) {
        TokenRoutes routes = replicasOfTokens(keyspace, tokens);
        if (!routes.tokens().isEmpty()) {
            requireDatacenter(routes.snapshot().tokenRing(), dc);
        }
        return routes;
    }

    /** As {@link #replicasOfKey}, for a token given directly (nothing is counted as a hit). */
    public ReplicaRoute replicasOfToken(String keyspace, String token, String dc, String consistency) {
        TokenRoutes routes = replicasOfTokens(keyspace, List.of(token));
        TokenRoutes.TokenRoute t = routes.tokens().get(0);
        return replicaRoute(routes.snapshot(), routes.placement(), null, t.token(), t.replicas(), dc, consistency);
    }

    private ReplicaRoute replicaRoute(ServedSnapshot served, KeyspacePlacement.Placed placement, KeyRoute key,
            Token token, ReplicaLookup lookup, String dc, String consistency) {
        requireDatacenter(served.tokenRing(), dc);
        PendingReplicas inMotion = served.motion().pending(placement.keyspace());
        List<Node> pending = inMotion.isEmpty() ? List.of() : inMotion.replicasFor(token);
        ReplicaConsistency verdicts = consistency == null ? null : ReplicaConsistency.of(served.tokenRing(),
                placement.replication(), lookup.replicas(), pending, served.motion(), consistency, dc,
                localDatacenter);
        return new ReplicaRoute(served, placement, key, token, lookup, pending, verdicts);
    }

    /**
     * Checks that {@code dc} (when given) names a data centre with nodes in the ring.
     *
     * @throws InvalidParameterException when it does not
     */
    public static void requireDatacenter(TokenRing ring, String dc) {
        if (dc != null && !ring.hasDatacenter(dc)) {
            throw new InvalidParameterException("dc", "data centre '" + dc + "' has no nodes in the ring; known: "
                    + ring.nodes().stream().map(Node::datacenter).distinct().sorted().toList());
        }
    }

    /** Replicas of tokens given directly (no key, so nothing is counted as a hit). */
    public TokenRoutes replicasOfTokens(String keyspace, List<String> tokens) {
        ServedSnapshot served = snapshot();
        checkBatch(tokens.size());
        KeyspacePlacement.Placed placement = placement(served, keyspace);
        List<TokenRoutes.TokenRoute> out = new ArrayList<>(tokens.size());
        for (int i = 0; i < tokens.size(); i++) {
            Token token;
            try {
                token = served.partitioner().parseToken(tokens.get(i));
            } catch (RuntimeException e) {
                throw tokens.size() == 1 ? e : new BatchItemException(i, e);
            }
            out.add(new TokenRoutes.TokenRoute(token, served.ring().lookup(placement, token)));
        }
        return new TokenRoutes(served, placement, out);
    }

    /**
     * Records client-reported accesses; validated like lookups, all or nothing: the batch size, then the table,
     * then every item as {@code reader} reads it (the reader checks each count: at least 1), then every key.
     */
    @Override
    public <T> RecordedHits recordHits(String keyspace, String table, List<T> items, HitReader<T> reader) {
        checkBatch(items.size());
        ServedSnapshot served = snapshot();
        TableSchema schema = table(served, keyspace, table);
        List<Hit> read = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            read.add(reader.read(i, items.get(i)));
        }
        // a keyspace whose replication cannot be placed still has hot keys, only no replica hits (as for /token)
        KeyspacePlacement.Placed placement = served.keyspace(keyspace)
                .filter(KeyspacePlacement.Placed.class::isInstance).map(KeyspacePlacement.Placed.class::cast)
                .orElse(null);
        RingSnapshot ring = served.ring();
        List<ParsedKey> parsed = parse(schema, read.size(), i -> read.get(i).key());
        long[] counts = new long[parsed.size()];
        Token[] tokens = new Token[parsed.size()];
        ReplicaSet[] sets = placement == null ? null : new ReplicaSet[parsed.size()];
        for (int i = 0; i < parsed.size(); i++) {
            counts[i] = read.get(i).count();
            tokens[i] = served.partitioner().tokenFor(parsed.get(i).serializedKey());
            if (sets != null) {
                sets[i] = ring.lookup(placement, tokens[i]).replicas();
            }
        }
        hits.recordAll(schema, parsed, tokens, counts, served.tokenRing(), sets);
        return new RecordedHits(schema, parsed.size());
    }

    /** The ring's ownership; with a keyspace, also each node's effective ownership of its data. */
    public RingOwnership ownership(String keyspace) {
        ServedSnapshot served = snapshot();
        double[] effective = keyspace == null ? null
                : served.ring().effectiveOwnership(placement(served, keyspace));
        return new RingOwnership(served, served.ring().primaryOwnership(), effective);
    }

    /**
     * The ring cut into about {@code n} splits for a scan of the table: even ones, or ones aligned to node-owned
     * ranges.
     */
    public TableSplits splits(String keyspace, String table, int n, boolean aligned) {
        ServedSnapshot served = snapshot();
        TableSchema schema = table(served, keyspace, table);
        KeyspacePlacement.Placed placement = placement(served, keyspace);
        List<Split> splits = aligned ? Splitter.aligned(served.tokenRing(), n, placement::replicasAt)
                : Splitter.even(served.tokenRing(), n, placement::replicasAt);
        return new TableSplits(served, schema, placement, splits);
    }

    /**
     * The ring cut into splits of about equal estimated bytes, aligned to ownership, from the table's per-range
     * estimates ({@link Splitter#weighted}).
     *
     * @throws io.ringmap.splits.WeightsUnavailableException when there are no estimates for the table
     */
    public SizedTableSplits splitsBySize(String keyspace, String table, int n, RangeWeights weights) {
        ServedSnapshot served = snapshot();
        TableSchema schema = table(served, keyspace, table);
        KeyspacePlacement.Placed placement = placement(served, keyspace);
        List<WeightedSplit> splits = Splitter.weighted(served.tokenRing(),
                weights.of(schema.keyspace(), schema.table()), n, placement::replicasAt);
        return new SizedTableSplits(served, schema, placement, splits);
    }

    /** The most splits one scan may be cut into ({@code ringmap.api.max-splits}). */
    public int maxSplits() {
        return api.maxSplits();
    }

    /** Rejects a batch larger than {@code ringmap.api.max-batch-size} with a {@link BatchTooLargeException}. */
    private void checkBatch(int size) {
        if (size > api.maxBatchSize()) {
            throw new BatchTooLargeException(size, api.maxBatchSize());
        }
    }

    /** Reads key {@code i} of a request; may reject it by throwing. */
    private interface KeyAt {
        Map<String, String> key(int index);
    }

    /** Parses every reported key, or fails naming the first bad item's index. */
    private static List<ParsedKey> parse(TableSchema schema, int size, KeyAt keys) {
        List<ParsedKey> parsed = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            try {
                parsed.add(PartitionKeyParser.parse(schema, keys.key(i)));
            } catch (RuntimeException e) {
                throw new BatchItemException(i, e);
            }
        }
        return parsed;
    }
}
