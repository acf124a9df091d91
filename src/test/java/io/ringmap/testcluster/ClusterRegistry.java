package io.ringmap.testcluster;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The clusters started during one test run, kept in JUnit's root store so that every test class asking for the
 * same spec gets the same running cluster and everything is stopped when the run ends. A shared cluster stops as
 * soon as no class of the run's {@link ClusterPlan} still needs it, whatever order the classes run in; a per-class
 * cluster when its last user releases it.
 *
 * <p>Each node takes about 650 MiB and a little CPU even when idle, so idle clusters stay up only while all running
 * clusters together have at most {@code -Dringmap.cassandra.max-running-nodes} (default 8) nodes: asking for
 * another cluster first stops idle clusters, the smallest (cheapest to start again) and least recently used first.
 * An idle cluster whose addresses overlap the requested one is always stopped; one in use makes the request fail.
 */
final class ClusterRegistry implements AutoCloseable {

    private final int maxRunningNodes = Integer.getInteger("ringmap.cassandra.max-running-nodes", 8);
    // access order: the first entry is the least recently used
    private final Map<String, Entry> clusters = new LinkedHashMap<>(16, 0.75f, true);

    /** Returns the running cluster for {@code spec}, starting it if needed; pair with {@link #release}. */
    synchronized CassandraCluster acquire(ClusterSpec spec, boolean shared) {
        Entry entry = clusters.get(spec.name());
        if (entry != null) {
            if (!entry.cluster.spec().equals(spec)) {
                throw new IllegalStateException("two different cluster specs are both named " + spec.name());
            }
            entry.users++;
            entry.shared &= shared;
            return entry.cluster;
        }
        makeRoomFor(spec);
        CassandraCluster cluster = CassandraCluster.of(spec);
        try {
            cluster.start();
        } catch (IllegalStateException e) {
            if (!String.valueOf(e.getMessage()).contains("exited during start-up")) {
                throw e;
            }
            // a node that dies while the cluster forms, e.g. 6.0-alpha2's first metadata-service election timing out
            // on a loaded machine ("Illegal epoch for setting from gossip"): once more from empty directories; a
            // configuration that cannot start fails the second time as well
            System.out.printf(
                    "Cassandra cluster %s: %s; starting it once more from empty directories%n",
                    spec.name(),
                    e.getCause() == null ? e.getMessage() : e.getCause().getMessage());
            cluster.start();
        }
        System.out.printf(
                "Cassandra cluster %s ready in %.1f s%n%s",
                spec.name(), cluster.lastStartDuration().toMillis() / 1000.0, cluster.describe());
        Entry started = new Entry(cluster, shared);
        started.users = 1;
        clusters.put(spec.name(), started);
        return cluster;
    }

    /**
     * Gives back the cluster {@code testClass} acquired; it stops when nobody uses it any more and it is not shared
     * or no later class of the run needs it.
     */
    synchronized void release(ClusterSpec spec, Class<?> testClass) {
        ClusterPlan.done(spec, testClass);
        Entry entry = clusters.get(spec.name());
        if (entry == null) {
            return;
        }
        entry.users--;
        if (entry.users <= 0 && (!entry.shared || !ClusterPlan.stillNeeded(spec))) {
            stop(entry);
        }
    }

    /** Stops every cluster; called by JUnit when the test run ends, even after failures. */
    @Override
    public synchronized void close() {
        for (Entry entry : List.copyOf(clusters.values())) {
            stop(entry);
        }
    }

    private void makeRoomFor(ClusterSpec spec) {
        Set<String> wanted = addresses(spec);
        for (Entry entry : List.copyOf(clusters.values())) {
            if (!Collections.disjoint(wanted, addresses(entry.cluster.spec()))) {
                if (entry.users > 0) {
                    throw new IllegalStateException("cluster " + spec.name() + " needs addresses that cluster "
                            + entry.cluster.spec().name() + " uses, and that cluster is still in use");
                }
                stop(entry);
            }
        }
        // the smallest idle clusters first (the cheapest to start again), least recently used first among equals:
        // stopping an idle six-node cluster to make room for three nodes costs its next user a six-node start
        List<Entry> idle = new java.util.ArrayList<>(
                clusters.values().stream().filter(e -> e.users <= 0).toList());
        idle.sort(
                java.util.Comparator.comparingInt(e -> e.cluster.spec().nodes().size()));
        for (Entry entry : idle) {
            if (runningNodes() + spec.nodes().size() <= maxRunningNodes) {
                break;
            }
            stop(entry);
        }
    }

    private void stop(Entry entry) {
        Instant began = Instant.now();
        // what the cluster cost the run's two cores: the suite is bound by their CPU (docs/testing.md)
        List<Duration> cpu = entry.cluster.nodes().stream()
                .flatMap(node -> node.cpuTime().stream())
                .toList();
        long cpuMillis = cpu.stream().mapToLong(Duration::toMillis).sum();
        entry.cluster.discard();
        clusters.remove(entry.cluster.spec().name());
        System.out.printf(
                "Cassandra cluster %s stopped in %.1f s; its %d node JVMs running at the end had used %.1f s of CPU%n",
                entry.cluster.spec().name(),
                Duration.between(began, Instant.now()).toMillis() / 1000.0,
                cpu.size(),
                cpuMillis / 1000.0);
    }

    private int runningNodes() {
        return clusters.values().stream()
                .mapToInt(entry -> entry.cluster.nodes().size())
                .sum();
    }

    private static Set<String> addresses(ClusterSpec spec) {
        return spec.nodes().stream().map(NodeSpec::address).collect(Collectors.toSet());
    }

    private static final class Entry {
        final CassandraCluster cluster;
        boolean shared;
        int users;

        Entry(CassandraCluster cluster, boolean shared) {
            this.cluster = cluster;
            this.shared = shared;
        }
    }
}
