package io.ringmap.replication;

import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * {@code EverywhereStrategy} (DataStax Enterprise system keyspaces): every node is a replica, listed in ring-walk
 * order from the primary. Computed per lookup: precomputing every range would cost nodes x tokens.
 */
record EverywhereStrategy() implements ReplicationStrategy {

    @Override
    public IntFunction<ReplicaSet> placer(TokenRing ring) {
        return i -> {
            int n = ring.nodes().size();
            int[] picked = new int[n];
            boolean[] seen = new boolean[n];
            int count = 0;
            for (int step = 0; step < ring.size() && count < n; step++) {
                int node = ring.ownerAt((i + step) % ring.size());
                if (!seen[node]) {
                    seen[node] = true;
                    picked[count++] = node;
                }
            }
            return new ReplicaSet(count == n ? picked : Arrays.copyOf(picked, count), null);
        };
    }

    @Override
    public boolean computeOnDemand() {
        return true;
    }
}
