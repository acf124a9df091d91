package io.ringmap.sizes.service;

import io.ringmap.hotkeys.HotKeySource;
import io.ringmap.hotkeys.KeyLabels;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.SaturatingCounter;
import io.ringmap.hotkeys.ServerHotKeys;
import io.ringmap.peers.Contributors;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TableName;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.KeyRouter;
import io.ringmap.routing.RoutingService;
import io.ringmap.schema.PartitionKeyParser;
import io.ringmap.schema.TableSchema;
import io.ringmap.sizes.LoadAnalysis;
import io.ringmap.sizes.MergedPartition;
import io.ringmap.sizes.MergedTable;
import io.ringmap.sizes.NodeReport;
import io.ringmap.sizes.NodeTableStats;
import io.ringmap.sizes.SizeGuideline;
import io.ringmap.sizes.SizeMerge;
import io.ringmap.sizes.SizeWarning;
import io.ringmap.sizes.SizesSnapshot;
import io.ringmap.sizes.SizesSource;
import io.ringmap.snapshot.ServedSnapshot;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Answers {@code /sizes} and {@code /load} from the last collection round and the current ring snapshot. */
public class SizesService implements ServerHotKeys {

    private final RoutingService routing;
    private final SizesSource sizes;
    private final SizeGuideline guideline;
    private final Limits settings;
    private final ReplicaHits replicaHits;
    private final HotKeySource deployment;
    private final Clock clock;

    /**
     * The figures that bound an answer, read from {@code ringmap.sizes.*} by the configuration.
     *
     * @param topPartitions      how many of the largest partitions an answer lists
     * @param ownershipTolerance ownership is even when largest / smallest effective ownership is at most 1 + this
     * @param imbalanceRatio     load is uneven when largest / smallest load reaches this
     */
    public record Limits(int topPartitions, double ownershipTolerance, double imbalanceRatio) {}

    /** @param replicaHits client-side replica hits, or null when hot-key tracking is off */
    public SizesService(
            RoutingService routing,
            SizesSource sizes,
            SizeGuideline guideline,
            Limits settings,
            ReplicaHits replicaHits,
            Clock clock) {
        this(routing, sizes, guideline, settings, replicaHits, null, clock);
    }

    /**
     * @param replicaHits client-side replica hits, or null when hot-key tracking is off
     * @param deployment  the replica hits of every instance merged, or null when this instance has no peers
     */
    public SizesService(
            RoutingService routing,
            SizesSource sizes,
            SizeGuideline guideline,
            Limits settings,
            ReplicaHits replicaHits,
            HotKeySource deployment,
            Clock clock) {
        this.routing = routing;
        this.sizes = sizes;
        this.guideline = guideline;
        this.settings = settings;
        this.replicaHits = replicaHits;
        this.deployment = deployment;
        this.clock = clock;
    }

    /** Per node and merged figures of one table, its largest partitions and the guideline's warnings. */
    public TableSizes table(String keyspace, String table) {
        ServedSnapshot served = routing.snapshot();
        TableSchema schema = routing.table(served, keyspace, table);
        SizesSnapshot snapshot = sizes.require();
        TableName name = new TableName(schema.keyspace(), schema.table());
        Map<String, NodeTableStats> byNode = new LinkedHashMap<>();
        List<TableSizes.NodeFigures> nodes = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        List<SizeWarning> warnings = new ArrayList<>();
        for (NodeReport report : snapshot.nodes()) {
            NodeTableStats s = report.tables().get(name);
            if (report.absent()) {
                missing.add(report.address());
            }
            if (s != null) {
                byNode.put(report.address(), s);
                warnings.addAll(guideline.check(report.address(), s));
            }
            nodes.add(new TableSizes.NodeFigures(report, s));
        }
        MergedTable merged = SizeMerge.merge(name, byNode, settings.topPartitions());
        KeyspacePlacement.Placed placement = placed(served, schema);
        return new TableSizes(
                schema.keyspace(),
                schema.table(),
                merged,
                partitions(served, schema, placement, merged.largest()),
                partitions(served, schema, placement, merged.mostTombstoned()),
                partitions(served, schema, placement, SizeMerge.sampled(byNode, true, settings.topPartitions())),
                partitions(served, schema, placement, SizeMerge.sampled(byNode, false, settings.topPartitions())),
                nodes,
                missing,
                warnings,
                guideline,
                CollectionRound.of(snapshot, clock),
                snapshot.collectors(),
                served);
    }

