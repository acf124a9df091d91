package io.ringmap.restart.cluster;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import io.ringmap.restart.NodeView;
import io.ringmap.restart.service.NodeViews;
import io.ringmap.ring.Node;
import io.ringmap.topology.ClusterSession;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * Reads each node's own gossip view from {@code system_views.gossip_info} (Cassandra 4.1 and later) with a statement
 * addressed to that node ({@code Statement.setNode}), all nodes at once, each bounded by the timeout. A node the
 * driver has no open connection to has its native transport closed (or is unreachable): its view is unreadable.
 */
public class GossipViews implements NodeViews {

    static final String SOURCE = "system_views.gossip_info";
    static final String QUERY = "SELECT * FROM system_views.gossip_info";

    private final ClusterSession cluster;
    private final Duration timeout;
    private final Clock clock;

    public GossipViews(ClusterSession cluster, Duration timeout, Clock clock) {
        this.cluster = cluster;
        this.timeout = timeout;
        this.clock = clock;
    }

    @Override
    public List<NodeView> read(List<Node> nodes) {
        Optional<CqlSession> open = cluster.session();
        if (open.isEmpty()) {
            return nodes.stream()
                    .map(n -> NodeView.unreadable(
                            n.address(), clock.instant(), SOURCE, "ringmap has no open session to the cluster"))
                    .toList();
        }
        CqlSession session = open.get();
        Map<String, com.datastax.oss.driver.api.core.metadata.Node> driverNodes = new HashMap<>();
        session.getMetadata().getNodes().values().forEach(n -> driverNodes.put(ClusterSession.addressOf(n), n));
        List<CompletableFuture<NodeView>> reads = new ArrayList<>();
        for (Node node : nodes) {
            reads.add(read(session, node, driverNodes.get(node.address())).toCompletableFuture());
        }
        List<NodeView> out = new ArrayList<>();
        for (int i = 0; i < reads.size(); i++) {
            String address = nodes.get(i).address();
            try {
                out.add(reads.get(i).get(timeout.toMillis() + 500, TimeUnit.MILLISECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                out.add(NodeView.unreadable(address, clock.instant(), SOURCE, "interrupted"));
            } catch (Exception e) {
                out.add(NodeView.unreadable(address, clock.instant(), SOURCE, "no answer within " + timeout));
            }
        }
        return out;
    }

    private CompletionStage<NodeView> read(
            CqlSession session, Node node, com.datastax.oss.driver.api.core.metadata.Node driverNode) {
        if (driverNode == null) {
            return CompletableFuture.completedFuture(NodeView.unreadable(
                    node.address(), clock.instant(), SOURCE, "the driver knows no node at " + node.address()));
        }
        if (driverNode.getState() != NodeState.UP || driverNode.getOpenConnections() == 0) {
            return CompletableFuture.completedFuture(NodeView.unreadable(
                    node.address(),
                    clock.instant(),
                    SOURCE,
                    "native transport not open: the driver has " + node.address() + " " + driverNode.getState()
                            + " with " + driverNode.getOpenConnections() + " open connections"));
        }
        return session.executeAsync(SimpleStatement.newInstance(QUERY)
                        .setNode(driverNode)
                        .setTimeout(timeout)
                        .setIdempotent(true))
                .thenApply(rs -> view(node.address(), rs))
                .exceptionally(e -> NodeView.unreadable(
                        node.address(),
                        clock.instant(),
                        SOURCE,
                        String.valueOf(rootCause(e).getMessage())));
    }

    private NodeView view(String address, AsyncResultSet rs) {
        Map<String, NodeView.Member> members = new HashMap<>();
        for (Row row : rs.currentPage()) { // one row per endpoint: one page
            InetAddress endpoint = row.getInetAddress("address");
            if (endpoint == null) {
                continue;
            }
            boolean hasStatusWithPort = row.getColumnDefinitions().contains("status_with_port");
            String status = hasStatusWithPort ? row.getString("status_with_port") : null;
            if (status == null && row.getColumnDefinitions().contains("status")) {
                status = row.getString("status");
            }
            String state = status == null ? "unknown" : status.split(",", 2)[0];
            Boolean ready = null;
            if (row.getColumnDefinitions().contains("rpc_ready") && row.getString("rpc_ready") != null) {
                ready = Boolean.parseBoolean(row.getString("rpc_ready"));
            }
            String ip = endpoint.getHostAddress();
            members.put(ip, new NodeView.Member(ip, row.getInt("generation"), state, ready));
        }
        return new NodeView(address, clock.instant(), SOURCE, members, null);
    }

    private static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }
}
