package io.ringmap.replication;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Places every keyspace on a ring, precomputing the replica set of every token range so a lookup is one binary
 * search. Keyspaces with identical replication maps share one precomputed table.
 */
public final class Placements {

    private Placements() {}

    /**
     * @param replicationByKeyspace each keyspace's replication map as {@code system_schema.keyspaces} holds it
     * @param localNode the index of the node that serves requests (for LocalStrategy)
     */
    public static Map<String, KeyspacePlacement> place(
            TokenRing ring, Map<String, Map<String, String>> replicationByKeyspace, int localNode) {
        List<String> datacenters =
                ring.nodes().stream().map(Node::datacenter).distinct().toList();
        Map<Map<String, String>, IntFunction<ReplicaSet>> shared = new HashMap<>();
        Map<String, KeyspacePlacement> out = new LinkedHashMap<>();
        replicationByKeyspace.forEach((keyspace, replication) -> {
            ReplicationStrategy strategy;
            try {
                strategy = ReplicationStrategies.of(replication, localNode, datacenters);
            } catch (UnsupportedReplicationException e) {
                out.put(keyspace, new KeyspacePlacement.Failed(keyspace, replication, e.getMessage()));
                return;
            }
            IntFunction<ReplicaSet> replicas = strategy.computeOnDemand()
                    ? strategy.placer(ring)
                    : shared.computeIfAbsent(Map.copyOf(replication), r -> precompute(ring, strategy));
            out.put(
                    keyspace,
                    new KeyspacePlacement.Placed(
                            keyspace, replication, replicas, strategy.nodeLocal(), strategy.warnings(ring)));
        });
        return out;
    }

    private static IntFunction<ReplicaSet> precompute(TokenRing ring, ReplicationStrategy strategy) {
        ReplicaSet[] table = strategy.placeAll(ring);
        return i -> table[i];
    }
}
