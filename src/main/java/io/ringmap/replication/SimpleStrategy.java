package io.ringmap.replication;

import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import java.util.List;
import java.util.function.IntFunction;

/**
 * {@code SimpleStrategy}: walk the ring clockwise from the primary, taking the next distinct nodes until RF
 * (mirrors {@code org.apache.cassandra.locator.SimpleStrategy}; with fewer nodes than RF, every node).
 */
record SimpleStrategy(ReplicationFactor rf) implements ReplicationStrategy {

    @Override
    public IntFunction<ReplicaSet> placer(TokenRing ring) {
        return i -> replicasFor(ring, i);
    }

    ReplicaSet replicasFor(TokenRing ring, int tokenIndex) {
        int want = Math.min(rf.allReplicas(), ring.nodes().size());
        int[] picked = new int[want];
        int count = 0;
        for (int step = 0; step < ring.size() && count < want; step++) {
            int node = ring.ownerAt((tokenIndex + step) % ring.size());
            if (!contains(picked, count, node)) { // with vnodes a node appears many times
                picked[count++] = node;
            }
        }
        int[] nodes = count == want ? picked : java.util.Arrays.copyOf(picked, count);
        return new ReplicaSet(nodes, transientTail(nodes.length, rf));
    }

    static boolean contains(int[] a, int n, int v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }

    /** Cassandra's SimpleStrategy makes the first {@code fullReplicas} of the walk full, the rest transient. */
    static boolean[] transientTail(int size, ReplicationFactor rf) {
        if (rf.transientReplicas() == 0 || size <= rf.fullReplicas()) {
            return null;
        }
        boolean[] flags = new boolean[size];
        for (int i = rf.fullReplicas(); i < size; i++) {
            flags[i] = true;
        }
        return flags;
    }

    @Override
    public List<String> warnings(TokenRing ring) {
        if (rf.allReplicas() > ring.nodes().size()) {
            return List.of("replication_factor " + rf.allReplicas() + " exceeds the "
                    + ring.nodes().size() + " nodes of the ring: every node is a replica");
        }
        return List.of();
    }
}
