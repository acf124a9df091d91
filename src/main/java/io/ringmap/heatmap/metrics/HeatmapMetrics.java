package io.ringmap.heatmap.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.ringmap.heatmap.HeatmapRegistry;
import java.util.Objects;

/** Publishes how the key visualizer's table slots are used: tables counted, slots taken over, hits not counted. */
public final class HeatmapMetrics implements MeterBinder {

    public static final String TABLES = "ringmap.heatmap.tables";
    public static final String EVICTIONS = "ringmap.heatmap.evictions";
    public static final String DROPPED_HITS = "ringmap.heatmap.dropped.hits";

    private final HeatmapRegistry heatmaps;

    public HeatmapMetrics(HeatmapRegistry heatmaps) {
        this.heatmaps = Objects.requireNonNull(heatmaps, "heatmaps must not be null");
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder(TABLES, heatmaps, HeatmapRegistry::tableCount)
                .description("Tables whose client hits the heatmap counts (at most ringmap.heatmap.max-tables)")
                .register(registry);
        FunctionCounter.builder(EVICTIONS, heatmaps, HeatmapRegistry::evictions)
                .description("Tables whose heatmap was dropped to give its slot to a table with more recent hits")
                .register(registry);
        FunctionCounter.builder(DROPPED_HITS, heatmaps, HeatmapRegistry::droppedHits)
                .description("Client hits the heatmap did not count: their table had no slot")
                .register(registry);
    }
}
