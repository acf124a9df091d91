package io.ringmap.testcluster;

import static io.ringmap.testcluster.NodeSpec.withTokens;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Measures what the harness's start-up savings give a cluster start: a cluster of 1-3 single-token nodes on
 * 127.0.0.251-253 starts and stops {@code rounds} times in each of three set-ups, alternating: as before (no class
 * data archive, Cassandra computing its memtable row overhead), with the archive only, and as now (archive and
 * {@link JvmOptions#CASSANDRA_TEST_SWITCHES}). Prints each start's time until the cluster is ready and the nodes' CPU
 * time by then, and what {@link #SCHEMA_CHANGES} schema changes then cost them (the older set-ups flush the schema
 * tables at each change, as Cassandra does by default). The first start writes the archive if it is missing ({@link ClassDataArchive#prepare}), timed too.
 * Run by {@code scripts/bench node-start}.
 */
public final class NodeStartBench {

    private static final String COMPUTED_OVERHEAD = "-Dcassandra.memtable.row_overhead_size=-1";
    private static final String FLUSHED_SCHEMA = "-Dcassandra.test.flush_local_schema_changes=true";
    /** A keyspace and its tables, created after each start. */
    static final int SCHEMA_CHANGES = 31;

    private NodeStartBench() {}

    record Setup(String name, boolean archive, String extraOptions) {}

    public static void main(String[] args) {
        int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<NodeSpec> specs = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            specs.add(withTokens(
                    "127.0.0." + (251 + i),
                    "dc1",
                    "rack" + (i + 1),
                    Long.toString(Long.MIN_VALUE / nodes * (nodes - 2 * i) + 1)));
        }
        ClusterSpec spec = ClusterSpec.of("start-bench", CassandraPartitioner.MURMUR3, specs)
                .withHeap("256m", "384m");
        Instant began = Instant.now();
        ClassDataArchive.prepare(CassandraLine.configured(), CassandraClasspath.read(), CassandraCluster.DEFAULT_ROOT);
        System.out.printf(
                "archive ready after %.1f s%n",
                Duration.between(began, Instant.now()).toMillis() / 1e3);
        List<Setup> setups = List.of(
                new Setup("before", false, COMPUTED_OVERHEAD + " " + FLUSHED_SCHEMA),
                new Setup("archive only", true, COMPUTED_OVERHEAD + " " + FLUSHED_SCHEMA),
                new Setup("now", true, ""));
        double[] wall = new double[setups.size()];
        double[] cpu = new double[setups.size()];
        double[] schemaCpu = new double[setups.size()];
        for (int round = 0; round < rounds; round++) {
            for (int s = 0; s < setups.size(); s++) {
                Setup setup = setups.get(s);
                System.setProperty("ringmap.cassandra.cds", Boolean.toString(setup.archive()));
                System.setProperty("ringmap.cassandra.jvm-options", setup.extraOptions());
                CassandraCluster cluster = CassandraCluster.of(spec).start();
                double seconds = cluster.lastStartDuration().toMillis() / 1e3;
                double cpuSeconds = cpuSeconds(cluster);
                long schemaStart = System.nanoTime();
                cluster.executeSchemaChange("CREATE KEYSPACE bench WITH replication = "
                        + "{'class': 'SimpleStrategy', 'replication_factor': " + nodes + "}");
                List<String> tables = new ArrayList<>();
                for (int t = 1; t < SCHEMA_CHANGES; t++) {
                    tables.add("CREATE TABLE bench.t" + t + " (k int PRIMARY KEY, v text)");
                }
                cluster.executeSchemaChanges(tables);
                double schemaSeconds = (System.nanoTime() - schemaStart) / 1e9;
                double schemaCpuSeconds = cpuSeconds(cluster) - cpuSeconds;
                cluster.discard();
                wall[s] += seconds;
                cpu[s] += cpuSeconds;
                schemaCpu[s] += schemaCpuSeconds;
                System.out.printf(
                        "round %d, %-12s: ready in %5.1f s, node CPU %5.1f s (%d nodes); %d schema changes in %5.1f s,"
                                + " node CPU %5.1f s%n",
                        round + 1,
                        setup.name(),
                        seconds,
                        cpuSeconds,
                        nodes,
                        SCHEMA_CHANGES,
                        schemaSeconds,
                        schemaCpuSeconds);
            }
        }
        for (int s = 0; s < setups.size(); s++) {
            System.out.printf(
                    "mean %-12s: ready in %5.1f s, node CPU %5.1f s; CPU / before %.2f; schema changes' node CPU"
                            + " %5.1f s%n",
                    setups.get(s).name(), wall[s] / rounds, cpu[s] / rounds, cpu[s] / cpu[0], schemaCpu[s] / rounds);
        }
        System.exit(0);
    }

    /** The CPU time of the cluster's nodes so far, in seconds. */
    private static double cpuSeconds(CassandraCluster cluster) {
        return cluster.nodes().stream()
                .mapToDouble(node -> node.cpuTime().orElse(Duration.ZERO).toMillis() / 1e3)
                .sum();
    }
}
