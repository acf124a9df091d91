package io.ringmap.snapshot;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@value #OWNERSHIP}: each node's effective ownership of each keyspace (the share of the keyspace's data it holds,
 * as {@code nodetool status <keyspace>} reports it), recomputed once per published snapshot. Beside the replica hits
 * it shows load against ownership per node: a node whose share of the hits is well above its share of the data
 * serves hot partitions.
 */
public final class OwnershipMetrics implements MeterBinder {

    public static final String OWNERSHIP = "ringmap.replica.ownership";

    private final SnapshotHolder snapshots;
    private MultiGauge gauge;

    public OwnershipMetrics(SnapshotHolder snapshots) {
        this.snapshots = snapshots;
    }

    @Override
    public synchronized void bindTo(MeterRegistry registry) {
        gauge = MultiGauge.builder(OWNERSHIP)
                .baseUnit("ratio")
                .description("Effective ownership of a keyspace by a replica node (0..1; sums to RF per data center)")
                .register(registry);
        snapshots.onPublish(this::update);
        TopologySnapshot latest = snapshots.latest();
        if (latest != null) {
            update(latest);
        }
    }

    private synchronized void update(TopologySnapshot snapshot) {
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        List<Node> nodes = snapshot.tokenRing().nodes();
        Map<String, KeyspacePlacement> keyspaces = new TreeMap<>(snapshot.ring().keyspaces());
        keyspaces.forEach((keyspace, placement) -> {
            if (placement instanceof KeyspacePlacement.Placed placed) {
                double[] owns = snapshot.ring().effectiveOwnership(placed);
                for (int i = 0; i < nodes.size(); i++) {
                    Node node = nodes.get(i);
                    rows.add(MultiGauge.Row.of(
                            Tags.of(
                                    "keyspace",
                                    keyspace,
                                    "replica",
                                    node.address(),
                                    "datacenter",
                                    node.datacenter(),
                                    "rack",
                                    node.rack()),
                            owns[i]));
                }
            }
        });
        gauge.register(rows, true);
    }
}
