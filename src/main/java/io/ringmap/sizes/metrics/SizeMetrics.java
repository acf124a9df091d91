package io.ringmap.sizes.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.ringmap.ring.TableName;
import io.ringmap.sizes.MergedTable;
import io.ringmap.sizes.NodeReport;
import io.ringmap.sizes.NodeTableStats;
import io.ringmap.sizes.SizeGuideline;
import io.ringmap.sizes.SizeMerge;
import io.ringmap.sizes.SizeWarning;
import io.ringmap.sizes.SizesSnapshot;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The servers' figures as meters, one series per table at most (the collector keeps at most
 * {@code ringmap.sizes.max-tables} tables): {@code ringmap_partition_largest_bytes} and
 * {@code ringmap_partition_guideline_breaches} per table, replaced with every round (tables gone from the round
 * disappear), {@code ringmap_sizes_nodes} by collection status, present from the start, and
 * {@code ringmap_sizes_round_queries}: the requests this instance sent to Cassandra nodes in its last round (one
 * series; summed over the pods of a deployment, the load the deployment puts on the cluster per round).
 */
public class SizeMetrics implements MeterBinder {

    private final SizeGuideline guideline;
    private MultiGauge largest;
    private MultiGauge breaches;
    /** The last round's rows, registered again when a registry is bound after a round. */
    private List<MultiGauge.Row<?>> largestRows = List.of();

    private List<MultiGauge.Row<?>> breachRows = List.of();
    private final Map<NodeReport.Status, AtomicLong> nodes = new EnumMap<>(NodeReport.Status.class);
    private final AtomicLong roundQueries = new AtomicLong();

    public SizeMetrics(SizeGuideline guideline) {
        this.guideline = guideline;
        for (NodeReport.Status s : NodeReport.Status.values()) {
            nodes.put(s, new AtomicLong());
        }
    }

    @Override
    public synchronized void bindTo(MeterRegistry registry) {
        this.largest = MultiGauge.builder("ringmap.partition.largest")
                .baseUnit("bytes")
                .description("The largest partition of the table on any node (servers' figures)")
                .register(registry);
        this.breaches = MultiGauge.builder("ringmap.partition.guideline.breaches")
                .description("Guideline breaches (partition too large, too many rows) the table's nodes show")
                .register(registry);
        nodes.forEach((status, value) -> registry.gauge(
                "ringmap.sizes.nodes", Tags.of("status", status.name()), value, AtomicLong::doubleValue));
        Gauge.builder("ringmap.sizes.round.queries", roundQueries, AtomicLong::doubleValue)
                .description("Requests this instance sent to Cassandra nodes in its last sizes round (CQL statements "
                        + "and JMX connections; with peers, for its share of the nodes only)")
                .register(registry);
        largest.register(largestRows, true);
        breaches.register(breachRows, true);
    }

    /** Counts the requests of this instance's own share of a round (the nodes it read itself). */
    public void ownRound(SizesSnapshot own) {
        roundQueries.set(own.nodes().stream().mapToLong(NodeReport::queries).sum());
    }

    /** Replaces every series with the round's figures. */
    public synchronized void update(SizesSnapshot snapshot) {
        Map<TableName, Map<String, NodeTableStats>> byTable = new TreeMap<>();
        nodes.values().forEach(v -> v.set(0));
        for (NodeReport report : snapshot.nodes()) {
            nodes.get(report.status()).incrementAndGet();
            report.tables()
                    .forEach((name, stats) -> byTable.computeIfAbsent(name, k -> new LinkedHashMap<>())
                            .put(report.address(), stats));
        }
        List<MultiGauge.Row<?>> largestRows = new ArrayList<>();
        List<MultiGauge.Row<?>> breachRows = new ArrayList<>();
        this.largestRows = largestRows;
        this.breachRows = breachRows;
        byTable.forEach((name, byNode) -> {
            Tags tags = Tags.of("keyspace", name.keyspace(), "table", name.table());
            MergedTable merged = SizeMerge.merge(name, byNode, 1);
            if (merged.maxPartitionBytes() != null) {
                largestRows.add(MultiGauge.Row.of(tags, merged.maxPartitionBytes()));
            }
            long count = 0;
            for (Map.Entry<String, NodeTableStats> e : byNode.entrySet()) {
                for (SizeWarning w : guideline.check(e.getKey(), e.getValue())) {
                    if (w.kind().equals("partition-too-large") || w.kind().equals("too-many-rows")) {
                        count++;
                    }
                }
            }
            breachRows.add(MultiGauge.Row.of(tags, count));
        });
        if (largest != null) {
            largest.register(largestRows, true);
            breaches.register(breachRows, true);
        }
    }
}
