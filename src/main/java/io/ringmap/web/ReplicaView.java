package io.ringmap.web;

import io.ringmap.ring.Node;
import io.swagger.v3.oas.annotations.media.Schema;

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
}
