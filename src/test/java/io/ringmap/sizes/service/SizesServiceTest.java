package io.ringmap.sizes.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.ringmap.config.ApiProperties;
import io.ringmap.hits.HitRecorder;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.ServerHotKeys;
import io.ringmap.peers.Contributors;
import io.ringmap.ring.TableName;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.Routes;
import io.ringmap.routing.RoutingService;
import io.ringmap.sizes.JmxTableStats;
import io.ringmap.sizes.Latency;
import io.ringmap.sizes.LoadAnalysis;
import io.ringmap.sizes.NodeReport;
import io.ringmap.sizes.NodeTableStats;
import io.ringmap.sizes.Percentiles;
import io.ringmap.sizes.RankedPartition;
import io.ringmap.sizes.ReadStats;
import io.ringmap.sizes.SizeGuideline;
import io.ringmap.sizes.SizeWarning;
import io.ringmap.sizes.SizesSnapshot;
import io.ringmap.sizes.SizesSource;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.topology.StaticTopologyParser;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link SizesService} over the bundled four-node sample topology and one synthetic collection round: node 1 with JMX
 * figures and samples, node 2 with CQL figures only, node 3 unreachable, node 4 not in the round.
 */
class SizesServiceTest {

    static final Instant STARTED = Instant.parse("2026-12-01T10:00:00Z");
    static final Instant FINISHED = Instant.parse("2026-12-01T10:00:02Z");
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T10:00:44.500Z"), ZoneOffset.UTC);
    static final TableName READINGS = new TableName("iot", "readings");

