package io.ringmap.sizes.web;

import io.ringmap.peers.web.PeersView;
import io.ringmap.sizes.Latency;
import io.ringmap.sizes.LoadAnalysis;
import io.ringmap.sizes.MergedTable;
import io.ringmap.sizes.NodeReport;
import io.ringmap.sizes.NodeTableStats;
import io.ringmap.sizes.Percentiles;
import io.ringmap.sizes.ReadStats;
import io.ringmap.sizes.SizeGuideline;
import io.ringmap.sizes.SizeWarning;
import io.ringmap.sizes.service.CollectionRound;
import io.ringmap.sizes.service.LoadReport;
import io.ringmap.sizes.service.SizedPartition;
import io.ringmap.sizes.service.TableSizes;
import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The response records of {@code /sizes} and {@code /load}. */
public final class SizesViews {

    private SizesViews() {}

    /** When the figures were collected. */
    @Schema(description = "The collection round the figures come from")
    public record SizesRoundView(
            Instant startedAt,
            Instant finishedAt,

            @Schema(description = "Seconds since the round finished", example = "42.0")
            double ageSeconds) {

        static SizesRoundView of(CollectionRound round) {
            return new SizesRoundView(
                    round.startedAt(), round.finishedAt(), round.age().toMillis() / 1000.0);
        }
    }

    /** The guideline answers are checked against. */
    public record SizeGuidelineView(
            @Schema(example = "104857600") long maxPartitionBytes,
            @Schema(example = "100000") long maxPartitionRows,
            @Schema(example = "10.0") double pathologyRatio) {

        static SizeGuidelineView of(SizeGuideline g) {
            return new SizeGuidelineView(g.maxPartitionBytes(), g.maxPartitionRows(), g.pathologyRatio());
        }
    }

    /** Figures merged over nodes. */
    @Schema(description = "One table's figures merged over the nodes that reported them")
    public record MergedSizesView(
            @Schema(description = "The largest partition on any node, bytes", nullable = true)
            Long maxPartitionBytes,

            @Schema(description = "True when exact (JMX); else an upper bound from Cassandra's MiB figures")
            boolean maxPartitionExact,

            @Schema(description = "Bytes over partitions of all primary-range estimates", nullable = true)
            Long meanPartitionBytes,

            @Schema(
                    description = "Partitions in the cluster (each node's primary ranges: replicas counted once)",
                    nullable = true)
            Long partitionsEstimate,

            @Schema(description = "Live bytes on disk summed over nodes (every replica's copy)", nullable = true)
            Long diskBytesAllReplicas,

            @Schema(description = "The worst node's partition size percentiles, bytes (JMX)", nullable = true)
            Percentiles partitionSize,

            @Schema(description = "The worst node's cells per partition percentiles (JMX)", nullable = true)
            Percentiles cellCount,

            @Schema(nullable = true) ReadStats rowsPerRead,
            @Schema(nullable = true) ReadStats tombstonesPerRead,
            int nodesReporting) {

        static MergedSizesView of(MergedTable m) {
            return new MergedSizesView(
                    m.maxPartitionBytes(),
                    m.maxPartitionExact(),
                    m.meanPartitionBytes(),
                    m.partitionsEstimate(),
                    m.diskBytesAllReplicas(),
                    m.partitionSize(),
                    m.cellCount(),
                    m.rowsPerRead(),
                    m.tombstonesPerRead(),
                    m.nodesReporting());
        }
    }

    /** A partition one or more nodes rank among their largest or most tombstoned. */
    @Schema(description = "A partition with its key decoded by the table's schema, its token and replicas")
    public record SizedPartitionView(
            @Schema(
                    description = "The key as Cassandra prints it (composite components joined by ':')",
                    example = "big-tenant")
            String key,

            @Schema(description = "The key's components by partition key column", nullable = true)
            Map<String, String> components,

            @Schema(
                    description = "Bytes (largest) or tombstones (most tombstoned) the nodes reported; the "
                            + "largest of their figures")
            long value,

            @Schema(nullable = true, example = "-6820531059477802030")
            String token,

            @Schema(description = "The key's replicas in the current ring")
            List<String> replicas,

            @Schema(description = "The nodes that reported the partition")
            List<String> reportedBy,

            @Schema(description = "Why the key could not be decoded", nullable = true)
            String decodeProblem) {

        static List<SizedPartitionView> of(List<SizedPartition> partitions) {
            return partitions.stream()
                    .map(p -> new SizedPartitionView(
                            p.key(),
                            p.components(),
                            p.value(),
                            p.token(),
                            p.replicas(),
                            p.reportedBy(),
                            p.decodeProblem()))
                    .toList();
        }
    }

