package io.ringmap.routing;

import io.ringmap.hits.HitRecorder;
import io.ringmap.pending.PendingReplicas;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaLookup;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.PartitionKeyParser;
import io.ringmap.schema.TableSchema;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one path from a partition key to its token and (when asked) its replicas, natural and pending, against one
 * snapshot: every endpoint that routes keys (a single key and its fast path, a batch, a compact batch, a stream, a
 * hits report, a shard plan) routes through a router of the table, and a batch of tokens through one of the keyspace.
 * {@link RoutingService#router} makes one with the table and the placement checked. Immutable: every call is
 * independent of the others.
 */
public final class KeyRouter {

    private final ServedSnapshot served;
    private final TableSchema schema;
    private final KeyspacePlacement.Placed placement;
    private final RingSnapshot ring;
    private final HitRecorder hits;

    /**
     * @param schema    the table whose keys are routed, or null for a router of tokens given directly
     * @param placement the keyspace's placement when replicas are looked up, else null
     */
    KeyRouter(ServedSnapshot served, TableSchema schema, KeyspacePlacement.Placed placement, HitRecorder hits) {
        this.served = served;
        this.schema = schema;
        this.placement = placement;
        this.ring = served.ring();
        this.hits = hits;
    }

    /**
     * A router of a table's keys that counts nothing: for keys gathered elsewhere and routed again (hot keys, the
     * servers' largest partitions), which were counted, or not, where they came from.
     *
     * @param placement the keyspace's placement when replicas are looked up, else null
     */
    public static KeyRouter uncounted(ServedSnapshot served, TableSchema schema, KeyspacePlacement.Placed placement) {
        return new KeyRouter(served, schema, placement, HitRecorder.NONE);
    }

    /**
     * The token of a table's key given as {column: value}: the key serialized with the schema's codecs and hashed by
     * {@code partitioner}, as Cassandra's {@code token(...)} computes it.
     *
     * @throws RuntimeException a {@link io.ringmap.problem.ProblemException} naming what is wrong with the key
     */
    public static Token token(Partitioner partitioner, TableSchema schema, Map<String, String> key) {
        return PartitionKeyParser.parse(schema, key).tokenWith(partitioner);
    }

    /** The snapshot every key of this router is answered from. */
    public ServedSnapshot snapshot() {
        return served;
    }

    /** The table's schema (null for a router of tokens). */
    public TableSchema table() {
        return schema;
    }

    /** The keyspace's placement when replicas are looked up, else null. */
    public KeyspacePlacement.Placed placement() {
        return placement;
    }

    /**
     * Parses, hashes and (with a placement) places one key; counts nothing.
     *
     * @throws RuntimeException a {@link io.ringmap.problem.ProblemException} naming what is wrong with the key
     */
    public KeyRoute route(Map<String, String> key) {
        ParsedKey parsed = PartitionKeyParser.parse(schema, key);
        Token token = parsed.tokenWith(served.partitioner());
        ReplicaLookup lookup = placement == null ? null : ring.lookup(placement, token);
        return new KeyRoute(schema, parsed, token, lookup);
    }

    /**
     * Parses a token given directly, as the snapshot's partitioner writes it, and places it (a router with a
     * placement only).
     *
     * @throws RuntimeException a {@link io.ringmap.problem.ProblemException} naming what is wrong with the token
     */
    public TokenRoutes.TokenRoute routeToken(String token) {
        Token parsed = served.partitioner().parseToken(token);
        return new TokenRoutes.TokenRoute(parsed, ring.lookup(placement, parsed));
    }

    /** The token's pending replicas in every data centre: empty unless a range of the keyspace is in motion. */
    public List<Node> pending(Token token) {
        PendingReplicas inMotion = served.motion().pending(placement.keyspace());
        return inMotion.isEmpty() ? List.of() : inMotion.replicasFor(token);
    }

    /** Counts routed keys as one hit each (the caller decides whether its keys count). */
    public void count(List<KeyRoute> routes) {
        if (routes.isEmpty()) {
            return;
        }
        if (routes.size() == 1) {
            KeyRoute r = routes.get(0);
            hits.record(
                    schema,
                    r.key(),
                    r.token(),
                    1,
                    served.tokenRing(),
                    placement == null ? List.of() : nodes(r.replicas().replicas()));
            return;
        }
        count(routes, null);
    }

    /**
     * Counts routed keys, key {@code i} {@code counts[i]} times (once each when {@code counts} is null), in one
     * report to the recorder.
     */
    public void count(List<KeyRoute> routes, long[] counts) {
        List<ParsedKey> parsed = new ArrayList<>(routes.size());
        Token[] tokens = new Token[routes.size()];
        ReplicaSet[] sets = placement == null ? null : new ReplicaSet[routes.size()];
        for (int i = 0; i < routes.size(); i++) {
            KeyRoute r = routes.get(i);
            parsed.add(r.key());
            tokens[i] = r.token();
            if (sets != null) {
                sets[i] = r.replicas().replicas();
            }
        }
        hits.recordAll(schema, parsed, tokens, counts, served.tokenRing(), sets);
    }

    private List<Node> nodes(ReplicaSet set) {
        List<Node> out = new ArrayList<>(set.size());
        for (int i = 0; i < set.size(); i++) {
            out.add(ring.tokenRing().nodes().get(set.node(i)));
        }
        return out;
    }
}
