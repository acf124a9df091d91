package io.ringmap.hotkeys.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.TopKCounters;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class HotKeyMetricsTest {

    private static final String SERIES = "ringmap_hotkey_hits_total{";

    @Test
    void exportsAtMostKPlusOneSeriesPerTableAfterAMillionDistinctKeys() {
        // given top 20, a series limit, and 2 tables hit by 1,000,000 distinct keys with a skewed head
        HotKeySettings settings = HotKeySettings.DEFAULTS;
        HotKeyRegistry hotKeys = new HotKeyRegistry(settings, KeyExporter.plain());
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        HotKeySeriesLimit limit = new HotKeySeriesLimit(settings.seriesPerTable(), settings.maxTables());
        prometheus.config().meterFilter(limit);
        limit.bindTo(prometheus);
        HotKeyMetrics metrics = new HotKeyMetrics(hotKeys, new ReplicaHits(10), node -> ReplicaPlacement.UNKNOWN);
        metrics.bindTo(prometheus);
        SplittableRandom random = new SplittableRandom(7);
        long hits = 0;
        for (int key = 0; key < 1_000_000; key++) {
            String table = key % 2 == 0 ? "events_by_user" : "events_by_day";
            hotKeys.record("shop", table, List.of("user-" + key));
            // and a head of 40 hot keys whose popularity drifts, so keys keep entering and leaving the top 20
            hotKeys.record("shop", table, List.of("hot-" + (random.nextInt(40) + key / 100_000)));
            hits += 2;
            if (key % 10_000 == 0) {
                metrics.refreshAndSync();
            }
            if (key % 200_000 == 0) {
                hotKeys.rotateWindows();
            }
        }
        metrics.refreshAndSync();

        // when
        Map<String, List<String>> seriesByTable = scrapeSeries(prometheus).stream()
                .collect(Collectors.groupingBy(line -> line.contains("table=\"events_by_user\"") ? "user" : "day"));

        // then
        assertThat(seriesByTable.get("user")).hasSizeLessThanOrEqualTo(21).anyMatch(l -> l.contains("\"_other\""));
        assertThat(seriesByTable.get("day")).hasSizeLessThanOrEqualTo(21).anyMatch(l -> l.contains("\"_other\""));
        assertThat(limit.deniedSeries()).isZero();
        // and exported series plus what evicted keys had counted add up to every hit exactly
        long evicted =
                hotKeys.counters().stream().mapToLong(TopKCounters::evicted).sum();
        assertThat(sumOf(scrapeSeries(prometheus)) + evicted).isEqualTo(hits);
    }

    @Test
    void exportedPartitionsSumToTotalHits() {
        // given stable traffic over 10 keys with a top 3
        HotKeyRegistry hotKeys = new HotKeyRegistry(HotKeySettings.DEFAULTS.withTopK(3), KeyExporter.plain());
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        HotKeyMetrics metrics = new HotKeyMetrics(hotKeys, new ReplicaHits(10), node -> ReplicaPlacement.UNKNOWN);
        metrics.bindTo(prometheus);
        long hits = 0;
        for (int round = 0; round < 100; round++) {
            for (int key = 1; key <= 10; key++) {
                hotKeys.record("shop", "events_by_user", List.of("k" + key), 11 - key);
                hits += 11 - key;
            }
            metrics.refreshAndSync();
        }

        // when
        List<String> series = scrapeSeries(prometheus);

        // then
        assertThat(series).hasSize(4);
        assertThat(series)
                .anyMatch(l -> l.contains("partition=\"k1\""))
                .anyMatch(l -> l.contains("partition=\"_other\""));
        assertThat(sumOf(series)).isEqualTo(hits);
    }

    @Test
    void removesMetersOfKeysLeavingTheTopKAndStartsAFreshOneOnReturn() {
        // given "old" in a top 1
        HotKeyRegistry hotKeys = new HotKeyRegistry(HotKeySettings.DEFAULTS.withTopK(1), KeyExporter.plain());
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        HotKeyMetrics metrics = new HotKeyMetrics(hotKeys, new ReplicaHits(10), node -> ReplicaPlacement.UNKNOWN);
        metrics.bindTo(registry);
        hotKeys.record("shop", "t", List.of("old"), 10);
        metrics.refreshAndSync();
        hotKeys.record("shop", "t", List.of("old"), 5);
        assertThat(count(registry, "old")).isEqualTo(5);

        // when traffic moves to "new" for two windows
        hotKeys.rotateWindows();
        hotKeys.rotateWindows();
        hotKeys.record("shop", "t", List.of("new"), 50);
        metrics.refreshAndSync();

        // then the meter of "old" is gone from the registry
        assertThat(registry.find(HotKeyMetrics.HOTKEY_HITS)
                        .tag("partition", "old")
                        .meter())
                .isNull();
        assertThat(registry.find(HotKeyMetrics.HOTKEY_HITS).meters()).hasSize(2);

        // and when "old" comes back, its series restarts from zero
        hotKeys.rotateWindows();
        hotKeys.rotateWindows();
        hotKeys.record("shop", "t", List.of("old"), 100);
        metrics.refreshAndSync();
        hotKeys.record("shop", "t", List.of("old"), 1);
        assertThat(count(registry, "old")).isEqualTo(1);
    }

    @Test
    void tagsReplicaHitsWithNodeDcAndRack() {
        // given
        ReplicaHits replicas = new ReplicaHits(10);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        HotKeyMetrics metrics = new HotKeyMetrics(
                new HotKeyRegistry(HotKeySettings.DEFAULTS, KeyExporter.plain()),
                replicas,
                node -> node.equals("n1") ? new ReplicaPlacement("dc1", "r1") : ReplicaPlacement.UNKNOWN);
        metrics.bindTo(registry);

        // when
        replicas.record(List.of("n1", "n2"), 3);
        replicas.record(List.of("n1"));
        metrics.sync();

        // then
        assertThat(registry.get(HotKeyMetrics.REPLICA_HITS)
                        .tags("replica", "n1", "datacenter", "dc1", "rack", "r1")
                        .functionCounter()
                        .count())
                .isEqualTo(4);
        assertThat(registry.get(HotKeyMetrics.REPLICA_HITS)
                        .tags("replica", "n2", "datacenter", "unknown")
                        .functionCounter()
                        .count())
                .isEqualTo(3);
    }

    @Test
    void seriesLimitDeniesBeyondBudgetAndAdmitsNewKeysOnceOthersAreRemoved() {
        // given a budget of 2 series per table
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        HotKeySeriesLimit limit = new HotKeySeriesLimit(2, 10);
        registry.config().meterFilter(limit);
        limit.bindTo(registry);

        // when a buggy caller registers 3, then removes one and registers a 4th
        registry.counter(HotKeyMetrics.HOTKEY_HITS, "keyspace", "ks", "table", "t", "partition", "a");
        var b = registry.counter(HotKeyMetrics.HOTKEY_HITS, "keyspace", "ks", "table", "t", "partition", "b");
        registry.counter(HotKeyMetrics.HOTKEY_HITS, "keyspace", "ks", "table", "t", "partition", "c");
        registry.remove(b);
        registry.counter(HotKeyMetrics.HOTKEY_HITS, "keyspace", "ks", "table", "t", "partition", "d");

        // then
        assertThat(registry.find(HotKeyMetrics.HOTKEY_HITS).meters())
                .extracting(m -> m.getId().getTag("partition"))
                .containsExactlyInAnyOrder("a", "d");
        assertThat(limit.deniedSeries()).isEqualTo(1);
    }

    @Test
    void maximumAllowableTagsWouldLockOutNewHotKeysAfterChurn() {
        // given Micrometer's stock limit of 2 partition values
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        registry.config()
                .meterFilter(MeterFilter.maximumAllowableTags(
                        HotKeyMetrics.HOTKEY_HITS, "partition", 2, MeterFilter.deny()));

        // when two keys pass through and are removed, then a third becomes hot
        registry.remove(registry.counter(HotKeyMetrics.HOTKEY_HITS, "partition", "a"));
        registry.remove(registry.counter(HotKeyMetrics.HOTKEY_HITS, "partition", "b"));
        registry.counter(HotKeyMetrics.HOTKEY_HITS, "partition", "c");

        // then it is denied although nothing is registered: the reason for HotKeySeriesLimit
        assertThat(registry.find(HotKeyMetrics.HOTKEY_HITS).meters()).isEmpty();
    }

    private static double count(MeterRegistry registry, String partition) {
        return registry.get(HotKeyMetrics.HOTKEY_HITS)
                .tag("partition", partition)
                .functionCounter()
                .count();
    }

    private static List<String> scrapeSeries(PrometheusMeterRegistry prometheus) {
        return prometheus
                .scrape()
                .lines()
                .filter(line -> line.startsWith(SERIES))
                .toList();
    }

    private static long sumOf(List<String> series) {
        return (long) series.stream()
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                .sum();
    }
}
