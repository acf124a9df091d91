package io.ringmap.ring;

import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Where one keyspace's data lives on a ring: its replication settings and either the replica set of every token
 * range (precomputed, so a lookup is one binary search) or the reason placement failed.
 */
public sealed interface KeyspacePlacement {

    String keyspace();

    /** The replication map exactly as {@code system_schema.keyspaces} holds it. */
    Map<String, String> replication();

    /**
     * The replication map in one order on every instance (Map.copyOf's is randomized per JVM): {@code class} first,
     * then the options sorted by name.
     */
    static Map<String, String> ordered(Map<String, String> replication) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        String strategy = replication.get("class");
        if (strategy != null) {
            out.put("class", strategy);
        }
        new java.util.TreeMap<>(replication).forEach(out::putIfAbsent);
        return java.util.Collections.unmodifiableMap(out);
    }

    /** A keyspace whose replicas are known for every token index. */
    record Placed(
            String keyspace,
            Map<String, String> replication,
            IntFunction<ReplicaSet> replicasByTokenIndex,
            boolean nodeLocal,
            List<String> warnings)
            implements KeyspacePlacement {

        public Placed {
            replication = ordered(replication);
            warnings = List.copyOf(warnings);
        }

        public ReplicaSet replicasAt(int tokenIndex) {
            return replicasByTokenIndex.apply(tokenIndex);
        }

        /** This placement with one more warning. */
        public Placed withWarning(String warning) {
            List<String> more = new java.util.ArrayList<>(warnings);
            more.add(warning);
            return new Placed(keyspace, replication, replicasByTokenIndex, nodeLocal, more);
        }
    }

    /** A keyspace whose replication cannot be placed (an unknown strategy, bad options); other keyspaces work. */
    record Failed(String keyspace, Map<String, String> replication, String reason) implements KeyspacePlacement {

        public Failed {
            replication = ordered(replication);
        }
    }
}
