package io.ringmap.hotkeys.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.KeyLabels;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.ServerHotKeys;
import io.ringmap.hotkeys.ServerHotKeys.ServerHotKey;
import io.ringmap.ring.TableName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ServerHotKeyMetricsTest {

    @Test
    void exportsEachSampledPartitionsReadsAndWritesWithItsSource() {
        // given a round in which the nodes sampled two partitions of shop.events
        FakeServer server = new FakeServer();
        server.publish(Map.of(
                new TableName("shop", "events"),
                List.of(key("user-7", "user-7", 900, 0), key("user-1", "user-1", 40, 3))));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ServerHotKeyMetrics metrics = new ServerHotKeyMetrics(() -> server, KeyExporter.plain(), 20, 10, 256);

        // when
        metrics.bindTo(registry);

        // then: one series per partition and operation, no write series for a partition nobody wrote
        assertThat(series(registry))
                .containsExactly(
                        Map.entry("shop.events/user-1/read/server-sampling", 40.0),
                        Map.entry("shop.events/user-1/write/server-sampling", 3.0),
                        Map.entry("shop.events/user-7/read/server-sampling", 900.0));
    }

    @Test
    void aSampledKeyHasTheSameHashedPartitionAsTheSameKeyHitByClients() {
        // given hash export with a salt, and a composite key with a ':' in a component on both sides
        KeyExporter hashed = KeyExporter.hashed("pepper");
        String label = KeyLabels.join("tenant:1", "2026-10-01");
        HotKeyRegistry clients = new HotKeyRegistry(HotKeySettings.DEFAULTS, hashed);
        clients.record("iot", "readings", List.of("tenant:1", "2026-10-01"));
        FakeServer server = new FakeServer();
        server.publish(Map.of(new TableName("iot", "readings"), List.of(key("tenant\\:1:2026-10-01", label, 5, 0))));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        HotKeyMetrics clientMetrics = new HotKeyMetrics(clients, new ReplicaHits(10), n -> ReplicaPlacement.UNKNOWN);
        clientMetrics.bindTo(registry);
        ServerHotKeyMetrics metrics = new ServerHotKeyMetrics(() -> server, hashed, 20, 10, 256);

        // when
        clientMetrics.refreshAndSync();
        metrics.bindTo(registry);
        String clientPartition = registry.find(HotKeyMetrics.HOTKEY_HITS).tag("table", "readings").meters().stream()
                .map(m -> m.getId().getTag("partition"))
                .filter(p -> !p.equals(KeyLabels.OTHER))
                .findFirst()
                .orElseThrow();
        String serverPartition =
                registry.get(ServerHotKeyMetrics.SAMPLED).gauge().getId().getTag("partition");

        // then: the same 16 hex characters on both sides, and no clear text of the key anywhere
        assertThat(serverPartition)
                .isEqualTo(clientPartition)
                .isEqualTo(hashed.export(label))
                .matches("[0-9a-f]{16}");
        assertThat(registry.getMeters())
                .extracting(m -> m.getId().getTags().toString())
                .noneMatch(t -> t.contains("tenant") || t.contains("2026"));
    }

    @Test
    void anUndecodableKeyIsHashedToo() {
        FakeServer server = new FakeServer();
        server.publish(Map.of(new TableName("shop", "events"), List.of(key("not:decodable:here", null, 5, 0))));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new ServerHotKeyMetrics(() -> server, KeyExporter.hashed(""), 20, 10, 256).bindTo(registry);

        assertThat(registry.get(ServerHotKeyMetrics.SAMPLED).gauge().getId().getTag("partition"))
                .isEqualTo(KeyExporter.hashed("").export("not:decodable:here"));
    }

    @Test
    void keepsAtMostTopKPartitionsPerTableAndMaxTablesTables() {
        // given 30 sampled tables of 50 partitions each, and bounds of 5 per table and 4 tables
        FakeServer server = new FakeServer();
        Map<TableName, List<ServerHotKey>> round =
                new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
        for (int t = 0; t < 30; t++) {
            List<ServerHotKey> keys = new ArrayList<>();
            for (int k = 0; k < 50; k++) {
                keys.add(key("k" + k, "k" + k, 100 - k, 100 - k));
            }
            round.put(new TableName("ks", "t" + (char) ('a' + t)), keys);
        }
        server.publish(round);
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

        // when
        new ServerHotKeyMetrics(() -> server, KeyExporter.plain(), 5, 4, 256).bindTo(prometheus);

        // then: 4 tables × 5 partitions × (reads, writes), the heaviest of each table
        List<String> lines = prometheus
                .scrape()
                .lines()
                .filter(l -> l.startsWith("ringmap_hotkey_sampled{"))
                .toList();
        assertThat(lines).hasSize(4 * 5 * 2);
        assertThat(lines).allMatch(l -> l.matches(".*partition=\"k[0-4]\".*"));
        assertThat(lines).allMatch(l -> l.contains("source=\"server-sampling\""));
    }

    @Test
    void aNewRoundReplacesTheSeriesAndAnUnchangedRoundIsNotReadAgain() {
        FakeServer server = new FakeServer();
        server.publish(Map.of(new TableName("shop", "events"), List.of(key("user-7", "user-7", 900, 0))));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ServerHotKeyMetrics metrics = new ServerHotKeyMetrics(() -> server, KeyExporter.plain(), 20, 10, 256);
        metrics.bindTo(registry);
        metrics.sync();
        assertThat(server.reads).isEqualTo(1);

        server.publish(Map.of(new TableName("shop", "events"), List.of(key("user-9", "user-9", 0, 12))));
        metrics.sync();

        assertThat(server.reads).isEqualTo(2);
        assertThat(series(registry)).containsExactly(Map.entry("shop.events/user-9/write/server-sampling", 12.0));
    }

    @Test
    void withoutAServerSideNothingIsRegistered() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ServerHotKeyMetrics metrics = new ServerHotKeyMetrics(() -> null, KeyExporter.plain(), 20, 10, 256);
        metrics.bindTo(registry);
        metrics.sync();
        assertThat(registry.find(ServerHotKeyMetrics.SAMPLED).meters()).isEmpty();
    }

    static ServerHotKey key(String cassandraText, String label, long reads, long writes) {
        return new ServerHotKey(
                ServerHotKeys.SERVER_SAMPLING,
                cassandraText,
                label,
                reads,
                writes,
                null,
                List.of(),
                List.of("127.0.0.1"));
    }

    static Map<String, Double> series(SimpleMeterRegistry registry) {
        Map<String, Double> out = new TreeMap<>();
        for (Meter m : registry.find(ServerHotKeyMetrics.SAMPLED).meters()) {
            var id = m.getId();
            out.put(
                    id.getTag("keyspace") + "." + id.getTag("table") + "/" + id.getTag("partition") + "/"
                            + id.getTag("operation") + "/" + id.getTag("source"),
                    ((Gauge) m).value());
        }
        return out;
    }

    /** The servers' side as a round of samples per table. */
    static final class FakeServer implements ServerHotKeys {

        private Map<TableName, List<ServerHotKey>> round;
        int reads;

        void publish(Map<TableName, List<ServerHotKey>> next) {
            round = next;
        }

        @Override
        public List<ServerHotKey> of(String keyspace, String table, int limit) {
            List<ServerHotKey> keys = round.getOrDefault(new TableName(keyspace, table), List.of());
            return keys.subList(0, Math.min(limit, keys.size()));
        }

        @Override
        public List<TableName> sampledTables(int limit) {
            reads++;
            return round.keySet().stream()
                    .sorted((a, b) -> a.toString().compareTo(b.toString()))
                    .limit(limit)
                    .toList();
        }

        @Override
        public List<NodeSamples> samplesByNode(String keyspace, String table) {
            return List.of(); // the metrics read the merged samples only
        }

        @Override
        public Object round() {
            return round;
        }
    }
}
