package io.ringmap.topology.motion;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringmap.pending.MotionKind;
import io.ringmap.pending.MotionReport;
import io.ringmap.pending.MotionSource;
import io.ringmap.pending.NodeMotion;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.token.Token;
import io.ringmap.topology.NodeQueries;
import io.ringmap.topology.NodeTokens;
import io.ringmap.topology.TopologyModel;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the ring's movement from Cassandra 5.0's {@code system_views.gossip_info}: each endpoint's gossip status
 * ({@code STATUS_WITH_PORT}, else {@code STATUS}), as {@code StorageService.onChange} reads it to fill
 * {@code TokenMetadata}'s bootstrap tokens, leaving and moving endpoints. The pending ranges are then calculated
 * ({@code io.ringmap.pending.PendingRangeCalculator}).
 *
 * <p>What CQL cannot show: the table has no {@code tokens} column (Cassandra leaves {@code TOKENS} out), and a
 * bootstrap status names only the first of the joining node's tokens ({@code VersionedValue.bootstrapping}); for a
 * vnode joiner only that token's ranges are counted, and the answer says so. The table does not say whether the
 * coordinator's failure detector counts a joining node as live: it is assumed live.
 */
final class GossipMotionReader {

    static final String QUERY = "SELECT address, port, host_id, dc, rack, status, status_with_port, "
            + "native_address_and_port, rpc_address FROM system_views.gossip_info";

    static final String FIRST_TOKEN_ONLY = "system_views.gossip_info shows only the first token of a joining "
            + "node (it has no tokens column): a vnode joiner's pending ranges are those of that token alone; "
            + "exact for single-token nodes, use JMX (ringmap.pending.source=jmx) for vnodes";

    static final String ASSUMED_LIVE = "a joining or replacing node is assumed live (gossip_info does not say)";

    static final String STATUSES = "SELECT address, port, status_with_port, status FROM system_views.gossip_info";

    private GossipMotionReader() {}

    /** Whether the session's cluster has {@code system_views.gossip_info} (Cassandra 4.1 and later). */
    static boolean available(CqlSession session) {
        return session.getMetadata()
                .getKeyspace("system_views")
                .flatMap(ks -> ks.getTable("gossip_info"))
                .isPresent();
    }

    /** Every endpoint's gossip status, in one text that changes when any of them does. */
    static String statuses(CqlSession session, NodeQueries queries, Duration timeout) {
        List<String> out = new ArrayList<>();
        for (Row row :
                queries.execute(session, SimpleStatement.newInstance(STATUSES).setTimeout(timeout))) {
            InetAddress address = row.getInetAddress("address");
            String status = row.getString("status_with_port");
            out.add(address + ":" + row.getInt("port") + "=" + (status != null ? status : row.getString("status")));
        }
        out.sort(null);
        return String.join(";", out);
    }

    static MotionReport read(CqlSession session, NodeQueries queries, TopologyModel model, Duration timeout) {
        RingNodes ring = new RingNodes(model);
        List<Row> rows = queries.execute(
                        session, SimpleStatement.newInstance(QUERY).setTimeout(timeout))
                .all();
        List<Status> statuses = new ArrayList<>();
        for (Row row : rows) {
            InetAddress address = row.getInetAddress("address");
            if (address == null) {
                continue;
            }
            String status = row.getString("status_with_port");
            if (status == null) {
                status = row.getString("status");
            }
            String hostId = row.getString("host_id");
            String endpoint = endpoint(address.getHostAddress(), row.getInt("port"));
            String nativeEndpoint = row.getString("native_address_and_port");
            if (nativeEndpoint == null && row.getString("rpc_address") != null) {
                nativeEndpoint = row.getString("rpc_address");
            }
            statuses.add(
                    new Status(hostId, endpoint, nativeEndpoint, row.getString("dc"), row.getString("rack"), status));
        }
        return of(ring, statuses);
    }

    /** One endpoint's gossip as the table shows it. */
    record Status(String hostId, String endpoint, String nativeEndpoint, String dc, String rack, String status) {}

    /** The movement the statuses describe (pure: tested without a cluster). */
    static MotionReport of(RingNodes ring, List<Status> statuses) {
        List<NodeMotion> motions = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Status s : statuses) {
            if (s.status() == null) {
                continue;
            }
            String[] parts = s.status().split(",", -1);
            String state = parts[0];
            String arg = parts.length > 1 ? parts[1] : null;
            Optional<NodeTokens> inRing = ring.find(s.hostId(), s.endpoint());
            switch (state) {
                case "BOOT" -> {
                    Node joiner = RingNodes.offRing(s.hostId(), s.endpoint(), s.nativeEndpoint(), s.dc(), s.rack());
                    List<Token> tokens =
                            arg == null ? List.of() : List.of(ring.partitioner().parseToken(arg));
                    motions.add(new NodeMotion(joiner, MotionKind.JOINING, tokens, null, true));
                    addOnce(notes, FIRST_TOKEN_ONLY);
                    addOnce(notes, ASSUMED_LIVE);
                }
                case "BOOT_REPLACE" -> {
                    Optional<NodeTokens> replaced = arg == null ? Optional.empty() : ring.find(null, arg);
                    if (replaced.isPresent()) {
                        Node replacing =
                                RingNodes.offRing(s.hostId(), s.endpoint(), s.nativeEndpoint(), s.dc(), s.rack());
                        motions.add(new NodeMotion(
                                replacing,
                                MotionKind.REPLACING,
                                ring.tokens(replaced.get()),
                                replaced.get().node().hostId(),
                                true));
                        addOnce(notes, ASSUMED_LIVE);
                    }
                }
                case "LEAVING", "removing" -> {
                    // StorageService.handleStateLeaving; handleStateRemoving marks the removed endpoint leaving too
                    Optional<NodeTokens> leaving = state.equals("removing") ? ring.find(arg, s.endpoint()) : inRing;
                    leaving.ifPresent(nt -> motions.add(new NodeMotion(
                            nt.node().withState(NodeState.LEAVING),
                            MotionKind.LEAVING,
                            ring.tokens(nt),
                            null,
                            nt.node().state() != NodeState.DOWN)));
                }
                case "MOVING" ->
                    inRing.ifPresent(nt -> motions.add(new NodeMotion(
                            nt.node().withState(NodeState.MOVING),
                            MotionKind.MOVING,
                            arg == null ? List.of() : List.of(ring.partitioner().parseToken(arg)),
                            null,
                            nt.node().state() != NodeState.DOWN)));
                default -> {
                    // NORMAL, LEFT, shutdown, hibernate, removed: nothing in motion
                }
            }
        }
        motions.sort(java.util.Comparator.comparing((NodeMotion m) -> m.node().hostId()));
        return new MotionReport(
                MotionSource.GOSSIP, motions, Map.of(), notes.isEmpty() ? null : String.join("; ", notes));
    }

    private static void addOnce(List<String> notes, String note) {
        if (!notes.contains(note)) {
            notes.add(note);
        }
    }

    private static String endpoint(String ip, int port) {
        return ip.indexOf(':') >= 0 ? "[" + ip + "]:" + port : ip + ":" + port;
    }
}
