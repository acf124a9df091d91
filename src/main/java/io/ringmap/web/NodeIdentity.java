package io.ringmap.web;

import io.ringmap.ring.Node;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Who a node is and where it stands, as every answer that names a node gives it: on its own (a heatmap bucket's
 * replicas, {@code /ranges}' nodes) or first in a richer view, unwrapped into it with {@code @JsonUnwrapped} (a
 * replica, a node of {@code /ring}, a node in motion), so the five fields read and serialize the same everywhere.
 */
@Schema(description = "A node: where clients connect, its identity, its place and its state")
public record NodeIdentity(
        @Schema(description = "Broadcast RPC address: what clients connect to", example = "127.0.0.3")
        String address,

        @Schema(description = "Host id: the node's identity (UUID in a live cluster)", example = "N3")
        String hostId,

        @Schema(example = "dc2") String datacenter,
        @Schema(example = "rack1") String rack,

        @Schema(
                description = "UP, DOWN or UNKNOWN; for a node in motion (/ring's moving) JOINING, LEAVING, MOVING "
                        + "or REPLACING",
                example = "UP")
        String state) {

    /** {@code node} in the state the ring has for it. */
    public static NodeIdentity of(Node node) {
        return of(node, node.state().name());
    }

    /** {@code node} with {@code state} in place of the ring's (a node in motion names its motion). */
    public static NodeIdentity of(Node node, String state) {
        return new NodeIdentity(node.address(), node.hostId(), node.datacenter(), node.rack(), state);
    }
}
