package io.ringmap.availability.web;

import io.ringmap.availability.service.AvailabilityReport;
import io.ringmap.consistency.ConsistencyLevel;
import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The availability of every keyspace asked for. */
public record AvailabilityResponse(
        ConsistencyLevel consistency,
        @Schema(nullable = true) String localDatacenter,
        List<String> assumedDown,
        List<String> liveNodes,
        List<KeyspaceAvailability> keyspaces,

        @Schema(
                description = "Live nodes that can be stopped (on top of assumedDown) without any keyspace "
                        + "losing the level for a range it serves now")
        List<String> safeToStop,

        List<UnsafeNode> unsafeToStop,
        SnapshotView snapshot) {

    static AvailabilityResponse of(AvailabilityReport r) {
        return new AvailabilityResponse(
                r.level(),
                r.localDatacenter(),
                r.assumedDown(),
                r.liveNodes(),
                r.keyspaces().stream().map(KeyspaceAvailability::of).toList(),
                r.safeToStop(),
                r.unsafeToStop().stream()
                        .map(u -> new UnsafeNode(u.address(), u.reasons()))
                        .toList(),
                SnapshotView.of(r.snapshot()));
    }
}
