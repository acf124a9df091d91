package io.ringmap.topology.motion;

import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Partitioners;
import io.ringmap.token.Token;
import io.ringmap.topology.NodeTokens;
import io.ringmap.topology.TopologyModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The ring's nodes of a topology model, found by the internode endpoint Cassandra names them by. */
final class RingNodes {

    private final Partitioner partitioner;
    private final Map<String, NodeTokens> byEndpoint = new HashMap<>();
    private final Map<String, NodeTokens> byAddress = new HashMap<>();
    private final Map<String, NodeTokens> byHostId = new HashMap<>();

    RingNodes(TopologyModel model) {
        this.partitioner = Partitioners.byName(model.partitioner());
        for (NodeTokens nt : model.nodes()) {
            byEndpoint.put(nt.node().broadcastEndpoint(), nt);
            byAddress.putIfAbsent(nt.node().broadcastAddress(), nt);
            byHostId.put(nt.node().hostId(), nt);
        }
    }

    Partitioner partitioner() {
        return partitioner;
    }

    /** The ring node at {@code ip:port} (or the IP alone when the ring does not know ports), by host id first. */
    Optional<NodeTokens> find(String hostId, String endpoint) {
        if (hostId != null && byHostId.containsKey(hostId)) {
            return Optional.of(byHostId.get(hostId));
        }
        NodeTokens nt = byEndpoint.get(endpoint);
        if (nt == null) {
            nt = byAddress.get(ip(endpoint));
        }
        return Optional.ofNullable(nt);
    }

    List<Token> tokens(NodeTokens nt) {
        return nt.tokens().stream().map(partitioner::parseToken).toList();
    }

    /** A node that is not in the ring (joining or replacing), named by its internode endpoint. */
    static Node offRing(String hostId, String endpoint, String rpcEndpoint, String dc, String rack) {
        String address = ip(endpoint);
        int port = port(endpoint);
        String rpc = rpcEndpoint == null ? address : ip(rpcEndpoint);
        int rpcPort = rpcEndpoint == null ? 0 : port(rpcEndpoint);
        return new Node(
                hostId == null ? endpoint : hostId,
                rpc,
                dc == null ? "unknown" : dc,
                rack == null ? "unknown" : rack,
                NodeState.JOINING,
                rpcPort,
                address,
                port);
    }

    /** The IP of {@code ip:port}, {@code [v6]:port} or a bare IP (a leading slash, as InetAddress prints, dropped). */
    static String ip(String endpoint) {
        String e = endpoint.startsWith("/") ? endpoint.substring(1) : endpoint;
        if (e.startsWith("[")) {
            return e.substring(1, e.indexOf(']'));
        }
        int colon = e.lastIndexOf(':');
        return colon > 0 && e.indexOf(':') == colon ? e.substring(0, colon) : e;
    }

    static int port(String endpoint) {
        String e = endpoint.startsWith("/") ? endpoint.substring(1) : endpoint;
        int colon = e.lastIndexOf(':');
        boolean hasPort = e.startsWith("[") ? e.indexOf("]:") > 0 : colon > 0 && e.indexOf(':') == colon;
        if (!hasPort) {
            return 0;
        }
        try {
            return Integer.parseInt(e.substring(colon + 1));
        } catch (NumberFormatException ex) {
            return 0;
        }
    }
}
