package io.ringmap.routing.web;

import io.ringmap.snapshot.web.SnapshotView;
import java.util.List;
import tools.jackson.databind.annotation.JsonSerialize;

/** The replicas of a batch, in request order. */
public record ReplicasBatchResponse(
        String keyspace,
        String table,
        String partitioner,
        boolean nodeLocal,
        List<String> warnings,
        @JsonSerialize(using = ReplicasResults.Writer.class) List<ReplicasResult> results,
        SnapshotView snapshot) {

    /** The answer of a batch's results. */
    static ReplicasBatchResponse of(ReplicasResults results) {
        return new ReplicasBatchResponse(
                results.placement().keyspace(),
                results.table(),
                results.served().partitioner().name(),
                results.placement().nodeLocal(),
                results.placement().warnings(),
                results,
                SnapshotView.of(results.served()));
    }
}