    /** One node's figures of the table. */
    public record NodeSizesView(
            @Schema(example = "127.0.0.1") String address,

            @Schema(
                    description = "COLLECTED, PARTIAL, UNREACHABLE (figures missing) or MISSING (no instance of the "
                            + "deployment collected it)")
            String status,

            @Schema(nullable = true) Instant collectedAt,

            @Schema(
                    description = "The peer (host:port of its management port) that collected the figures; absent "
                            + "when this instance did",
                    nullable = true)
            String collectedBy,

            @Schema(
                    description = "Requests the collecting instance sent the node for these figures (CQL statements "
                            + "and JMX connections)")
            int queries,

            List<String> problems,

            @Schema(description = "The node has figures for this table")
            boolean reported,

            @Schema(nullable = true) Long maxPartitionBytes,
            boolean maxPartitionExact,

            @Schema(description = "system_views.max_partition_size (MiB, rounded up)", nullable = true)
            Long maxPartitionMebibytes,

            @Schema(nullable = true) Long meanPartitionBytes,

            @Schema(description = "Partitions in the node's primary ranges", nullable = true)
            Long primaryPartitions,

            @Schema(description = "Partitions the node holds, replicas included (JMX)", nullable = true)
            Long partitionsHeld,

            @Schema(nullable = true) Long diskBytes,
            @Schema(nullable = true) Percentiles partitionSize,
            @Schema(nullable = true) Percentiles cellCount,
            @Schema(nullable = true) ReadStats rowsPerRead,
            @Schema(nullable = true) ReadStats tombstonesPerRead,
            @Schema(nullable = true) Latency readLatency,
            @Schema(nullable = true) Latency writeLatency,

            @Schema(description = "The node's largest partitions, bytes by key")
            List<RankedKeyView> largestPartitions) {

        static NodeSizesView of(TableSizes.NodeFigures figures) {
            NodeReport report = figures.report();
            NodeTableStats s = figures.stats();
            if (s == null) {
                return new NodeSizesView(
                        report.address(),
                        report.status().name(),
                        report.collectedAt(),
                        report.collectedBy(),
                        report.queries(),
                        report.problems(),
                        false,
                        null,
                        false,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        List.of());
            }
            return new NodeSizesView(
                    report.address(),
                    report.status().name(),
                    report.collectedAt(),
                    report.collectedBy(),
                    report.queries(),
                    report.problems(),
                    true,
                    s.maxPartitionBytes(),
                    s.maxPartitionExact(),
                    s.maxPartitionMebibytes(),
                    s.jmx() != null ? Long.valueOf(s.jmx().meanPartitionBytes()) : s.meanPartitionBytes(),
                    s.primaryPartitions(),
                    s.jmx() == null ? null : s.jmx().partitionsEstimate(),
                    s.diskBytes(),
                    s.jmx() == null ? null : s.jmx().partitionSize(),
                    s.jmx() == null ? null : s.jmx().cellCount(),
                    s.rowsPerRead(),
                    s.tombstonesPerRead(),
                    s.readLatency(),
                    s.writeLatency(),
                    s.largestPartitions().stream()
                            .map(p -> new RankedKeyView(p.key(), p.value()))
                            .toList());
        }
    }

    /** A key and its value as one node reported it. */
    public record RankedKeyView(String key, long value) {}

