package io.ringmap.ranges;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;

/**
 * One keyspace's whole range-to-replica map in a compact, index-based form, from which a client can route locally:
 * range {@code i} is {@code (tokens[i - 1], tokens[i]]}, range 0 wrapping from the last token; its replicas are node
 * indexes in placement order (primary first).
 *
 * @param tokens the ring's tokens in ascending order, as strings
 * @param replicas per range, the replicas' node indexes into the ring's node list
 * @param transientReplicas per range, the node indexes of its transient replicas (transient replication), or null
 *     when the keyspace has none
 */
public record RangeMap(String[] tokens, int[][] replicas, int[][] transientReplicas) {

    public static RangeMap of(TokenRing ring, KeyspacePlacement.Placed placement) {
        int size = ring.size();
        String[] tokens = new String[size];
        int[][] replicas = new int[size][];
        int[][] transients = null;
        for (int i = 0; i < size; i++) {
            tokens[i] = ring.tokenAt(i).toString();
            ReplicaSet set = placement.replicasAt(i);
            replicas[i] = set.nodes();
            if (set.transientFlags() != null) {
                if (transients == null) {
                    transients = new int[size][];
                }
                int count = 0;
                for (int r = 0; r < set.size(); r++) {
                    count += set.isFull(r) ? 0 : 1;
                }
                int[] t = new int[count];
                for (int r = 0, k = 0; r < set.size(); r++) {
                    if (!set.isFull(r)) {
                        t[k++] = set.node(r);
                    }
                }
                transients[i] = t;
            }
        }
        if (transients != null) {
            for (int i = 0; i < size; i++) {
                if (transients[i] == null) {
                    transients[i] = new int[0];
                }
            }
        }
        return new RangeMap(tokens, replicas, transients);
    }
}
