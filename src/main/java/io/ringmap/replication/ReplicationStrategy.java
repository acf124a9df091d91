package io.ringmap.replication;

import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import java.util.List;
import java.util.function.IntFunction;

/** A Cassandra replica placement strategy: which nodes hold each token range of a ring. */
public interface ReplicationStrategy {

    /**
     * Binds the strategy to a ring: the returned function gives the replicas of the range ending at a token index,
     * primary first.
     */
    IntFunction<ReplicaSet> placer(TokenRing ring);

    /** The replica set of every token index, in index order: what a precomputed placement table holds. */
    default ReplicaSet[] placeAll(TokenRing ring) {
        IntFunction<ReplicaSet> placer = placer(ring);
        ReplicaSet[] table = new ReplicaSet[ring.size()];
        for (int i = 0; i < table.length; i++) {
            table[i] = placer.apply(i);
        }
        return table;
    }

    /** Things a user should know about this placement on this ring (e.g. RF above a DC's node count). */
    default List<String> warnings(TokenRing ring) {
        return List.of();
    }

    /** True when the data lives only on the node that serves the request (LocalStrategy). */
    default boolean nodeLocal() {
        return false;
    }

    /** True when placement is cheap enough to compute per lookup instead of precomputing every range. */
    default boolean computeOnDemand() {
        return false;
    }
}
