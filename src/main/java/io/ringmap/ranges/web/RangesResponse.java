package io.ringmap.ranges.web;

import io.ringmap.snapshot.web.SnapshotAnswer;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.web.NodeIdentity;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The map. */
@Schema(
        description = "Range i is (tokens[i-1], tokens[i]], range 0 wrapping from the last token; replicas[i] "
                + "are its replicas as indexes into nodes, primary first. A token t belongs to the first range whose end "
                + "is >= t (wrapping to range 0). Revalidate with If-None-Match and the ETag.")
public record RangesResponse(
        String keyspace,
        String partitioner,

        @Schema(description = "True for LocalStrategy: the replica is whichever node serves the request")
        boolean nodeLocal,

        List<NodeIdentity> nodes,

        @Schema(description = "Range end tokens in ring order")
        String[] tokens,

        @Schema(description = "Per range, its replicas' node indexes in placement order")
        int[][] replicas,

        @Schema(
                description = "Per range, the node indexes of its transient replicas; absent without transient "
                        + "replication",
                nullable = true)
        int[][] transientReplicas,

        List<String> warnings,
        SnapshotView snapshot,

        @Schema(
                description = "Nodes that are pending replicas but not in the ring (joining, replacing); indexes "
                        + "into them continue after nodes")
        List<NodeIdentity> pendingNodes,

        @Schema(
                description = "Write replicas beside the read replicas above while ranges are in motion: each "
                        + "pending range with the node indexes (into nodes, then pendingNodes) that receive its writes "
                        + "on top of the range's replicas (Cassandra's pending range map). Empty when none")
        List<PendingRangeEntry> pendingRanges)
        implements SnapshotAnswer {}
