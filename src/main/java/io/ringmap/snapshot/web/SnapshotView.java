package io.ringmap.snapshot.web;

import io.ringmap.snapshot.ServedSnapshot;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/** Which ring snapshot an answer was computed from, and how current it is. */
@Schema(description = "The ring snapshot an answer was computed from")
public record SnapshotView(
        @Schema(description = "Where the topology came from", example = "cluster:Test Cluster")
        String source,

        @Schema(
                description = "Snapshot version: a hash of the topology's content, the same on every instance of the "
                        + "service that serves the same topology (and the ETag of snapshot-derived answers)",
                example = "3f9a6c1e0b7d4e2a9c5b8d7e6f1a2b3c")
        String version,

        @Schema(
                description = "Publication counter of this instance; increases with every topology change",
                example = "7")
        long sequence,

        @Schema(description = "When the snapshot was built") Instant createdAt,

        @Schema(description = "Seconds since the snapshot was built", example = "12.5")
        double ageSeconds,

        @Schema(description = "True when the cluster cannot be reached and answers come from the last good snapshot")
        boolean stale,

        @Schema(description = "Why the snapshot is stale", nullable = true)
        String staleReason,

        @Schema(description = "Ranges in motion: writes count pending replicas while they are")
        MotionView motion,

        @Schema(
                description =
                        "Cassandra 6.0: the cluster-metadata epoch the snapshot reflects (the last of the "
                                + "answering node's system_views.cluster_metadata_log); absent before 6.0 and for a static topology",
                example = "42",
                nullable = true)
        Long epoch)
        implements SnapshotAnswer.Source {

    public static SnapshotView of(ServedSnapshot served) {
        return new SnapshotView(
                served.source(),
                served.contentHash(),
                served.version(),
                served.createdAt(),
                served.age().toMillis() / 1000.0,
                served.stale(),
                served.staleReason(),
                MotionView.of(served.motion()),
                served.epoch());
    }

    /** The same block at another age. */
    public SnapshotView withAgeSeconds(double age) {
        return new SnapshotView(source, version, sequence, createdAt, age, stale, staleReason, motion, epoch);
    }

    @Override
    public String etag() {
        return ServedSnapshot.etag(version, stale);
    }
}
