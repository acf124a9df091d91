package io.ringmap.web;

import io.ringmap.topology.Freshness;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/** Which ring snapshot an answer was computed from, and how current it is. */
@Schema(description = "The ring snapshot an answer was computed from")
public record SnapshotView(
        @Schema(description = "Where the topology came from", example = "cluster:Test Cluster") String source,
        @Schema(description = "Snapshot version; increases with every topology change", example = "7") long version,
        @Schema(description = "When the snapshot was built") Instant createdAt,
        @Schema(description = "Seconds since the snapshot was built", example = "12.5") double ageSeconds,
        @Schema(description = "True when the cluster cannot be reached and answers come from the last good snapshot")
        boolean stale,
        @Schema(description = "Why the snapshot is stale", nullable = true) String staleReason) {

    static SnapshotView of(Freshness f) {
        Instant now = Instant.now();
        return new SnapshotView(f.snapshot().source(), f.snapshot().version(), f.snapshot().createdAt(),
                f.age(now).toMillis() / 1000.0, f.stale(), f.staleReason());
    }
}
