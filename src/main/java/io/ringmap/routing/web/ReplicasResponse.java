package io.ringmap.routing.web;

import io.ringmap.consistency.ReplicaConsistency;
import io.ringmap.routing.ReplicaRoute;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.web.SnapshotAnswer;
import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.annotation.JsonSerialize;

/** One key's or token's replicas. */
@Schema(description = "The replicas of one partition key or token")
public record ReplicasResponse(
        @Schema(example = "iot") String keyspace,

        @Schema(description = "Set when a key was given", example = "readings", nullable = true)
        String table,

        @Schema(description = "The key's components in canonical text (when a key was given)", nullable = true)
        Map<String, String> key,

        @Schema(example = "1523456789012345678") String token,
        @Schema(example = "Murmur3Partitioner") String partitioner,

        @Schema(description = "The node-owned range holding the token")
        RangeView range,

        @Schema(description = "Replicas in placement order, the primary first")
        @JsonSerialize(using = ReplicaViews.Writer.class)
        List<ReplicaView> replicas,

        @Schema(description = "Replica addresses grouped by data centre")
        Map<String, List<String>> replicasByDatacenter,

        @Schema(description = "True for LocalStrategy keyspaces: the data lives on the node serving the request")
        boolean nodeLocal,

        @Schema(description = "Placement warnings, e.g. a DC with fewer nodes than its RF")
        List<String> warnings,

        @Schema(
                description = "With consistency=...: what a read and a write at that level need from these "
                        + "replicas per DC, how many are live, and whether they can succeed",
                nullable = true)
        ReplicaConsistency consistency,

        SnapshotView snapshot,

        @Schema(
                description = "Pending replicas: nodes gaining this token's range while the ring changes (joining, "
                        + "or taking over from a leaving or moving node). Writes go to them too and wait for them "
                        + "(blockFor plus each pending replica); reads never do. Empty when no range is in motion")
        List<ReplicaView> pendingReplicas)
        implements SnapshotAnswer {

    /** The answer for a key of {@code table} (null for a token), only replicas in {@code dc} when given. */
    static ReplicasResponse of(ReplicaRoute r, String table, String dc) {
        ServedSnapshot served = r.snapshot();
        ReplicaViews replicas = ReplicaViews.of(served.tokenRing(), r.lookup().replicas(), dc);
        return new ReplicasResponse(
                r.placement().keyspace(),
                table,
                r.key() == null ? null : r.key().keyByColumn(),
                r.token().toString(),
                served.partitioner().name(),
                RangeView.of(r.lookup().range()),
                replicas,
                replicas.addressesByDatacenter(),
                r.placement().nodeLocal(),
                r.placement().warnings(),
                r.consistency(),
                SnapshotView.of(served),
                r.pending().stream()
                        .filter(n -> ReplicaView.keeps(dc, n))
                        .map(n -> ReplicaView.of(n, true))
                        .toList());
    }
}
