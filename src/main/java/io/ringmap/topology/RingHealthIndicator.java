package io.ringmap.topology;

import java.time.Instant;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Readiness: UP once a ring snapshot exists (also when it is stale: the last good snapshot keeps answering, and
 * the details say how old it is); OUT_OF_SERVICE before the first snapshot.
 */
public class RingHealthIndicator implements HealthIndicator {

    private final RingService ringService;

    public RingHealthIndicator(RingService ringService) {
        this.ringService = ringService;
    }

    @Override
    public Health health() {
        return ringService.peek().map(f -> {
            Health.Builder b = Health.up()
                    .withDetail("source", f.snapshot().source())
                    .withDetail("version", f.snapshot().version())
                    .withDetail("createdAt", f.snapshot().createdAt().toString())
                    .withDetail("ageSeconds", f.age(Instant.now()).toSeconds())
                    .withDetail("stale", f.stale())
                    .withDetail("nodes", f.snapshot().ring().ring().nodes().size())
                    .withDetail("tokens", f.snapshot().ring().ring().size())
                    .withDetail("keyspaces", f.snapshot().ring().keyspaces().size());
            if (f.stale()) {
                b.withDetail("staleReason", f.staleReason());
            }
            return b.build();
        }).orElseGet(() -> Health.outOfService().withDetail("reason", "no ring snapshot yet")
                // e.g. "cannot connect to Cassandra: 127.0.0.80:9042: authentication failed: ..."
                .withDetail("cause", ringService.unavailableReason()).build());
    }
}
