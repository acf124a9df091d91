package io.ringmap.routing.web;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.RoutingService;
import io.ringmap.web.NodeIdentity;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.List;

/** One replica of a token range. */
@Schema(
        description = "A replica node. hostId identifies it; address (with rpcPort) is where clients connect; "
                + "broadcastAddress is the internode address nodetool getendpoints prints (they differ behind NAT, on "
                + "multi-homed hosts and in clouds)")
public record ReplicaView(
        @JsonUnwrapped NodeIdentity node,

        @Schema(description = "False for a transient replica (transient replication, e.g. '3/1')")
        boolean full,

        @Schema(description = "Native transport port at address; null when unknown", example = "9042", nullable = true)
        Integer rpcPort,

        @Schema(
                description = "Broadcast (internode) address, as nodetool getendpoints prints it",
                example = "127.0.0.3")
        String broadcastAddress,

        @Schema(
                description =
                        "Storage port at broadcastAddress (nodetool -pp prints address:port); null when " + "unknown",
                example = "7000",
                nullable = true)
        Integer broadcastPort) {

    static ReplicaView of(Node n, boolean full) {
        return new ReplicaView(
                NodeIdentity.of(n), full, port(n.rpcPort()), n.broadcastAddress(), port(n.broadcastPort()));
    }

    static Integer port(int port) {
        return port == 0 ? null : port;
    }

    /**
     * The replicas of {@code set} in placement order, the primary first; with {@code dc}, only those in that data
     * centre.
     *
     * @throws InvalidParameterException when {@code dc} names a data centre without nodes in the ring
     */
    public static List<ReplicaView> of(TokenRing ring, ReplicaSet set, String dc) {
        RoutingService.requireDatacenter(ring, dc);
        List<ReplicaView> out = new ArrayList<>(set.size());
        for (int i = 0; i < set.size(); i++) {
            Node node = ring.nodes().get(set.node(i));
            if (keeps(dc, node)) {
                out.add(of(node, set.isFull(i)));
            }
        }
        return out;
    }

    /** Whether the data centre filter {@code dc} keeps {@code node} (every node when there is none). */
    static boolean keeps(String dc, Node node) {
        return dc == null || dc.equals(node.datacenter());
    }
}
