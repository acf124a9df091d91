package io.ringmap.testcluster;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a test cluster looks like: its nodes, partitioner, cluster name and the resources each node JVM gets.
 *
 * @param name        short identifier, used for the cluster's directory under {@code target/cassandra-clusters}
 *                    and to share one started cluster between test classes
 * @param clusterName Cassandra's {@code cluster_name}
 * @param partitioner the partitioner of every node
 * @param nodes       the nodes, all of them seeds; started at once (nodes added later with
 *                    {@link CassandraCluster#startJoining} bootstrap and are no seeds)
 * @param heapMin     {@code -Xms} of each node JVM, e.g. {@code 256m}
 * @param heapMax     {@code -Xmx} of each node JVM, e.g. {@code 512m}
 * @param jmxPortBase JMX port of node 127.0.0.N is {@code jmxPortBase + N}; the default 7198 gives 127.0.0.1 the
 *                    usual 7199
 * @param clientAccess TLS and authentication of the CQL port; null: plaintext, no authentication
 * @param ringDelay   Cassandra's {@code cassandra.ring_delay_ms} (how long bootstrap, decommission and replacement
 *                    wait for gossip to spread) and {@code cassandra.broadcast_interval_ms} (how long a replacement
 *                    on another address waits for the dead node's gossip to stay quiet); null: Cassandra's defaults
 *                    of 30 s and 60 s
 * @param jmxAccess    authentication and TLS of the JMX port; null: open, loopback only
 * @param line        the Cassandra release line every node runs
 * @param requestTimeout how long a coordinator waits for the replicas of a read or a write
 *                    ({@code read_request_timeout} and {@code write_request_timeout}); null: Cassandra's 5 s and 2 s
 */
public record ClusterSpec(
        String name,
        String clusterName,
        CassandraPartitioner partitioner,
        List<NodeSpec> nodes,
        String heapMin,
        String heapMax,
        int jmxPortBase,
        ClientAccess clientAccess,
        Duration ringDelay,
        JmxAccess jmxAccess,
        CassandraLine line,
        Duration requestTimeout) {

    public static final String DEFAULT_HEAP_MIN = "256m";
    public static final String DEFAULT_HEAP_MAX = "512m";
    public static final int DEFAULT_JMX_PORT_BASE = 7198;

    /** A cluster with an open plaintext CQL port. */
    public ClusterSpec(
            String name,
            String clusterName,
            CassandraPartitioner partitioner,
            List<NodeSpec> nodes,
            String heapMin,
            String heapMax,
            int jmxPortBase) {
        this(name, clusterName, partitioner, nodes, heapMin, heapMax, jmxPortBase, null);
    }

    /** A cluster with Cassandra's default ring delay. */
    public ClusterSpec(
            String name,
            String clusterName,
            CassandraPartitioner partitioner,
            List<NodeSpec> nodes,
            String heapMin,
            String heapMax,
            int jmxPortBase,
            ClientAccess clientAccess) {
        this(name, clusterName, partitioner, nodes, heapMin, heapMax, jmxPortBase, clientAccess, null);
    }

    /** A cluster with an open JMX port. */
    public ClusterSpec(
            String name,
            String clusterName,
            CassandraPartitioner partitioner,
            List<NodeSpec> nodes,
            String heapMin,
            String heapMax,
            int jmxPortBase,
            ClientAccess clientAccess,
            Duration ringDelay) {
        this(name, clusterName, partitioner, nodes, heapMin, heapMax, jmxPortBase, clientAccess, ringDelay, null);
    }

    /** A cluster of the configured line ({@link CassandraLine#configured()}). */
    public ClusterSpec(
            String name,
            String clusterName,
            CassandraPartitioner partitioner,
            List<NodeSpec> nodes,
            String heapMin,
            String heapMax,
            int jmxPortBase,
            ClientAccess clientAccess,
            Duration ringDelay,
            JmxAccess jmxAccess) {
        this(
                name,
                clusterName,
                partitioner,
                nodes,
                heapMin,
                heapMax,
                jmxPortBase,
                clientAccess,
                ringDelay,
                jmxAccess,
                CassandraLine.configured(),
                null);
    }

    public ClusterSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(clusterName, "clusterName");
        Objects.requireNonNull(partitioner, "partitioner");
        Objects.requireNonNull(heapMin, "heapMin");
        Objects.requireNonNull(heapMax, "heapMax");
        Objects.requireNonNull(line, "line");
        nodes = List.copyOf(nodes);
        if (!name.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("cluster spec name must be usable as a directory name: " + name);
        }
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("a cluster needs at least one node");
        }
        Set<String> addresses = new HashSet<>();
        for (NodeSpec node : nodes) {
            if (!addresses.add(node.address())) {
                throw new IllegalArgumentException("node addresses must be distinct: " + node.address());
            }
            if (!node.rpcAddress().equals(node.address()) && !addresses.add(node.rpcAddress())) {
                throw new IllegalArgumentException("node addresses must be distinct: " + node.rpcAddress());
            }
        }
        if (ringDelay != null && (ringDelay.isNegative() || ringDelay.toMillis() > Integer.MAX_VALUE)) {
            throw new IllegalArgumentException("ring delay must be between 0 and 2^31-1 ms: " + ringDelay);
        }
        if (requestTimeout != null && (requestTimeout.toMillis() < 1 || requestTimeout.toMillis() > 60_000)) {
            throw new IllegalArgumentException("request timeout must be between 1 ms and 60 s: " + requestTimeout);
        }
        if (jmxPortBase < 1024 || jmxPortBase + 254 > 65535) {
            throw new IllegalArgumentException("jmxPortBase must leave room for 254 ports: " + jmxPortBase);
        }
    }

    /** A spec with the default heap (256m..512m, overridable by -Dringmap.cassandra.heap.max) and JMX ports. */
    public static ClusterSpec of(String name, CassandraPartitioner partitioner, List<NodeSpec> nodes) {
        return new ClusterSpec(
                name,
                "ringmap-" + name,
                partitioner,
                nodes,
                System.getProperty("ringmap.cassandra.heap.min", DEFAULT_HEAP_MIN),
                System.getProperty("ringmap.cassandra.heap.max", DEFAULT_HEAP_MAX),
                DEFAULT_JMX_PORT_BASE);
    }

    /** The same cluster with another heap per node. */
    public ClusterSpec withHeap(String min, String max) {
        return copy(c -> {
            c.heapMin = min;
            c.heapMax = max;
        });
    }

    /** The same cluster with TLS and/or password authentication on its CQL port. */
    public ClusterSpec withClientAccess(ClientAccess access) {
        return copy(c -> c.clientAccess = access);
    }

    /** The same cluster with authentication and/or TLS on its JMX port. */
    public ClusterSpec withJmxAccess(JmxAccess access) {
        return copy(c -> c.jmxAccess = access);
    }

    /**
     * The same cluster with a shorter {@code cassandra.ring_delay_ms} and {@code cassandra.broadcast_interval_ms},
     * for tests that bootstrap, decommission or replace nodes: Cassandra sleeps this long (instead of 30 s and 60 s)
     * at the steps of those operations.
     */
    public ClusterSpec withRingDelay(Duration delay) {
        return copy(c -> c.ringDelay = delay);
    }

    /**
     * The same cluster with coordinators that wait this long for a read's or a write's replicas, for tests whose
     * clients wait as long: on the 2-core build machine a replica that shares the cores with a dozen other node JVMs
     * can take more than Cassandra's 2 s to acknowledge a write, which is slowness, not a lost consistency level.
     */
    public ClusterSpec withRequestTimeout(Duration timeout) {
        return copy(c -> c.requestTimeout = timeout);
    }

    /**
     * The same cluster on another Cassandra line, under its own name ({@code <name>-c41}) so its files never mix
     * with another line's.
     */
    public ClusterSpec withLine(CassandraLine other) {
        return copy(c -> {
            c.name = name + "-" + other.id();
            c.line = other;
        });
    }

    /** This spec with {@code change} applied to a copy of its components (each {@code with...} names its own). */
    private ClusterSpec copy(java.util.function.Consumer<Components> change) {
        Components c = new Components(this);
        change.accept(c);
        return new ClusterSpec(
                c.name,
                clusterName,
                partitioner,
                nodes,
                c.heapMin,
                c.heapMax,
                jmxPortBase,
                c.clientAccess,
                c.ringDelay,
                c.jmxAccess,
                c.line,
                c.requestTimeout);
    }

    /** The components a {@code with...} method may change, as it builds the next spec. */
    private static final class Components {
        String name;
        String heapMin;
        String heapMax;
        ClientAccess clientAccess;
        Duration ringDelay;
        JmxAccess jmxAccess;
        CassandraLine line;
        Duration requestTimeout;

        Components(ClusterSpec spec) {
            name = spec.name;
            heapMin = spec.heapMin;
            heapMax = spec.heapMax;
            clientAccess = spec.clientAccess;
            ringDelay = spec.ringDelay;
            jmxAccess = spec.jmxAccess;
            line = spec.line;
            requestTimeout = spec.requestTimeout;
        }
    }

    /** The JMX port that nodetool uses for {@code node}. */
    public int jmxPort(NodeSpec node) {
        return jmxPortBase + node.ordinal();
    }

    /** The data centers in the order their first node appears. */
    public List<String> datacenters() {
        return nodes.stream().map(NodeSpec::datacenter).distinct().toList();
    }
}
