package io.ringmap.replication;

import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import java.util.function.IntFunction;

/**
 * {@code LocalStrategy} (system keyspaces): every node keeps its own copy and nothing is replicated, so the replica
 * of any key is the node that serves the request (mirrors {@code org.apache.cassandra.locator.LocalStrategy}).
 */
record LocalStrategy(int localNode) implements ReplicationStrategy {

    @Override
    public IntFunction<ReplicaSet> placer(TokenRing ring) {
        ReplicaSet local = new ReplicaSet(new int[] {localNode}, null);
        return i -> local;
    }

    @Override
    public boolean nodeLocal() {
        return true;
    }

    @Override
    public boolean computeOnDemand() {
        return true;
    }
}
