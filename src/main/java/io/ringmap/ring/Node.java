package io.ringmap.ring;

import java.util.Objects;

/**
 * A Cassandra node as placement sees it: identity, address, data centre, rack and state.
 *
 * @param hostId the node's host id (a UUID in a live cluster; a stable name in a static topology)
 * @param address the node's broadcast RPC address, as {@code nodetool getendpoints} prints it
 */
public record Node(String hostId, String address, String datacenter, String rack, NodeState state) {

    public Node {
        Objects.requireNonNull(hostId, "hostId");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(datacenter, "datacenter");
        Objects.requireNonNull(rack, "rack");
        Objects.requireNonNull(state, "state");
    }
}
