package io.ringmap.routing;

import io.ringmap.config.ApiProperties;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaLookup;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.PartitionKeyParser;
import io.ringmap.schema.TableSchema;
import io.ringmap.schema.UnknownKeyspaceException;
import io.ringmap.schema.UnknownTableException;
import io.ringmap.token.Token;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.SnapshotHolder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Answers the routing questions against one consistent snapshot: key to token, key or token to replicas.
 * Every key routed is reported to the {@link HitRecorder}.
 */
public class RoutingService {

    private final SnapshotHolder snapshots;
    private final ApiProperties api;
    private final HitRecorder hits;

    public RoutingService(SnapshotHolder snapshots, ApiProperties api, HitRecorder hits) {
        this.snapshots = snapshots;
        this.api = api;
        this.hits = hits;
    }

    /** The snapshot to answer from. */
    public ServedSnapshot snapshot() {
        return snapshots.current();
    }

    /** The table's schema. */
    public TableSchema table(ServedSnapshot f, String keyspace, String table) {
        // an unknown keyspace is a 404; an unplaceable one still has tokens
        f.ring().keyspace(keyspace).orElseThrow(() -> new UnknownKeyspaceException(keyspace));
        TableSchema schema;
        try {
            schema = f.schema().table(keyspace, table);
        } catch (UnknownKeyspaceException e) {
            throw new UnknownTableException(keyspace, table);
        }
        return schema;
    }

    /** The keyspace's placement, or a 404/422-worthy exception. */
    public KeyspacePlacement.Placed placement(ServedSnapshot f, String keyspace) {
        KeyspacePlacement p = f.ring().keyspace(keyspace)
                .orElseThrow(() -> new UnknownKeyspaceException(keyspace));
        if (p instanceof KeyspacePlacement.Failed failed) {
            throw new UnplaceableKeyspaceException(failed.keyspace(), failed.reason());
        }
        return (KeyspacePlacement.Placed) p;
    }

    /** Parses and hashes keys; with {@code withReplicas}, also looks their replicas up. All keys parse or none. */
    public List<KeyRoute> route(ServedSnapshot f, String keyspace, String table, List<Map<String, String>> keys,
            boolean withReplicas) {
        checkBatch(keys.size());
        TableSchema schema = table(f, keyspace, table);
        KeyspacePlacement.Placed placement = withReplicas ? placement(f, keyspace) : null;
        RingSnapshot ring = f.ring();
        List<ParsedKey> parsed = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            try {
                parsed.add(PartitionKeyParser.parse(schema, keys.get(i)));
            } catch (RuntimeException e) {
                throw keys.size() == 1 ? e : new BatchItemException(i, e);
            }
        }
        List<KeyRoute> out = new ArrayList<>(parsed.size());
        for (ParsedKey key : parsed) {
            Token token = ring.tokenRing().partitioner().tokenFor(key.serializedKey());
            ReplicaLookup lookup = placement == null ? null : ring.lookup(placement, token);
            out.add(new KeyRoute(schema, key, token, lookup));
        }
        // counted only once every key of the request was valid: a rejected batch counts nothing
        for (KeyRoute r : out) {
            hits.record(schema, r.key(), 1, r.replicas() == null ? List.of() : nodes(ring, r.replicas().replicas()));
        }
        return out;
    }

    /** Replicas of tokens given directly (no key, so nothing is counted as a hit). */
    public List<ReplicaLookup> replicasOfTokens(ServedSnapshot f, String keyspace, List<String> tokens) {
        checkBatch(tokens.size());
        KeyspacePlacement.Placed placement = placement(f, keyspace);
        RingSnapshot ring = f.ring();
        List<Token> parsed = new ArrayList<>(tokens.size());
        for (int i = 0; i < tokens.size(); i++) {
            try {
                parsed.add(ring.tokenRing().partitioner().parseToken(tokens.get(i)));
            } catch (RuntimeException e) {
                throw tokens.size() == 1 ? e : new BatchItemException(i, e);
            }
        }
        return parsed.stream().map(t -> ring.lookup(placement, t)).toList();
    }

    /** Records client-reported accesses; validated like lookups, all or nothing. */
    public int recordHits(ServedSnapshot f, String keyspace, String table, List<Map<String, String>> keys,
            List<Long> counts) {
        checkBatch(keys.size());
        TableSchema schema = table(f, keyspace, table);
        // a keyspace whose replication cannot be placed still has hot keys, only no replica hits (as for /token)
        KeyspacePlacement.Placed placement = f.ring().keyspace(keyspace)
                .filter(KeyspacePlacement.Placed.class::isInstance).map(KeyspacePlacement.Placed.class::cast)
                .orElse(null);
        RingSnapshot ring = f.ring();
        List<ParsedKey> parsed = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            long c = counts.get(i);
            if (c < 1) {
                throw new BatchItemException(i, new IllegalArgumentException("count must be at least 1, was " + c));
            }
            try {
                parsed.add(PartitionKeyParser.parse(schema, keys.get(i)));
            } catch (RuntimeException e) {
                throw new BatchItemException(i, e);
            }
        }
        for (int i = 0; i < parsed.size(); i++) {
            List<Node> replicas = List.of();
            if (placement != null) {
                Token token = ring.tokenRing().partitioner().tokenFor(parsed.get(i).serializedKey());
                replicas = nodes(ring, ring.lookup(placement, token).replicas());
            }
            hits.record(schema, parsed.get(i), counts.get(i), replicas);
        }
        return parsed.size();
    }

    /** Rejects a batch larger than {@code ringmap.api.max-batch-size} with a {@link BatchTooLargeException}. */
    public void checkBatch(int size) {
        if (size > api.maxBatchSize()) {
            throw new BatchTooLargeException(size, api.maxBatchSize());
        }
    }

    private static List<Node> nodes(RingSnapshot ring, ReplicaSet set) {
        List<Node> out = new ArrayList<>(set.size());
        for (int i = 0; i < set.size(); i++) {
            out.add(ring.tokenRing().nodes().get(set.node(i)));
        }
        return out;
    }
}
