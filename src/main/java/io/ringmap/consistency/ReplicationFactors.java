package io.ringmap.consistency;

import io.ringmap.replication.ReplicationFactor;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The replication factors a consistency level is counted against: the keyspace's total and, for
 * NetworkTopologyStrategy, each configured data centre's (as configured, even above a DC's node count; mirrors
 * {@code AbstractReplicationStrategy.getReplicationFactor}).
 *
 * @param networkTopology true for NetworkTopologyStrategy: only then are LOCAL_QUORUM and EACH_QUORUM counted per DC
 * @param allReplicas the keyspace's total replication factor (full and transient replicas)
 * @param byDatacenter per configured DC, its replication factor (every DC of the replication map, RF 0 included)
 */
public record ReplicationFactors(boolean networkTopology, int allReplicas, Map<String, Integer> byDatacenter) {

    public ReplicationFactors {
        // sorted, not Map.copyOf: its iteration order is randomized per JVM, so the per-DC verdicts of /replicas and
        // /availability came in a different order from each instance of the service
        byDatacenter = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(byDatacenter));
    }

    /**
     * The factors of a replication map exactly as {@code system_schema.keyspaces} holds it.
     *
     * @param ringNodes the ring's node count (EverywhereStrategy replicates to every node)
     * @throws IllegalArgumentException when a factor cannot be read
     */
    public static ReplicationFactors of(Map<String, String> replication, int ringNodes) {
        String className = replication.getOrDefault("class", "");
        String simple = className.substring(className.lastIndexOf('.') + 1);
        switch (simple) {
            case "NetworkTopologyStrategy" -> {
                Map<String, Integer> dcs = new LinkedHashMap<>();
                int all = 0;
                for (Map.Entry<String, String> e : new TreeMap<>(replication).entrySet()) {
                    if (e.getKey().equals("class") || e.getKey().equals("replication_factor")) {
                        continue;
                    }
                    int rf = ReplicationFactor.parse(e.getValue()).allReplicas();
                    dcs.put(e.getKey(), rf);
                    all += rf;
                }
                return new ReplicationFactors(true, all, dcs);
            }
            case "SimpleStrategy" -> {
                return new ReplicationFactors(
                        false,
                        ReplicationFactor.parse(replication.get("replication_factor"))
                                .allReplicas(),
                        Map.of());
            }
            case "EverywhereStrategy" -> {
                return new ReplicationFactors(false, ringNodes, Map.of());
            }
            case "LocalStrategy" -> {
                return new ReplicationFactors(false, 1, Map.of());
            }
            default -> throw new IllegalArgumentException("replication strategy '" + className + "' is unknown");
        }
    }

    /** Cassandra's {@code quorumFor}: a majority of the keyspace's total replication factor. */
    public int quorum() {
        return allReplicas / 2 + 1;
    }

    /** Cassandra's {@code localQuorumFor}: a majority of the DC's factor under NTS, else {@link #quorum()}. */
    public int localQuorum(String datacenter) {
        return networkTopology ? byDatacenter.getOrDefault(datacenter, 0) / 2 + 1 : quorum();
    }
}
