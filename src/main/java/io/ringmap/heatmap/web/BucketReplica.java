package io.ringmap.heatmap.web;

import io.ringmap.ring.Node;
import io.swagger.v3.oas.annotations.media.Schema;

/** A replica of a bucket. */
@Schema(description = "A node replicating (part of) a bucket")
public record BucketReplica(
        @Schema(example = "127.0.0.3") String address,
        @Schema(example = "N3") String hostId,
        @Schema(example = "dc2") String datacenter,
        @Schema(example = "rack1") String rack,
        @Schema(example = "UP") String state) {

    static BucketReplica of(Node n) {
        return new BucketReplica(
                n.address(), n.hostId(), n.datacenter(), n.rack(), n.state().name());
    }
}
