package io.ringmap.snapshot;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * What alerts on the topology refresh need: {@value #LAST_SUCCESS} (seconds since the epoch of the last refresh that
 * reached the cluster, NaN before the first one) and {@value #FAILURES} (refreshes that could not). The snapshot age
 * cannot serve: an unchanged refresh keeps the snapshot, so its age grows while all is well. The gauge carries the
 * kind of source ({@code cluster} or {@code static}): a static file is read once, so only a cluster source can be
 * overdue.
 */
public final class TopologyRefreshMetrics implements MeterBinder {

    public static final String LAST_SUCCESS = "ringmap.topology.refresh.last.success.timestamp";
    public static final String FAILURES = "ringmap.topology.refresh.failures";

    private final SnapshotHolder snapshots;
    private final String sourceKind;

    public TopologyRefreshMetrics(SnapshotHolder snapshots, String sourceKind) {
        this.snapshots = snapshots;
        this.sourceKind = sourceKind;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder(LAST_SUCCESS, this::lastSuccessEpochSeconds).baseUnit("seconds")
                .tag("source", sourceKind)
                .description("When the topology source last reached the cluster (seconds since the epoch)")
                .register(registry);
        FunctionCounter.builder(FAILURES, snapshots, SnapshotHolder::failedRefreshes)
                .description("Topology refreshes that could not reach the cluster")
                .register(registry);
    }

    private double lastSuccessEpochSeconds() {
        return snapshots.peek().map(s -> s.lastContact().toEpochMilli() / 1000.0).orElse(Double.NaN);
    }
}
