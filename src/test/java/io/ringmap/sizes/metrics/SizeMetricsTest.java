package io.ringmap.sizes.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ringmap.sizes.NodeReport;
import io.ringmap.sizes.SizeGuideline;
import io.ringmap.sizes.SizesSnapshot;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SizeMetricsTest {

    private static final Instant T0 = Instant.parse("2026-12-02T12:00:00Z");

    @Test
    void theRoundsRequestsAreThoseOfTheNodesThisInstanceReadItself() {
        // given the meters, before any round
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        SizeMetrics metrics = new SizeMetrics(new SizeGuideline(4L << 20, 1000, 10));
        metrics.bindTo(registry);
        assertThat(registry.get("ringmap.sizes.round.queries").gauge().value()).isZero();

        // when this instance read two nodes (eight CQL statements and one JMX connection each) and failed on a third
        metrics.ownRound(new SizesSnapshot(
                T0,
                T0,
                List.of(
                        new NodeReport("10.0.0.1", NodeReport.Status.COLLECTED, T0, List.of(), Map.of(), null, 9),
                        new NodeReport(
                                "10.0.0.2", NodeReport.Status.PARTIAL, T0, List.of("jmx: refused"), Map.of(), null, 8),
                        NodeReport.unreachable("10.0.0.3", "no answer", 3))));

        // then the gauge is their sum, one series
        assertThat(registry.find("ringmap.sizes.round.queries").gauges()).hasSize(1);
        assertThat(registry.get("ringmap.sizes.round.queries").gauge().value()).isEqualTo(20);

        // and the next round replaces it
        metrics.ownRound(new SizesSnapshot(T0, T0, List.of()));
        assertThat(registry.get("ringmap.sizes.round.queries").gauge().value()).isZero();
    }
}