    /**
     * The table's partitions the nodes sampled (JMX sampling), reads and writes merged by key over nodes; empty when
     * nothing was sampled or there are no server figures (the client-side counts of {@code /hotkeys} stand alone).
     */
    @Override
    public List<ServerHotKey> of(String keyspace, String table, int limit) {
        ServedSnapshot served = routing.snapshot();
        Optional<SizesSnapshot> snapshot = sizes.current();
        if (snapshot.isEmpty()) {
            return List.of();
        }
        TableSchema schema = routing.table(served, keyspace, table);
        Map<String, NodeTableStats> byNode = new LinkedHashMap<>();
        for (NodeReport report : snapshot.get().nodes()) {
            NodeTableStats s = report.tables().get(new TableName(schema.keyspace(), schema.table()));
            if (s != null) {
                byNode.put(report.address(), s);
            }
        }
        return sampled(served, schema, byNode, limit);
    }

    @Override
    public List<NodeSamples> samplesByNode(String keyspace, String table) {
        ServedSnapshot served = routing.snapshot();
        Optional<SizesSnapshot> snapshot = sizes.current();
        if (snapshot.isEmpty()) {
            return List.of();
        }
        TableSchema schema = routing.table(served, keyspace, table);
        List<NodeSamples> out = new ArrayList<>();
        for (NodeReport report : snapshot.get().nodes()) {
            NodeTableStats s = report.tables().get(new TableName(schema.keyspace(), schema.table()));
            if (s != null
                    && s.jmx() != null
                    && report.collectedAt() != null
                    && (!s.jmx().sampledReads().isEmpty()
                            || !s.jmx().sampledWrites().isEmpty())) {
                out.add(new NodeSamples(
                        report.address(),
                        report.collectedAt(),
                        sampled(served, schema, Map.of(report.address(), s), Integer.MAX_VALUE)));
            }
        }
        return out;
    }

