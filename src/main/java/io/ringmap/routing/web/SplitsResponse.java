package io.ringmap.routing.web;

import io.ringmap.snapshot.web.SnapshotAnswer;
import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The splits of a scan, in ring order. */
public record SplitsResponse(
        String keyspace,
        String table,
        String partitioner,
        @Schema(description = "even, aligned or size") String mode,
        @Schema(description = "Splits asked for") int requested,

        @Schema(
                description = "Splits returned (aligned: about n; more when no node replicates 1/n of the ring, "
                        + "e.g. vnode rings with many nodes)")
        int count,

        @Schema(
                description = "compact=true only: the statement shared by every range without its own cql",
                nullable = true)
        CqlTemplate template,

        List<SplitView> splits,
        SnapshotView snapshot)
        implements SnapshotAnswer {}
