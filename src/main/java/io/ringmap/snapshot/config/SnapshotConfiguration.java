package io.ringmap.snapshot.config;

import io.ringmap.snapshot.OwnershipMetrics;
import io.ringmap.snapshot.ReadinessMetrics;
import io.ringmap.snapshot.SnapshotHealthIndicator;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.snapshot.SnapshotMetrics;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The ring service's heart: the holder of the served snapshot, its health and its meters. */
@Configuration(proxyBeanMethods = false)
public class SnapshotConfiguration {
    @Bean
    @ConditionalOnMissingBean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    SnapshotHolder snapshotHolder(Clock clock) {
        return new SnapshotHolder(clock);
    }

    /** Readiness needs a ring snapshot ({@code management.endpoint.health.group.readiness.include}). */
    @Bean("ring")
    SnapshotHealthIndicator ringHealthIndicator(SnapshotHolder snapshots) {
        return new SnapshotHealthIndicator(snapshots);
    }

    /** Age, staleness and version of the served snapshot, nodes by state. */
    @Bean
    SnapshotMetrics snapshotMetrics(SnapshotHolder snapshots) {
        return new SnapshotMetrics(snapshots);
    }

    /** Readiness as a gauge, for the dashboard's health row. */
    @Bean
    ReadinessMetrics readinessMetrics(ObjectProvider<HealthEndpoint> health) {
        return ReadinessMetrics.of(health);
    }

    /** Effective ownership per keyspace and node, to compare with the replica hits. */
    @Bean
    OwnershipMetrics ownershipMetrics(SnapshotHolder snapshots) {
        return new OwnershipMetrics(snapshots);
    }
}
