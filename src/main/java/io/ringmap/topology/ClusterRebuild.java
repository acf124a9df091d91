package io.ringmap.topology;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import io.ringmap.config.ClusterProperties;
import io.ringmap.config.TopologyProperties;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the driver's metadata into a model and publishes it, fresh when a node answered a query, stale otherwise: a
 * driver reporting every node DOWN, or a {@code system.local} read that fails, means answers come from the last good
 * snapshot. Topology thread only.
 */
final class ClusterRebuild {

    private static final Logger log = LoggerFactory.getLogger(ClusterTopologySource.class);

    static final String LOCAL_TOKENS = "SELECT host_id, tokens FROM system.local";
    static final String PEER_TOKENS = "SELECT host_id, tokens FROM system.peers";

    private final TopologyProperties topology;
    private final ClusterProperties cluster;
    private final TopologyPublisher publisher;
    private final MotionReader motion;
    /** Where the rebuild's own queries go; its answering node is the one LocalStrategy keyspaces resolve to. */
    private final NodeQueries queries;

    private volatile String clusterName;
    /** Whether the last rebuild saw ranges in motion: then the source rebuilds again within seconds. */
    private volatile boolean inMotion;

    ClusterRebuild(
            TopologyProperties topology,
            ClusterProperties cluster,
            TopologyPublisher publisher,
            MotionReader motion,
            NodeQueries queries) {
        this.topology = topology;
        this.cluster = cluster;
        this.publisher = publisher;
        this.motion = motion;
        this.queries = queries;
    }

    /** Whether the last rebuild saw a node joining, leaving, moving or replacing another. */
    boolean inMotion() {
        return inMotion;
    }

    /** The source's name: the cluster's, once read. */
    String name() {
        String n = clusterName;
        return "cluster:" + (n == null ? "unknown" : n);
    }

    /** Reads {@code s}'s metadata and publishes it. */
    void rebuild(CqlSession s) {
        try {
            Metadata metadata = s.getMetadata();
            String staleReason = null;
            if (metadata.getNodes().values().stream().noneMatch(n -> n.getState() == NodeState.UP)) {
                staleReason = "lost contact with Cassandra: the driver reports every node DOWN";
            } else {
                Optional<String> failure = ping(s);
                if (failure.isPresent()) {
                    staleReason = "lost contact with Cassandra: " + failure.get();
                }
            }
            String local = cluster.localNode() != null ? cluster.localNode() : queries.answering();
            Map<UUID, Set<String>> tablesTokens =
                    staleReason == null && anyCanMove(metadata) ? tablesTokens(s) : Map.of();
            Optional<TopologyModel> model = ClusterModelReader.read(metadata, topology::serves, local, tablesTokens)
                    .map(m -> motion.read(s, queries, m));
            inMotion = model.isPresent() && !model.get().motion().motions().isEmpty();
            if (model.isEmpty()) {
                log.debug("the driver has no token map yet; waiting for the next event or refresh");
                if (staleReason != null) {
                    publisher.markStale(staleReason);
                }
                return;
            }
            clusterName = model.get().clusterName();
            if (staleReason == null) {
                publisher.publish(model.get(), name());
            } else {
                publisher.publishStale(model.get(), name(), staleReason);
            }
        } catch (IllegalArgumentException e) {
            log.error(
                    "the topology of {} cannot form a ring; serving the last good snapshot: {}",
                    name(),
                    e.getMessage());
        } catch (RuntimeException e) {
            log.error("reading the topology of {} failed; serving the last good snapshot", name(), e);
        }
    }

    /**
     * Each node's tokens by host id, as one node's {@code system.local} and {@code system.peers} list them (both read
     * from the same node): what the driver reads when it reads the node list, read at each rebuild of a cluster with
     * a node that can move, because the driver does not read it again after a move (see
     * {@link ClusterModelReader#read}). Empty when either read fails: the driver's tokens are used then, and the next
     * rebuild tries again.
     */
    private Map<UUID, Set<String>> tablesTokens(CqlSession s) {
        try {
            ResultSet local =
                    queries.execute(s, SimpleStatement.newInstance(LOCAL_TOKENS).setTimeout(cluster.checkTimeout()));
            Node answering = local.getExecutionInfo().getCoordinator();
            Map<UUID, Set<String>> out = new HashMap<>();
            local.forEach(row -> put(out, row));
            s.execute(SimpleStatement.newInstance(PEER_TOKENS)
                            .setTimeout(cluster.checkTimeout())
                            .setNode(answering))
                    .forEach(row -> put(out, row));
            return out;
        } catch (RuntimeException e) {
            log.debug(
                    "reading the nodes' tokens from the system tables failed; the driver's are used: {}", e.toString());
            return Map.of();
        }
    }

    /**
     * Whether a node has one token in the driver's map: only such a node can move ({@code nodetool move} refuses a
     * node with more), so a vnode cluster (1000 nodes x 256 tokens: about 6 MB of token text) is never read for it.
     */
    private static boolean anyCanMove(Metadata metadata) {
        return metadata.getTokenMap()
                .map(map -> metadata.getNodes().values().stream()
                        .anyMatch(n -> map.getTokens(n).size() == 1))
                .orElse(false);
    }

    private static void put(Map<UUID, Set<String>> out, Row row) {
        UUID hostId = row.getUuid("host_id");
        if (hostId != null) {
            Set<String> tokens = row.getSet("tokens", String.class);
            out.put(hostId, tokens == null ? Set.of() : tokens);
        }
    }

    /**
     * Asks a node for {@code system.local} ({@link NodeQueries}: the node that answered last first, so LocalStrategy
     * placements stay on it while it answers, and a node that is UP but silent does not make the cluster lost).
     *
     * @return why the cluster is unreachable, or empty when a node answered
     */
    private Optional<String> ping(CqlSession s) {
        try {
            queries.execute(
                    s,
                    SimpleStatement.newInstance("SELECT release_version FROM system.local")
                            .setTimeout(cluster.checkTimeout()));
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of(ConnectionErrors.message(e));
        }
    }
}
