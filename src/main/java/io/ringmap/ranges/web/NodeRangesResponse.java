package io.ringmap.ranges.web;

import io.ringmap.ranges.NodeRanges;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.TokenRing;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.web.SnapshotAnswer;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.web.NodeIdentity;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.List;

/** The ranges one node replicates in a keyspace: the part of GET /ranges' map that names it. */
@Schema(
        description = "Every range of the keyspace that the node is a replica of, in ring order, with the range's "
                + "replicas in placement order (primary first). Revalidate with If-None-Match and the ETag.")
public record NodeRangesResponse(
        @Schema(example = "iot") String keyspace,
        @Schema(example = "Murmur3Partitioner") String partitioner,
        NodeIdentity node,

        @Schema(description = "How many of the ranges the node is the primary replica of", example = "1")
        long primaryRanges,

        List<NodeRangeView> ranges,
        SnapshotView snapshot)
        implements SnapshotAnswer {

    /**
     * One range of the node.
     *
     * @param start    the range's start token (exclusive)
     * @param end      its end token (inclusive)
     * @param primary  whether the node is the range's primary replica
     * @param replicas the range's replicas' addresses in placement order
     */
    public record NodeRangeView(
            @Schema(example = "-9223372036854775808") String start,
            @Schema(example = "-4611686018427387904") String end,
            boolean primary,

            @Schema(example = "[\"127.0.0.1\", \"127.0.0.2\", \"127.0.0.3\"]")
            List<String> replicas) {}

    static NodeRangesResponse of(ServedSnapshot served, KeyspacePlacement.Placed placement, NodeRanges mine) {
        TokenRing ring = served.tokenRing();
        List<Node> nodes = ring.nodes();
        List<NodeRangeView> ranges = new ArrayList<>(mine.ranges().size());
        for (NodeRanges.Range r : mine.ranges()) {
            List<String> replicas = new ArrayList<>(r.replicas().length);
            for (int n : r.replicas()) {
                replicas.add(nodes.get(n).address());
            }
            ranges.add(new NodeRangeView(
                    ring.tokenAt((r.index() - 1 + ring.size()) % ring.size()).toString(),
                    ring.tokenAt(r.index()).toString(),
                    r.position() == 0,
                    replicas));
        }
        return new NodeRangesResponse(
                placement.keyspace(),
                ring.partitioner().name(),
                NodeIdentity.of(nodes.get(mine.node())),
                mine.primaries(),
                ranges,
                SnapshotView.of(served));
    }
}
