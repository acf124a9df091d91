package io.ringmap.web;

import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.List;

/** One replica of a token range. */
@Schema(description = "A replica node")
public record ReplicaView(
        @Schema(example = "127.0.0.3") String address,
        @Schema(description = "Host id (UUID in a live cluster)", example = "N3") String hostId,
        @Schema(example = "dc2") String datacenter,
        @Schema(example = "rack1") String rack,
        @Schema(description = "UP, DOWN, UNKNOWN, ...", example = "UP") String state,
        @Schema(description = "False for a transient replica (transient replication, e.g. '3/1')") boolean full) {

    static ReplicaView of(Node n, boolean full) {
        return new ReplicaView(n.address(), n.hostId(), n.datacenter(), n.rack(), n.state().name(), full);
    }

    /**
     * The replicas of {@code set} in placement order, the primary first; with {@code dc}, only those in that data
     * centre.
     *
     * @throws InvalidParameterException when {@code dc} names a data centre without nodes in the ring
     */
    public static List<ReplicaView> of(TokenRing ring, ReplicaSet set, String dc) {
        if (dc != null && ring.nodes().stream().noneMatch(n -> n.datacenter().equals(dc))) {
            throw new InvalidParameterException("dc", "data centre '" + dc + "' has no nodes in the ring; known: "
                    + ring.nodes().stream().map(Node::datacenter).distinct().sorted().toList());
        }
        List<ReplicaView> out = new ArrayList<>(set.size());
        for (int i = 0; i < set.size(); i++) {
            Node node = ring.nodes().get(set.node(i));
            if (dc == null || dc.equals(node.datacenter())) {
                out.add(of(node, set.isFull(i)));
            }
        }
        return out;
    }
}
