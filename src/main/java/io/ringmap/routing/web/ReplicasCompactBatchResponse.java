package io.ringmap.routing.web;

import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import tools.jackson.databind.annotation.JsonSerialize;

/** The replicas of a batch, each distinct replica listed once and each key referring to them. */
@Schema(description = "A batch answer of POST /replicas in compact form: the same replicas, each listed once")
public record ReplicasCompactBatchResponse(
        String keyspace,
        String table,
        String partitioner,
        boolean nodeLocal,
        List<String> warnings,

        @Schema(
                description = "The distinct replicas of the batch (a node once as a full and once as a transient "
                        + "replica, if it is both), in order of first use; results refer to them by index")
        @JsonSerialize(using = ReplicaViews.Writer.class)
        List<ReplicaView> replicas,

        @Schema(description = "In request order") @JsonSerialize(using = CompactResults.Writer.class)
        List<CompactResult> results,

        SnapshotView snapshot) {

    /** The compact answer of a batch's results: its replicas as indexes into the distinct ones. */
    static ReplicasCompactBatchResponse of(ReplicasResults results) {
        CompactResults compact = new CompactResults(results);
        return new ReplicasCompactBatchResponse(
                results.placement().keyspace(),
                results.table(),
                results.served().partitioner().name(),
                results.placement().nodeLocal(),
                results.placement().warnings(),
                compact.replicas(),
                compact,
                SnapshotView.of(results.served()));
    }
}
