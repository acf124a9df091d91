package io.ringmap.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ringmap.testsupport.MovingClock;
import io.ringmap.topology.StaticTopologyParser;
import io.ringmap.topology.TopologyModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TopologyRefreshMetricsTest {

    private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

    private static TopologyModel sample() throws IOException {
        try (var in = TopologyRefreshMetricsTest.class.getResourceAsStream("/topology/default.yaml")) {
            return StaticTopologyParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "sample");
        }
    }

    @Test
    void lastSuccessIsNaNBeforeTheFirstRefreshThenTheTimeOfTheLastContact() throws IOException {
        MovingClock clock = new MovingClock(T0);
        SnapshotHolder holder = new SnapshotHolder(clock);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new TopologyRefreshMetrics(holder, "cluster", Optional.of(Duration.ofSeconds(30))).bindTo(registry);
        var lastSuccess = registry.get(TopologyRefreshMetrics.LAST_SUCCESS)
                .tag("source", "cluster")
                .gauge();
        var failures = registry.get(TopologyRefreshMetrics.FAILURES).functionCounter();

        // before the first snapshot: no time, connecting is no failure, a failed connection attempt is one
        holder.connecting("connecting to Cassandra");
        assertThat(lastSuccess.value()).isNaN();
        assertThat(failures.count()).isZero();
        holder.markStale("cannot connect to Cassandra: no node answered: 127.0.0.1:9042: connection refused");
        assertThat(lastSuccess.value()).isNaN();
        assertThat(failures.count()).isEqualTo(1);

        holder.publish(sample(), "cluster:test");
        assertThat(lastSuccess.value()).isEqualTo(T0.getEpochSecond());

        // an unchanged refresh keeps the snapshot (its age grows) but moves the last success
        clock.set(T0.plusSeconds(30));
        holder.publish(sample(), "cluster:test");
        assertThat(lastSuccess.value()).isEqualTo(T0.getEpochSecond() + 30);
        assertThat(holder.current().age()).hasSeconds(30);

        // failures count and leave the last success where it was
        clock.set(T0.plusSeconds(60));
        holder.markStale("cluster unreachable");
        holder.publishStale(sample(), "cluster:test", "every node DOWN");
        assertThat(failures.count()).isEqualTo(3);
        assertThat(lastSuccess.value()).isEqualTo(T0.getEpochSecond() + 30);
    }

    @Test
    void onlyASourceThatRefreshesExportsItsIntervalWithTheTagsOfTheLastSuccess() throws IOException {
        SnapshotHolder holder = new SnapshotHolder(Clock.fixed(T0, ZoneOffset.UTC));
        holder.publish(sample(), "static:sample");
        SimpleMeterRegistry cluster = new SimpleMeterRegistry();
        SimpleMeterRegistry file = new SimpleMeterRegistry();

        new TopologyRefreshMetrics(holder, "cluster", Optional.of(Duration.ofSeconds(30))).bindTo(cluster);
        new TopologyRefreshMetrics(holder, "static", Optional.empty()).bindTo(file);

        assertThat(cluster.get(TopologyRefreshMetrics.INTERVAL)
                        .tag("source", "cluster")
                        .gauge()
                        .value())
                .isEqualTo(30.0);
        assertThat(file.find(TopologyRefreshMetrics.INTERVAL).meters()).isEmpty();
        assertThat(file.get(TopologyRefreshMetrics.LAST_SUCCESS)
                        .tag("source", "static")
                        .gauge()
                        .value())
                .isEqualTo(T0.getEpochSecond());
    }
}
