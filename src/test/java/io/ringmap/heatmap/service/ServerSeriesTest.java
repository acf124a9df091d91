package io.ringmap.heatmap.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.config.ApiProperties;
import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.heatmap.HeatmapSettings;
import io.ringmap.heatmap.TableHeatmap;
import io.ringmap.hits.HitRecorder;
import io.ringmap.hotkeys.ServerHotKeys;
import io.ringmap.ring.TableName;
import io.ringmap.routing.RoutingService;
import io.ringmap.testsupport.MovingClock;
import io.ringmap.token.LongToken;
import io.ringmap.web.WebTestSupport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The servers' samples as heatmap series: each sampled partition's reads and writes in the bucket of its token, a key
 * without a token counted as unplaced (never guessed into a bucket), a report served again in a later round counted
 * once.
 */
class ServerSeriesTest {

    private static final Instant NOW = Instant.parse("2026-12-02T08:00:30Z");

    private final MovingClock clock = new MovingClock(NOW);
    private final HeatmapSettings settings = new HeatmapSettings(16, Duration.ofMinutes(1), 10, 4);
    private final RoutingService routing = new RoutingService(
            WebTestSupport.ringFrom("/topology/default.yaml"),
            new ApiProperties(1000),
            HitRecorder.all(List.of()),
            null);
    private final FakeServer server = new FakeServer();
    private final ServerSeries series = new ServerSeries(
            server, routing, new HeatmapRegistry(settings, clock), new HeatmapRegistry(settings, clock));

    @Test
    void addsReadsAndWritesAtTheirTokensAndCountsUndecodableKeysAsUnplaced() {
        // given a round in which two nodes sampled a key at token 5 and one sampled a key it could not decode
        server.publish(Map.of(
                "127.0.0.1", new ServerHotKeys.NodeSamples("127.0.0.1", NOW, List.of(key("5", 30, 2), key(null, 7, 1))),
                "127.0.0.2", new ServerHotKeys.NodeSamples("127.0.0.2", NOW, List.of(key("5", 10, 0)))));

        // when the round is published
        series.roundPublished();

        // then the reads of token 5 are in its bucket, the undecodable key's in no bucket
        TableHeatmap reads = series.reads().heatmap("iot", "readings").orElseThrow();
        int bucket = reads.layout().bucketOf(new LongToken(5));
        assertThat(reads.slices()).singleElement().satisfies(s -> {
            assertThat(s.count(bucket)).isEqualTo(40);
            assertThat(s.total()).isEqualTo(40);
            assertThat(s.unplaced()).isEqualTo(7);
        });
        TableHeatmap writes = series.writes().heatmap("iot", "readings").orElseThrow();
        assertThat(writes.slices()).singleElement().satisfies(s -> {
            assertThat(s.count(bucket)).isEqualTo(2);
            assertThat(s.unplaced()).isEqualTo(1);
        });
    }

    @Test
    void aReportServedAgainInTheNextRoundIsCountedOnce() {
        // given a round, then one in which node 1 collected anew and node 2's report is the same one again
        server.publish(Map.of(
                "127.0.0.1",
                new ServerHotKeys.NodeSamples("127.0.0.1", NOW, List.of(key("5", 3, 0))),
                "127.0.0.2",
                new ServerHotKeys.NodeSamples("127.0.0.2", NOW, List.of(key("5", 4, 0)))));
        series.roundPublished();
        server.publish(Map.of(
                "127.0.0.1",
                new ServerHotKeys.NodeSamples("127.0.0.1", NOW.plusSeconds(5), List.of(key("5", 100, 0))),
                "127.0.0.2",
                new ServerHotKeys.NodeSamples("127.0.0.2", NOW, List.of(key("5", 4, 0)))));

        // when
        series.roundPublished();

        // then node 2's report is in once
        assertThat(series.reads()
                        .heatmap("iot", "readings")
                        .orElseThrow()
                        .slices()
                        .get(0)
                        .total())
                .isEqualTo(3 + 4 + 100);
    }

    private static ServerHotKeys.ServerHotKey key(String token, long reads, long writes) {
        return new ServerHotKeys.ServerHotKey(
                ServerHotKeys.SERVER_SAMPLING, "k", null, reads, writes, token, List.of(), List.of());
    }

    /** The servers' side: one table's samples per node in the current round. */
    private static final class FakeServer implements ServerHotKeys {

        private Map<String, NodeSamples> round = Map.of();

        void publish(Map<String, NodeSamples> next) {
            round = next;
        }

        @Override
        public List<ServerHotKey> of(String keyspace, String table, int limit) {
            throw new UnsupportedOperationException("the series read the samples per node");
        }

        @Override
        public List<NodeSamples> samplesByNode(String keyspace, String table) {
            return round.values().stream().toList();
        }

        @Override
        public List<TableName> sampledTables(int limit) {
            return List.of(new TableName("iot", "readings"));
        }

        @Override
        public Object round() {
            return round;
        }
    }
}
