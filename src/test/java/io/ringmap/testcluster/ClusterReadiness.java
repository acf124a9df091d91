package io.ringmap.testcluster;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeoutException;

/**
 * Decides when a started cluster is usable: every running node answers CQL, is UP for the driver, sees every other
 * node with its tokens in {@code system.peers_v2}, and the schema agrees.
 *
 * <p>The driver reports nodes of remote data centers as UNKNOWN (it keeps no pool to them), so the check opens one
 * session per data center and judges each node from its own data center's session.
 */
final class ClusterReadiness {

    private ClusterReadiness() {
    }

    static void await(CassandraCluster cluster, Instant deadline) throws TimeoutException, InterruptedException {
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

    private static void awaitDatacenter(CassandraCluster cluster, String datacenter, List<CassandraNode> running,
                                        Instant deadline) throws TimeoutException, InterruptedException {
        String lastProblem = "no session yet";
        while (Instant.now().isBefore(deadline)) {
            try (CqlSession session = cluster.newSession(datacenter, running.stream()
                    .map(CassandraNode::nativeAddress).toList())) {
                while (Instant.now().isBefore(deadline)) {
                    Optional<String> problem = problem(session, cluster.members().size(), running);
                    if (problem.isEmpty()) {
                        return;
                    }
                    lastProblem = problem.get();
                    for (CassandraNode node : running) {
                        if (!node.isRunning()) {
                            throw new IllegalStateException("Cassandra node " + node.address() + " exited");
                        }
                    }
                    Thread.sleep(500);
                }
            } catch (RuntimeException e) {
                if (running.stream().anyMatch(node -> !node.isRunning())) {
                    throw e;
                }
                lastProblem = e.toString();
                Thread.sleep(500);
            }
        }
        throw new TimeoutException("data center " + datacenter + " of cluster " + cluster.spec().name()
                + " not ready in time: " + lastProblem);
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
                    .setNode(node)).all();
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
