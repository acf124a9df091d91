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
