package io.ringmap.topology;

import java.time.Duration;
import java.time.Instant;

/**
 * How current the served snapshot is: its age and whether the source has lost contact with the cluster since it
 * was taken (then answers come from the last good snapshot, flagged stale).
 */
public record Freshness(TopologySnapshot snapshot, boolean stale, String staleReason, Instant lastContact) {

    public Duration age(Instant now) {
        return Duration.between(snapshot.createdAt(), now);
    }
}
