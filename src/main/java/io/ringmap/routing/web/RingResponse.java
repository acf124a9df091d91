package io.ringmap.routing.web;

import io.ringmap.snapshot.web.SnapshotAnswer;
import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The ring. */
public record RingResponse(
        String partitioner,
        int tokenCount,

        @Schema(description = "All nodes of the ring (the page below may hold fewer)", example = "4")
        int nodeCount,

        @Schema(description = "Node counts per data centre and state, over the whole ring")
        List<DatacenterSummary> datacenters,

        @Schema(description = "Index of the first node on this page", example = "0")
        int offset,

        @Schema(description = "Offset of the next page; absent on the last page", nullable = true)
        Integer nextOffset,

        @Schema(description = "This page of nodes, in the ring's node order")
        List<NodeView> nodes,

        List<KeyspaceView> keyspaces,
        SnapshotView snapshot,

        @Schema(
                description = "Nodes joining, leaving, moving or replacing another (empty when no range is in "
                        + "motion; snapshot.motion says where this was read)")
        List<MovingNodeView> moving)
        implements SnapshotAnswer {}
