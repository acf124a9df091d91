package io.ringmap.snapshot;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import java.util.Locale;

/**
 * Gauges of the served ring snapshot: {@value #AGE} (seconds since it was built; NaN before the first one),
 * {@value #STALE} (1 while the source cannot reach the cluster or before the first snapshot, else 0),
 * {@value #SEQUENCE} (0 before the first one) and {@value #NODES} per node state (one series per
 * {@link NodeState}, so the cardinality is fixed), and {@value #EPOCH} (the cluster-metadata epoch the served snapshot
 * reflects on Cassandra 6.0; NaN before 6.0, for a static topology and before the first snapshot).
 */
public final class SnapshotMetrics implements MeterBinder {

    public static final String AGE = "ringmap.snapshot.age";
    public static final String STALE = "ringmap.snapshot.stale";
    public static final String SEQUENCE = "ringmap.snapshot.sequence";
    public static final String NODES = "ringmap.ring.nodes";
    public static final String EPOCH = "ringmap.cluster.metadata.epoch";

    private final SnapshotHolder snapshots;

    public SnapshotMetrics(SnapshotHolder snapshots) {
        this.snapshots = snapshots;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder(AGE, this, SnapshotMetrics::ageSeconds)
                .baseUnit("seconds")
                .description("Seconds since the served ring snapshot was built")
                .register(registry);
        Gauge.builder(
                        STALE,
                        this,
                        m -> m.snapshots.peek().map(f -> f.stale() ? 1.0 : 0.0).orElse(1.0))
                .description("1 when answers come from a stale snapshot (cluster unreachable) or none exists yet")
                .register(registry);
        // the publication counter, as "sequence" in every answer; "version" (the content hash) is a string, no gauge
        Gauge.builder(
                        SEQUENCE,
                        this,
                        m -> m.snapshots.peek().map(s -> (double) s.version()).orElse(0.0))
                .description("Publication sequence of the served ring snapshot on this instance; increases with "
                        + "every topology change")
                .register(registry);
        Gauge.builder(EPOCH, this, SnapshotMetrics::epoch)
                .description("Cassandra 6.0: the cluster-metadata epoch the served snapshot reflects (NaN before 6.0)")
                .register(registry);
        for (NodeState state : NodeState.values()) {
            Gauge.builder(NODES, this, m -> m.nodes(state))
                    .tag("state", state.name().toLowerCase(Locale.ROOT))
                    .description("Nodes in the served ring snapshot by state")
                    .register(registry);
        }
    }

    private double ageSeconds() {
        return snapshots.peek().map(s -> s.age().toMillis() / 1000.0).orElse(Double.NaN);
    }

    private double epoch() {
        TopologySnapshot snapshot = snapshots.latest();
        Long epoch = snapshot == null ? null : snapshot.epoch();
        return epoch == null ? Double.NaN : epoch;
    }

    private double nodes(NodeState state) {
        TopologySnapshot snapshot = snapshots.latest();
        if (snapshot == null) {
            return 0;
        }
        int n = 0;
        for (Node node : snapshot.tokenRing().nodes()) {
            if (node.state() == state) {
                n++;
            }
        }
        return n;
    }
}
