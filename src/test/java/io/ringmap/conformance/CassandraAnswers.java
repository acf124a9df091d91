package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.NodetoolBatch;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What Cassandra itself says ({@code nodetool getendpoints}, {@code nodetool status}), to compare ringmap with. */
final class CassandraAnswers {

    private CassandraAnswers() {}

    /** {@code nodetool getendpoints} of each key, asked of node {@code node}: replicas in Cassandra's order. */
    static Map<String, List<String>> getEndpoints(
            CassandraCluster cluster, int node, String keyspace, String table, List<String> keys) {
        List<NodetoolBatch.Command> commands = keys.stream()
                .map(k -> new NodetoolBatch.Command(node, List.of("getendpoints", keyspace, table, k)))
                .toList();
        List<NodetoolBatch.Result> results = NodetoolBatch.run(cluster, commands, 2);
        Map<String, List<String>> byKey = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            NodetoolBatch.Result r = results.get(i);
            assertThat(r.status())
                    .as("getendpoints %s: %s", keys.get(i), r.err())
                    .isZero();
            byKey.put(
                    keys.get(i),
                    r.out().stream()
                            .map(String::strip)
                            .filter(s -> !s.isEmpty())
                            .toList());
        }
        return byKey;
    }

    /** Same set and same primary replica ({@code getendpoints} lists the primary first). */
    static boolean sameReplicas(List<String> ringmap, List<String> cassandra) {
        return cassandra != null
                && ringmap.size() == cassandra.size()
                && ringmap.containsAll(cassandra)
                && ringmap.get(0).equals(cassandra.get(0));
    }

    /** {@code nodetool status} of a running node: UP or DOWN by address. */
    static Map<String, String> status(CassandraCluster cluster, int node) {
        Map<String, String> states = new LinkedHashMap<>();
        for (String line : cluster.nodetool(node, "status").split("\n")) {
            String[] f = line.strip().split("\\s+");
            if (f.length > 1 && f[0].matches("[UD][NLJM]")) {
                states.put(f[1], f[0].startsWith("U") ? "UP" : "DOWN");
            }
        }
        return states;
    }
}
