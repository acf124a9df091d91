package io.ringmap.testcluster;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import io.ringmap.testsupport.Polling;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Decides when a started cluster is usable: every running node answers CQL, is UP for the driver, sees every other
 * node with its tokens in {@code system.peers_v2}, and the schema agrees.
 *
 * <p>The driver reports nodes of remote data centers as UNKNOWN (it keeps no pool to them), so the check opens one
 * session per data center and judges each node from its own data center's session.
 */
final class ClusterReadiness {

    private ClusterReadiness() {}

    static void await(CassandraCluster cluster, Instant deadline) {
        for (CassandraNode node : cluster.members()) {
            if (node.isWanted()) {
                node.awaitNativeTransport(deadline);
            }
        }
        for (String datacenter : cluster.spec().datacenters()) {
            List<CassandraNode> running = cluster.members().stream()
                    .filter(node -> node.spec().datacenter().equals(datacenter) && node.isWanted())
                    .toList();
            if (!running.isEmpty()) {
                awaitDatacenter(cluster, datacenter, running, deadline);
            }
        }
    }

    /** The time left until {@code deadline}, at least a millisecond (so a last look is still taken). */
    static Duration until(Instant deadline) {
        Duration left = Duration.between(Instant.now(), deadline);
        return left.compareTo(Duration.ofMillis(1)) < 0 ? Duration.ofMillis(1) : left;
    }

    private static void awaitDatacenter(
            CassandraCluster cluster, String datacenter, List<CassandraNode> running, Instant deadline) {
        // one session for as long as it works: a failed one is closed and the next look opens another
        AtomicReference<CqlSession> session = new AtomicReference<>();
        try {
            Polling.until(
                    "data center " + datacenter + " of cluster "
                            + cluster.spec().name() + " ready",
                    until(deadline),
                    Duration.ofMillis(500),
                    () -> {
                        for (CassandraNode node : running) {
                            if (!node.isRunning()) {
                                throw new IllegalStateException("Cassandra node " + node.address() + " exited");
                            }
                        }
                        try {
                            if (session.get() == null) {
                                session.set(cluster.newSession(
                                        datacenter,
                                        running.stream()
                                                .map(CassandraNode::nativeAddress)
                                                .toList()));
                            }
                            return problem(session.get(), cluster.members().size(), running);
                        } catch (RuntimeException e) {
                            close(session.getAndSet(null));
                            return Optional.of(e.toString());
                        }
                    },
                    Optional::isEmpty,
                    problem -> problem.orElse("ready"));
        } finally {
            close(session.getAndSet(null));
        }
    }

    private static void close(CqlSession session) {
        if (session != null) {
            session.close();
        }
    }

    /** What still keeps the data center from being ready, or empty when it is ready. */
    private static Optional<String> problem(CqlSession session, int clusterSize, List<CassandraNode> running) {
        Map<UUID, Node> nodes = session.getMetadata().getNodes();
        if (nodes.size() < clusterSize) {
            return Optional.of("driver sees " + nodes.size() + " of " + clusterSize + " nodes");
        }
        for (CassandraNode expected : running) {
            Node node = expected.in(session).orElse(null);
            if (node == null) {
                return Optional.of("driver does not know " + expected.address());
            }
            if (node.getState() != NodeState.UP) {
                return Optional.of(expected.address() + " is " + node.getState());
            }
            List<Row> peers = session.execute(SimpleStatement.newInstance("SELECT peer, tokens FROM system.peers_v2")
                            .setNode(node))
                    .all();
            List<String> incomplete = new ArrayList<>();
            for (Row peer : peers) {
                if (peer.getSet("tokens", String.class).isEmpty()) {
                    incomplete.add(String.valueOf(peer.getInetAddress("peer")));
                }
            }
            if (peers.size() < clusterSize - 1 || !incomplete.isEmpty()) {
                return Optional.of(expected.address() + " sees " + peers.size() + " of " + (clusterSize - 1)
                        + " peers, without tokens: " + incomplete);
            }
        }
        if (!session.checkSchemaAgreement()) {
            return Optional.of("schema versions disagree");
        }
        return Optional.empty();
    }
}
