package io.ringmap.snapshot;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.Optional;

/**
 * What alerts on the topology refresh need: {@value #LAST_SUCCESS} (seconds since the epoch of the last refresh that
 * reached the cluster, NaN before the first one) and {@value #FAILURES} (refreshes that could not). The snapshot age
 * cannot serve: an unchanged refresh keeps the snapshot, so its age grows while all is well. The gauge carries the
 * kind of source ({@code cluster} or {@code static}). {@value #INTERVAL} is exported only by a source that refreshes
 * on its own (with the same tags as {@value #LAST_SUCCESS}), so an overdue alert can join on it: a static file is read
 * once by design and is never overdue, whatever its source tag says.
 */
public final class TopologyRefreshMetrics implements MeterBinder {

    public static final String LAST_SUCCESS = "ringmap.topology.refresh.last.success.timestamp";
    public static final String FAILURES = "ringmap.topology.refresh.failures";
    public static final String INTERVAL = "ringmap.topology.refresh.interval";

    private final SnapshotHolder snapshots;
    private final String sourceKind;
    private final Optional<Duration> refreshInterval;

    /**
     * @param sourceKind      {@code cluster} or {@code static}
     * @param refreshInterval how often the source refreshes on its own; empty for one that never does
     */
    public TopologyRefreshMetrics(SnapshotHolder snapshots, String sourceKind, Optional<Duration> refreshInterval) {
        this.snapshots = snapshots;
        this.sourceKind = sourceKind;
        this.refreshInterval = refreshInterval;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder(LAST_SUCCESS, this::lastSuccessEpochSeconds)
                .baseUnit("seconds")
                .tag("source", sourceKind)
                .description("When the topology source last reached the cluster (seconds since the epoch)")
                .register(registry);
        refreshInterval.ifPresent(every -> Gauge.builder(INTERVAL, () -> every.toMillis() / 1000.0)
                .baseUnit("seconds")
                .tag("source", sourceKind)
                .description("How often the topology source refreshes on its own (absent for a static file, read once)")
                .register(registry));
        FunctionCounter.builder(FAILURES, snapshots, SnapshotHolder::failedRefreshes)
                .description("Topology refreshes that could not reach the cluster")
                .register(registry);
    }

    private double lastSuccessEpochSeconds() {
        return snapshots
                .peek()
                .map(s -> s.lastContact().toEpochMilli() / 1000.0)
                .orElse(Double.NaN);
    }
}