    /** The partitions the given nodes sampled, reads and writes merged by key, heaviest first, at most limit. */
    private static List<ServerHotKey> sampled(
            ServedSnapshot served, TableSchema schema, Map<String, NodeTableStats> byNode, int limit) {
        Map<String, long[]> counts = new LinkedHashMap<>();
        Map<String, java.util.TreeSet<String>> reporters = new LinkedHashMap<>();
        int side = 0;
        for (boolean reads : new boolean[] {true, false}) {
            for (MergedPartition p : SizeMerge.sampled(byNode, reads, Integer.MAX_VALUE)) {
                counts.computeIfAbsent(p.key(), k -> new long[2])[side] = p.value();
                reporters
                        .computeIfAbsent(p.key(), k -> new java.util.TreeSet<>())
                        .addAll(p.reportedBy());
            }
            side++;
        }
        KeyspacePlacement.Placed placement = placed(served, schema);
        List<ServerHotKey> out = new ArrayList<>();
        counts.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue()[0] + b.getValue()[1], a.getValue()[0] + a.getValue()[1]))
                .limit(limit)
                .forEach(e -> {
                    SizedPartition v = partitions(
                                    served,
                                    schema,
                                    placement,
                                    List.of(new MergedPartition(e.getKey(), 0, List.copyOf(reporters.get(e.getKey())))))
                            .get(0);
                    out.add(new ServerHotKey(
                            SERVER_SAMPLING,
                            e.getKey(),
                            label(schema, e.getKey()),
                            e.getValue()[0],
                            e.getValue()[1],
                            v.token(),
                            v.replicas(),
                            v.reportedBy()));
                });
        return out;
    }

    @Override
    public List<TableName> sampledTables(int limit) {
        Optional<SizesSnapshot> snapshot = sizes.current();
        if (snapshot.isEmpty()) {
            return List.of();
        }
        java.util.TreeSet<TableName> names = new java.util.TreeSet<>();
        for (NodeReport report : snapshot.get().nodes()) {
            report.tables().forEach((name, s) -> {
                if (s.jmx() != null
                        && (!s.jmx().sampledReads().isEmpty()
                                || !s.jmx().sampledWrites().isEmpty())) {
                    names.add(name);
                }
            });
        }
        return names.stream()
                .limit(limit)
                .map(n -> new TableName(n.keyspace(), n.table()))
                .toList();
    }

    @Override
    public Object round() {
        return sizes.current().orElse(null);
    }

    /** The client side's label of a key Cassandra printed; null when the schema cannot decode it. */
    private static String label(TableSchema schema, String key) {
        try {
            return KeyLabels.join(PartitionKeyParser.parse(schema, CassandraKeyText.components(schema, key))
                    .canonicalComponents());
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Per node ownership against data on disk and client-side hits, and the symptom when it shows. */
    public LoadReport load(String keyspace) {
        ServedSnapshot served = routing.snapshot();
        RingSnapshot ring = served.ring();
        KeyspacePlacement.Placed placement = keyspace == null ? null : routing.placement(served, keyspace);
        SizesSnapshot snapshot = sizes.require();
        double[] primary = ring.primaryOwnership();
        double[] effective = placement == null ? primary : ring.effectiveOwnership(placement);
        Map<String, Long> hits;
        Contributors contributors;
        if (deployment != null) {
            HotKeySource.GatheredReplicaHits gathered = deployment.replicaHits();
            hits = gathered.hits();
            contributors = gathered.contributors();
        } else {
            hits = replicaHits == null ? Map.of() : replicaHits.snapshot();
            contributors = Contributors.LOCAL;
        }
        long totalHits = 0;
        for (long count : hits.values()) {
            totalHits = SaturatingCounter.add(totalHits, count);
        }
        List<Node> ringNodes = ring.tokenRing().nodes();
        Long[] loads = new Long[ringNodes.size()];
        long totalLoad = 0;
        for (int i = 0; i < ringNodes.size(); i++) {
            NodeReport report = snapshot.node(ringNodes.get(i).address()).orElse(null);
            if (report == null || report.absent()) {
                continue;
            }
            long sum = 0;
            boolean any = false;
            for (NodeTableStats s : report.tables().values()) {
                if ((placement == null || s.table().keyspace().equals(placement.keyspace())) && s.diskBytes() != null) {
                    sum += s.diskBytes();
                    any = true;
                }
            }
            loads[i] = any || placement != null ? sum : null;
            totalLoad += sum;
        }
        List<LoadReport.NodeShare> shares = new ArrayList<>();
        List<LoadAnalysis.NodeLoad> input = new ArrayList<>();
        for (int i = 0; i < ringNodes.size(); i++) {
            Node n = ringNodes.get(i);
            long h = hits.getOrDefault(n.address(), hits.getOrDefault(n.hostId(), 0L));
            NodeReport.Status status =
                    snapshot.node(n.address()).map(NodeReport::status).orElse(null);
            shares.add(new LoadReport.NodeShare(
                    n,
                    primary[i],
                    effective[i],
                    loads[i],
                    loads[i] == null || totalLoad == 0 ? null : (double) loads[i] / totalLoad,
                    h,
                    totalHits == 0 ? null : (double) h / totalHits,
                    status));
            input.add(new LoadAnalysis.NodeLoad(n.address(), primary[i], effective[i], loads[i], h));
        }
        LoadAnalysis.Verdict verdict =
                LoadAnalysis.analyse(input, settings.ownershipTolerance(), settings.imbalanceRatio());
        return new LoadReport(
                placement == null ? null : placement.keyspace(),
                shares,
                verdict,
                CollectionRound.of(snapshot, clock),
                contributors,
                served);
    }

    private static List<SizedPartition> partitions(
            ServedSnapshot served,
            TableSchema schema,
            KeyspacePlacement.Placed placement,
            List<MergedPartition> merged) {
        List<SizedPartition> out = new ArrayList<>(merged.size());
        KeyRouter router = KeyRouter.uncounted(served, schema, placement);
        List<Node> nodes = served.tokenRing().nodes();
        for (MergedPartition p : merged) {
            Map<String, String> components = null;
            String token = null;
            List<String> replicas = List.of();
            String problem = null;
            try {
                components = CassandraKeyText.components(schema, p.key());
                KeyRoute route = router.route(components);
                token = route.token().toString();
                if (placement != null) {
                    ReplicaSet set = route.replicas().replicas();
                    List<String> addresses = new ArrayList<>(set.size());
                    for (int i = 0; i < set.size(); i++) {
                        addresses.add(nodes.get(set.node(i)).address());
                    }
                    replicas = addresses;
                }
            } catch (RuntimeException e) {
                problem = e.getMessage();
            }
            out.add(new SizedPartition(p.key(), components, p.value(), token, replicas, p.reportedBy(), problem));
        }
        return out;
    }

    /** The keyspace's placement on the ring, null when the snapshot holds none or its replication failed to place. */
    private static KeyspacePlacement.Placed placed(ServedSnapshot served, TableSchema schema) {
        return served.keyspace(schema.keyspace())
                .filter(KeyspacePlacement.Placed.class::isInstance)
                .map(KeyspacePlacement.Placed.class::cast)
                .orElse(null);
    }
}
