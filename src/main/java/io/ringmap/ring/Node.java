package io.ringmap.ring;

import java.util.Objects;

/**
 * A Cassandra node as placement sees it: identity, addresses, data centre, rack and state.
 *
 * <p>A node has two addresses, which differ behind NAT, on multi-homed hosts and in clouds: the broadcast RPC
 * address clients connect to ({@code broadcast_rpc_address}, the driver's endpoint) and the broadcast address other
 * nodes reach it at ({@code broadcast_address}, what {@code nodetool getendpoints} prints). Since Cassandra 4.0
 * several nodes may share one IP on different ports, so neither address identifies a node: the host id does.
 *
 * @param hostId the node's identity: its host id (a UUID in a live cluster; a stable name in a static topology),
 *     unique in a ring
 * @param address the broadcast RPC address (IP) clients connect to
 * @param rpcPort the native transport port at {@code address}, 0 when unknown
 * @param broadcastAddress the broadcast (internode) address (IP), as {@code nodetool getendpoints} prints it
 * @param broadcastPort the storage port at {@code broadcastAddress}, 0 when unknown
 */
public record Node(
        String hostId,
        String address,
        String datacenter,
        String rack,
        NodeState state,
        int rpcPort,
        String broadcastAddress,
        int broadcastPort) {

    public Node {
        Objects.requireNonNull(hostId, "hostId");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(datacenter, "datacenter");
        Objects.requireNonNull(rack, "rack");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(broadcastAddress, "broadcastAddress");
        if (rpcPort < 0 || rpcPort > 65535 || broadcastPort < 0 || broadcastPort > 65535) {
            throw new IllegalArgumentException(
                    "ports must be between 0 (unknown) and 65535, were " + rpcPort + " and " + broadcastPort);
        }
    }

    /** A node whose broadcast address is its RPC address, ports unknown. */
    public Node(String hostId, String address, String datacenter, String rack, NodeState state) {
        this(hostId, address, datacenter, rack, state, 0, address, 0);
    }

    /** The same node in another state. */
    public Node withState(NodeState newState) {
        return new Node(hostId, address, datacenter, rack, newState, rpcPort, broadcastAddress, broadcastPort);
    }

    /** {@code address:rpcPort} (the address alone when the port is unknown): where a client connects. */
    public String rpcEndpoint() {
        return endpoint(address, rpcPort);
    }

    /** {@code broadcastAddress:broadcastPort} (the address alone when the port is unknown): {@code nodetool -pp}. */
    public String broadcastEndpoint() {
        return endpoint(broadcastAddress, broadcastPort);
    }

    private static String endpoint(String ip, int port) {
        if (port == 0) {
            return ip;
        }
        return ip.indexOf(':') >= 0 ? "[" + ip + "]:" + port : ip + ":" + port;
    }
}
