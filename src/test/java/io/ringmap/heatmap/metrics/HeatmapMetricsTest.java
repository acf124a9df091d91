package io.ringmap.heatmap.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.heatmap.HeatmapSettings;
import io.ringmap.ring.Rings;
import io.ringmap.ring.TokenRing;
import io.ringmap.testsupport.MovingClock;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.Token;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeatmapMetricsTest {

    private final TokenRing ring = TokenRing.of(
            Murmur3Partitioner.INSTANCE,
            Map.of(Rings.node("N1", "127.0.0.1", "dc1", "rack1"), List.<Token>of(new LongToken(0))));

    @Test
    void countsTablesEvictionsAndDroppedHits() {
        // given one slot, taken by a table hit once, and the metrics bound to a registry
        HeatmapRegistry heatmaps = new HeatmapRegistry(
                new HeatmapSettings(4, Duration.ofMinutes(1), 2, 1),
                new MovingClock(Instant.parse("2026-12-05T12:00:00Z")));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new HeatmapMetrics(heatmaps).bindTo(registry);
        heatmaps.record("idle", "t", ring, new LongToken(1), 1);

        // when another table is hit twice: the first hit is dropped, the second takes the idle table's slot
        heatmaps.record("iot", "readings", ring, new LongToken(1), 1);
        heatmaps.record("iot", "readings", ring, new LongToken(1), 1);

        // then
        assertThat(registry.get(HeatmapMetrics.TABLES).gauge().value()).isEqualTo(1.0);
        assertThat(registry.get(HeatmapMetrics.EVICTIONS).functionCounter().count())
                .isEqualTo(1.0);
        assertThat(registry.get(HeatmapMetrics.DROPPED_HITS).functionCounter().count())
                .isEqualTo(1.0);
    }
}
