package io.ringmap.snapshot;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Readiness: UP once a ring snapshot exists (also when it is stale: the last good snapshot keeps answering, and
 * the details say how old it is); OUT_OF_SERVICE before the first snapshot.
 */
public class SnapshotHealthIndicator implements HealthIndicator {

    private final SnapshotHolder holder;

    public SnapshotHealthIndicator(SnapshotHolder holder) {
        this.holder = holder;
    }

    @Override
    public Health health() {
        return holder.peek()
                .map(s -> {
                    Health.Builder b = Health.up()
                            .withDetail("source", s.source())
                            .withDetail("version", s.contentHash())
                            .withDetail("sequence", s.version())
                            .withDetail("createdAt", s.createdAt().toString())
                            .withDetail("ageSeconds", s.age().toSeconds())
                            .withDetail("stale", s.stale())
                            .withDetail("nodes", s.tokenRing().nodes().size())
                            .withDetail("tokens", s.tokenRing().size())
                            .withDetail("keyspaces", s.ring().keyspaces().size());
                    if (s.stale()) {
                        b.withDetail("staleReason", s.staleReason());
                    }
                    return b.build();
                })
                .orElseGet(() -> Health.outOfService()
                        .withDetail("reason", "no ring snapshot yet")
                        // e.g. "cannot connect to Cassandra: no node answered: 127.0.0.80:9042: authentication failed:
                        // ..."
                        .withDetail("cause", holder.unavailableReason())
                        .build());
    }
}