    private static RoutingService routing() throws Exception {
        SnapshotHolder ring = new SnapshotHolder(CLOCK);
        try (InputStream in = SizesServiceTest.class.getResourceAsStream("/topology/default.yaml")) {
            ring.publish(
                    StaticTopologyParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "default"),
                    "static:default");
        }
        return new RoutingService(ring, new ApiProperties(10), HitRecorder.NONE, null);
    }

    private static SizesSnapshot round() {
        JmxTableStats jmx = new JmxTableStats(
                150_000_000L,
                2_000,
                20,
                900,
                4_000_000L,
                new Percentiles(100, 200, 300, 400, 1_000, 20, 150_000_000L),
                new Percentiles(1, 2, 3, 4, 5, 1, 200_000),
                List.of(
                        new RankedPartition("sensor-1:2026-10-01", 150_000_000L),
                        new RankedPartition("not-a-composite-key", 1_000)),
                List.of(new RankedPartition("sensor-2:2026-10-02", 77)),
                List.of(new RankedPartition("sensor-1:2026-10-01", 40), new RankedPartition("sensor-3:2026-10-03", 5)),
                List.of(new RankedPartition("sensor-3:2026-10-03", 9)));
        NodeTableStats one = new NodeTableStats(
                READINGS,
                150L,
                4L,
                2_100L,
                List.of(),
                new ReadStats(10, 1, 5, 9),
                new ReadStats(10, 0, 2, 3),
                new Latency(10, 0.5, 1.5, 2.0),
                new Latency(7, 0.2, 0.9, 1.1),
                List.of(new RankedPartition("sensor-1:2026-10-01", 140_000_000L)),
                List.of(),
                jmx);
        NodeTableStats two = new NodeTableStats(
                READINGS,
                3L,
                2L,
                1_900L,
                List.of(),
                null,
                null,
                null,
                null,
                List.of(
                        new RankedPartition("sensor-1:2026-10-01", 3_000_000L),
                        new RankedPartition("sensor-4:2026-10-04", 1_000_000L)),
                List.of(new RankedPartition("sensor-2:2026-10-02", 80)),
                null);
        NodeTableStats other = new NodeTableStats(
                new TableName("iot_multi_dc", "readings"),
                1L,
                1L,
                100L,
                List.of(),
                null,
                null,
                null,
                null,
                List.of(),
                List.of(),
                null);
        return new SizesSnapshot(
                STARTED,
                FINISHED,
                List.of(
                        new NodeReport(
                                "127.0.0.1",
                                NodeReport.Status.COLLECTED,
                                FINISHED,
                                List.of(),
                                Map.of(READINGS, one, other.table(), other),
                                null,
                                9),
                        new NodeReport(
                                "127.0.0.2",
                                NodeReport.Status.PARTIAL,
                                FINISHED,
                                List.of("jmx: connection refused"),
                                Map.of(READINGS, two),
                                "127.0.0.1:8081",
                                9),
                        NodeReport.unreachable("127.0.0.3", "timed out", 1)));
    }

    private static SizesSource source(SizesSnapshot round) {
        return new SizesSource() {
            @Override
            public Optional<SizesSnapshot> current() {
                return Optional.of(round);
            }

            @Override
            public String unavailableReason() {
                return "";
            }

            @Override
            public boolean retryable() {
                return true;
            }
        };
    }

    private static ReplicaHits hits() {
        ReplicaHits hits = new ReplicaHits(16);
        hits.record("N1", 30);
        hits.record("N2", 10);
        return hits;
    }

    private static SizesService service() throws Exception {
        return new SizesService(
                routing(),
                source(round()),
                SizeGuideline.DEFAULT,
                new SizesService.Limits(10, 0.1, 1.5),
                hits(),
                CLOCK);
    }

    @Test
    void mergesTheTableOverTheNodesThatReportedItAndNamesTheMissingOnes() throws Exception {
        TableSizes sizes = service().table("iot", "readings");

        assertThat(sizes.keyspace()).isEqualTo("iot");
        assertThat(sizes.merged().nodesReporting()).isEqualTo(2);
        assertThat(sizes.missingNodes()).containsExactly("127.0.0.3");
        assertThat(sizes.nodes())
                .extracting(n -> n.report().address())
                .containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3");
        assertThat(sizes.nodes().get(2).stats()).isNull();
        assertThat(sizes.warnings()).extracting(SizeWarning::kind).contains("partition-too-large");
        assertThat(sizes.guideline()).isEqualTo(SizeGuideline.DEFAULT);
        assertThat(sizes.collection().age()).isEqualTo(Duration.ofMillis(42_500));
        assertThat(sizes.collection().startedAt()).isEqualTo(STARTED);
    }

    @Test
    void decodesEachPartitionKeyAndPlacesItOnTheServedRing() throws Exception {
        TableSizes sizes = service().table("iot", "readings");

        assertThat(sizes.largestPartitions())
                .extracting(SizedPartition::key)
                .containsExactly("sensor-1:2026-10-01", "sensor-4:2026-10-04", "not-a-composite-key");
        SizedPartition largest = sizes.largestPartitions().get(0);
        assertThat(largest.components()).containsExactly(entry("sensor_id", "sensor-1"), entry("day", "2026-10-01"));
        assertThat(largest.value()).isEqualTo(150_000_000L);
        assertThat(largest.reportedBy()).containsExactly("127.0.0.1", "127.0.0.2");
        // the token and replicas routing gives the same key (what /replicas answers)
        Routes routed = routing()
                .route("iot", "readings", List.of(Map.of("sensor_id", "sensor-1", "day", "2026-10-01")), true, false);
        KeyRoute route = routed.keys().get(0);
        assertThat(largest.token()).isEqualTo(route.token().toString());
        List<String> replicas = new ArrayList<>();
        for (int i = 0; i < route.replicas().replicas().size(); i++) {
            replicas.add(routed.snapshot()
                    .tokenRing()
                    .nodes()
                    .get(route.replicas().replicas().node(i))
                    .address());
        }
        assertThat(largest.replicas()).hasSize(3).isEqualTo(replicas);
        SizedPartition undecodable = sizes.largestPartitions().get(2);
        assertThat(undecodable.components()).isNull();
        assertThat(undecodable.token()).isNull();
        assertThat(undecodable.replicas()).isEmpty();
        assertThat(undecodable.decodeProblem()).contains("1 components");
        assertThat(sizes.sampledReads())
                .extracting(SizedPartition::key)
                .containsExactly("sensor-1:2026-10-01", "sensor-3:2026-10-03");
        assertThat(sizes.sampledWrites()).extracting(SizedPartition::key).containsExactly("sensor-3:2026-10-03");
    }

    @Test
    void loadSetsDataOnDiskAgainstOwnershipAndClientHits() throws Exception {
        LoadReport load = service().load(null);

        assertThat(load.keyspace()).isNull();
        assertThat(load.nodes())
                .extracting(n -> n.node().address())
                .containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4");
        LoadReport.NodeShare one = load.nodes().get(0);
        // JMX's live bytes of iot.readings plus the MiB figure of iot_multi_dc.readings
        assertThat(one.loadBytes()).isEqualTo(4_000_000L + (1L << 20));
        assertThat(load.nodes().get(1).loadBytes()).isEqualTo(2L << 20);
        assertThat(one.loadShare()).isEqualTo((4_000_000.0 + (1 << 20)) / (4_000_000.0 + 3 * (1 << 20)));
        assertThat(one.ownership()).isEqualTo(0.25);
        assertThat(one.clientHits()).isEqualTo(30);
        assertThat(one.clientHitShare()).isEqualTo(0.75);
        assertThat(one.status()).isEqualTo(NodeReport.Status.COLLECTED);
        assertThat(load.nodes().get(2).status()).isEqualTo(NodeReport.Status.UNREACHABLE);
        assertThat(load.nodes().get(2).loadBytes()).isNull();
        assertThat(load.nodes().get(3).status()).as("not in the round").isNull();
        assertThat(load.verdict().symptom()).isEqualTo(LoadAnalysis.UNEVEN_LOAD_EVEN_OWNERSHIP);
        assertThat(load.contributors()).isEqualTo(Contributors.LOCAL);
    }

    @Test
    void loadOfAKeyspaceCountsOnlyItsTablesAndItsEffectiveOwnership() throws Exception {
        LoadReport load = service().load("iot_multi_dc");

        assertThat(load.keyspace()).isEqualTo("iot_multi_dc");
        assertThat(load.nodes()).extracting(LoadReport.NodeShare::loadBytes).containsExactly(1L << 20, 0L, null, null);
        assertThat(load.nodes())
                .extracting(LoadReport.NodeShare::effectiveOwnership)
                .containsOnly(1.0);
        assertThat(load.verdict().loadSpread()).isInfinite();
    }

    @Test
    void serverHotKeysAreTheSampledPartitionsHeaviestFirst() throws Exception {
        SizesService service = service();

        List<ServerHotKeys.ServerHotKey> hot = service.of("iot", "readings", 10);

        assertThat(hot)
                .extracting(ServerHotKeys.ServerHotKey::key)
                .containsExactly("sensor-1:2026-10-01", "sensor-3:2026-10-03");
        assertThat(hot.get(1).reads()).isEqualTo(5);
        assertThat(hot.get(1).writes()).isEqualTo(9);
        assertThat(hot.get(0).label()).isNotNull();
        assertThat(hot.get(0).token()).isNotNull();
        assertThat(service.of("iot", "readings", 1)).hasSize(1);
        assertThat(service.sampledTables(10)).containsExactly(new TableName("iot", "readings"));
    }
}