    /** {@code /sizes}. */
    public record SizesResponse(
            String keyspace,
            String table,
            MergedSizesView merged,
            List<SizedPartitionView> largestPartitions,
            List<SizedPartitionView> mostTombstoned,

            @Schema(
                    description = "Server-side hot partitions: the most read while nodes sampled (JMX sampling on), "
                            + "counts added over nodes")
            List<SizedPartitionView> sampledReads,

            @Schema(description = "The most written while nodes sampled")
            List<SizedPartitionView> sampledWrites,

            List<NodeSizesView> nodes,

            @Schema(
                    description = "Nodes whose figures are missing (unreachable in the last round, or collected by no "
                            + "instance)")
            List<String> missingNodes,

            List<SizeWarning> warnings,
            SizeGuidelineView guideline,
            SizesRoundView collection,

            @Schema(
                    description = "Whose reports the nodes' figures are: this instance's alone (scope local) or the "
                            + "deployment's, each instance collecting its share of the nodes (scope deployment: the peers "
                            + "whose reports came, and those that did not answer)")
            PeersView collectors,

            SnapshotView snapshot) {

        public static SizesResponse of(TableSizes t) {
            return new SizesResponse(
                    t.keyspace(),
                    t.table(),
                    MergedSizesView.of(t.merged()),
                    SizedPartitionView.of(t.largestPartitions()),
                    SizedPartitionView.of(t.mostTombstoned()),
                    SizedPartitionView.of(t.sampledReads()),
                    SizedPartitionView.of(t.sampledWrites()),
                    t.nodes().stream().map(NodeSizesView::of).toList(),
                    t.missingNodes(),
                    t.warnings(),
                    SizeGuidelineView.of(t.guideline()),
                    SizesRoundView.of(t.collection()),
                    PeersView.of(t.collectors()),
                    SnapshotView.of(t.snapshot()));
        }
    }

    /** One node in {@code /load}. */
    public record LoadNodeView(
            @Schema(example = "127.0.0.1") String address,
            @Schema(example = "dc1") String datacenter,
            @Schema(example = "rack1") String rack,
            @Schema(example = "UP") String state,
            @Schema(description = "Primary ownership, 0..1") double ownership,

            @Schema(description = "Effective ownership for the keyspace (sums to RF); without keyspace, ownership")
            double effectiveOwnership,

            @Schema(
                    description = "Live bytes on disk of the collected tables (the keyspace's, with keyspace)",
                    nullable = true)
            Long loadBytes,

            @Schema(description = "The node's share of the load of all nodes, 0..1", nullable = true)
            Double loadShare,

            @Schema(description = "Client-side hits counted for the node as a replica")
            long clientHits,

            @Schema(description = "The node's share of client-side replica hits, 0..1", nullable = true)
            Double clientHitShare,

            @Schema(description = "COLLECTED, PARTIAL, UNREACHABLE, or MISSING (not in the last round)")
            String status) {

        static LoadNodeView of(LoadReport.NodeShare n) {
            return new LoadNodeView(
                    n.node().address(),
                    n.node().datacenter(),
                    n.node().rack(),
                    n.node().state().name(),
                    n.ownership(),
                    n.effectiveOwnership(),
                    n.loadBytes(),
                    n.loadShare(),
                    n.clientHits(),
                    n.clientHitShare(),
                    n.status() == null ? "MISSING" : n.status().name());
        }
    }

    /** The verdict of {@code /load}. */
    public record LoadVerdictView(
            @Schema(description = "uneven-load-even-ownership when it appears", nullable = true)
            String symptom,

            @Schema(description = "Largest over smallest effective ownership")
            double ownershipSpread,

            @Schema(description = "Largest over smallest load", nullable = true)
            Double loadSpread,

            String explanation) {

        static LoadVerdictView of(LoadAnalysis.Verdict v) {
            return new LoadVerdictView(
                    v.symptom(),
                    finite(v.ownershipSpread()),
                    v.loadSpread() == null ? null : finite(v.loadSpread()),
                    v.explanation());
        }

        private static double finite(double d) {
            return Double.isInfinite(d) ? Double.MAX_VALUE : d;
        }
    }

    /** {@code /load}. */
    public record LoadResponse(
            @Schema(nullable = true) String keyspace,
            List<LoadNodeView> nodes,
            LoadVerdictView verdict,
            SizesRoundView collection,

            @Schema(
                    description = "Whose client hits clientHits counts: this instance's (scope local) or every "
                            + "instance's (scope deployment, ringmap.peers.*)")
            PeersView peers,

            SnapshotView snapshot) {

        public static LoadResponse of(LoadReport r) {
            return new LoadResponse(
                    r.keyspace(),
                    r.nodes().stream().map(LoadNodeView::of).toList(),
                    LoadVerdictView.of(r.verdict()),
                    SizesRoundView.of(r.collection()),
                    PeersView.of(r.contributors()),
                    SnapshotView.of(r.snapshot()));
        }
    }
}
