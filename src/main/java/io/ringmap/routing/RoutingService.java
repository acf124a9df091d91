package io.ringmap.routing;

import io.ringmap.config.ApiProperties;
import io.ringmap.consistency.ReplicaConsistency;
import io.ringmap.hits.HitRecorder;
import io.ringmap.hits.HitRouting;
import io.ringmap.hits.RecordedHits;
import io.ringmap.problem.BatchItemException;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaLookup;
import io.ringmap.ring.TokenRing;
import io.ringmap.schema.TablePartitionerException;
import io.ringmap.schema.TableSchema;
import io.ringmap.schema.UnknownKeyspaceException;
import io.ringmap.schema.UnknownTableException;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Answers the routing questions of a request, each against one consistent snapshot: key to token, key or token to
 * replicas, and client-reported hits, every key through one {@link KeyRouter}. Every key routed for a caller whose
 * lookups count (see {@code route}'s {@code countHits}) is reported to the {@link HitRecorder}. One request is one
 * call here; the ring's ownership is {@link OwnershipService}'s, a table's splits {@link SplitService}'s.
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
            throw new TablePartitionerException(
                    schema.keyspace(),
                    schema.table(),
                    schema.ownPartitioner(),
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
    public Routes route(
            String keyspace, String table, List<Map<String, String>> keys, boolean withReplicas, boolean countHits) {
        return route(keyspace, table, keys, withReplicas, countHits, routes -> routes);
    }

    /**
     * As {@link #route(String, String, List, boolean, boolean)}, and makes the caller's answer from the routes before
     * counting them: when {@code answer} refuses the request (an unknown data centre, a consistency level that does
     * not apply), nothing is counted, as when a key does not parse.
     */
    public <T> T route(
            String keyspace,
            String table,
            List<Map<String, String>> keys,
            boolean withReplicas,
            boolean countHits,
            Function<Routes, T> answer) {
        ServedSnapshot served = snapshot();
        checkBatch(keys.size());
        KeyRouter router = router(served, keyspace, table, withReplicas);
        List<KeyRoute> out = routeAll(keys, router::route);
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
    public ReplicaRoute replicasOfKey(
            String keyspace, String table, Map<String, String> key, String dc, String consistency, boolean countHits) {
        KeyRouter router = router(keyspace, table, true);
        KeyRoute r = routeAll(List.of(key), router::route).get(0);
        ReplicaRoute answer = replicaRoute(router, r, r.token(), r.replicas(), dc, consistency);
        // counted only once the key was answered: a refused request counts nothing
        if (countHits) {
            router.count(List.of(r));
        }
        return answer;
    }

    /**
     * A batch of keys with their replicas; {@code dc} (when given) is checked once the keys parse, for a batch that is
     * not empty, and before they are counted.
     *
     * @throws InvalidParameterException for a {@code dc} with no nodes
     */
    public Routes replicasOfKeys(
            String keyspace, String table, List<Map<String, String>> keys, String dc, boolean countHits) {
        return route(keyspace, table, keys, true, countHits, routed -> {
            if (!routed.keys().isEmpty()) {
                requireDatacenter(routed.snapshot().tokenRing(), dc);
            }
            return routed;
        });
    }

    /**
     * Replicas of tokens given directly (no key, so nothing is counted as a hit); {@code dc} (when given) is checked
     * once the tokens parse, for a batch that is not empty.
     *
     * @throws InvalidParameterException for a {@code dc} with no nodes
     */
    public TokenRoutes replicasOfTokens(String keyspace, List<String> tokens, String dc) {
        KeyRouter router = tokenRouter(keyspace, tokens.size());
        List<TokenRoutes.TokenRoute> out = routeAll(tokens, router::routeToken);
        if (!out.isEmpty()) {
            requireDatacenter(router.snapshot().tokenRing(), dc);
        }
        return new TokenRoutes(router.snapshot(), router.placement(), out);
    }

    /** As {@link #replicasOfKey}, for a token given directly (nothing is counted as a hit). */
    public ReplicaRoute replicasOfToken(String keyspace, String token, String dc, String consistency) {
        KeyRouter router = tokenRouter(keyspace, 1);
        TokenRoutes.TokenRoute t = routeAll(List.of(token), router::routeToken).get(0);
        return replicaRoute(router, null, t.token(), t.replicas(), dc, consistency);
    }

    private KeyRouter tokenRouter(String keyspace, int tokens) {
        ServedSnapshot served = snapshot();
        checkBatch(tokens);
        return new KeyRouter(served, null, placement(served, keyspace), hits);
    }

    private ReplicaRoute replicaRoute(
            KeyRouter router, KeyRoute key, Token token, ReplicaLookup lookup, String dc, String consistency) {
        ServedSnapshot served = router.snapshot();
        KeyspacePlacement.Placed placement = router.placement();
        requireDatacenter(served.tokenRing(), dc);
        List<Node> pending = router.pending(token);
        ReplicaConsistency verdicts = consistency == null
                ? null
                : ReplicaConsistency.of(
                        served.tokenRing(),
                        placement.replication(),
                        lookup.replicas(),
                        pending,
                        served.motion(),
                        consistency,
                        dc,
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
            throw new InvalidParameterException(
                    "dc",
                    "data centre '" + dc + "' has no nodes in the ring; known: "
                            + ring.nodes().stream()
                                    .map(Node::datacenter)
                                    .distinct()
                                    .sorted()
                                    .toList());
        }
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
                .filter(KeyspacePlacement.Placed.class::isInstance)
                .map(KeyspacePlacement.Placed.class::cast)
                .orElse(null);
        KeyRouter router = new KeyRouter(served, schema, placement, hits);
        List<KeyRoute> routes = new ArrayList<>(read.size());
        long[] counts = new long[read.size()];
        for (int i = 0; i < read.size(); i++) {
            routes.add(routeItem(i, read.get(i).key(), router::route, true));
            counts[i] = read.get(i).count();
        }
        router.count(routes, counts);
        return new RecordedHits(schema, routes.size());
    }

    /** Rejects a batch larger than {@code ringmap.api.max-batch-size} with a {@link BatchTooLargeException}. */
    private void checkBatch(int size) {
        if (size > api.maxBatchSize()) {
            throw new BatchTooLargeException(size, api.maxBatchSize());
        }
    }

    /**
     * Routes every item of a request in order, or fails naming the first bad one: a single item's error as it is, a
     * batch item's as a {@link BatchItemException} with its index.
     */
    private static <T, R> List<R> routeAll(List<T> items, Function<T, R> route) {
        List<R> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            out.add(routeItem(i, items.get(i), route, items.size() > 1));
        }
        return out;
    }

    private static <T, R> R routeItem(int index, T item, Function<T, R> route, boolean named) {
        try {
            return route.apply(item);
        } catch (RuntimeException e) {
            throw named ? new BatchItemException(index, e) : e;
        }
    }
}
