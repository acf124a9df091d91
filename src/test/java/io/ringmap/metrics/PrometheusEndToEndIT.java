package io.ringmap.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.hotkeys.Zipf;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * ringmap scraped by a real Prometheus server ({@link PrometheusServer}):
 * under a Zipf workload Prometheus names the true hottest partition, and after a million distinct keys each table
 * still has at most K + 1 {@code ringmap_hotkey_hits_total} series. (Every dashboard panel, run by a real Prometheus
 * over two ringmaps, is {@link ClusterSeparationIT}'s.)
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "management.server.port=0",
            "ringmap.hotkeys.refresh-interval=200ms",
            "ringmap.api.max-batch-size=20000"
        })
@TimeBudget(seconds = 60)
class PrometheusEndToEndIT {

    private static final int TOP_K = 20; // ringmap.hotkeys.top-k default
    private static final int BATCH = 10_000;
    private static final String DAY = "2026-10-01";

    @LocalServerPort
    int port;

    @LocalManagementPort
    int managementPort;

    @Test
    void prometheusNamesTheHottestKeyAndSeesAtMostKPlusOneSeriesPerTable() throws Exception {
        long started = System.nanoTime();
        try (PrometheusServer prometheus = PrometheusServer.start("prometheus-it", """
                  - job_name: ringmap
                    metrics_path: /actuator/prometheus
                    static_configs:
                      - targets: ["127.0.0.1:%d"]
                """.formatted(managementPort))) {
            System.out.printf("prometheus %d up after %.1f s%n", prometheus.pid(), seconds(started));

            // given a seeded Zipf(1.1) workload over 10,000 sensors, through POST /hits and GET /token
            Zipf zipf = new Zipf(10_000, 1.1, 42);
            long[] counts = new long[10_001];
            List<Integer> reported = new ArrayList<>();
            for (int i = 0; i < 100_000; i++) {
                reported.add(zipf.next());
            }
            postHits(reported.subList(0, BATCH), counts);
            Polling.hold(Duration.ofMillis(
                    600)); // a refresh ranks the head before the bulk arrives, so its counters see most hits
            for (int from = BATCH; from < reported.size(); from += BATCH) {
                postHits(reported.subList(from, from + BATCH), counts);
            }
            for (int i = 0; i < 300; i++) {
                int rank = zipf.next();
                get("/token?keyspace=iot&table=readings&sensor_id=sensor-" + rank + "&day=" + DAY);
                counts[rank]++;
            }
            int hottest = argMax(counts);
            String hottestLabel = "sensor-" + hottest + ":" + DAY;
            System.out.printf(
                    "workload: %d hits, true hottest %s with %d (runner-up %d) after %.1f s%n",
                    Arrays.stream(counts).sum(),
                    hottestLabel,
                    counts[hottest],
                    secondLargest(counts),
                    seconds(started));

            // when Prometheus has scraped the result
            String topQuery = "topk(1, sum by (partition) (ringmap_hotkey_hits_total{partition!=\"_other\"}))";
            JsonNode top = awaitResult(
                    prometheus,
                    topQuery,
                    r -> r.size() == 1
                            && hottestLabel.equals(
                                    r.get(0).path("metric").path("partition").asString()),
                    Duration.ofSeconds(30));

            // then
            assertThat(top.get(0).path("metric").path("partition").asString()).isEqualTo(hottestLabel);
            System.out.printf("%s -> %s after %.1f s%n", topQuery, top, seconds(started));
            // and when the same workload keeps arriving steadily for a few scrapes, rate() ranks it too (a rate
            // needs samples before and after the hits: one burst between two scrapes has no rate to rank)
            long steadyUntil = System.nanoTime() + Duration.ofSeconds(6).toNanos();
            while (System.nanoTime() < steadyUntil) {
                List<Integer> steady = new ArrayList<>(BATCH);
                for (int i = 0; i < BATCH; i++) {
                    steady.add(zipf.next());
                }
                postHits(steady, counts);
                Polling.hold(Duration.ofMillis(200));
            }
            String rateQuery =
                    "topk(1, sum by (partition) (rate(ringmap_hotkey_hits_total{partition!=\"_other\"}[15s])))";
            JsonNode rate = awaitResult(
                    prometheus,
                    rateQuery,
                    r -> r.size() == 1
                            && Double.parseDouble(r.get(0).path("value").get(1).asString()) > 0
                            && hottestLabel.equals(
                                    r.get(0).path("metric").path("partition").asString()),
                    Duration.ofSeconds(20));
            System.out.printf("rate top 1 -> %s%n", rate);
            assertThat(rate.get(0).path("metric").path("partition").asString()).isEqualTo(hottestLabel);
            assertThat(Double.parseDouble(rate.get(0).path("value").get(1).asString()))
                    .isPositive();

            // and when a million distinct keys arrive, in batches of 10,000
            long floodStart = System.nanoTime();
            for (int batch = 0; batch < 100; batch++) {
                StringBuilder body =
                        new StringBuilder(BATCH * 64).append("{\"keyspace\":\"iot\",\"table\":\"readings\",\"hits\":[");
                for (int i = 0; i < BATCH; i++) {
                    body.append(i == 0 ? "" : ",")
                            .append("{\"key\":{\"sensor_id\":\"cold-")
                            .append(batch * BATCH + i)
                            .append("\",\"day\":\"")
                            .append(DAY)
                            .append("\"}}");
                }
                post("/hits", body.append("]}").toString());
            }
            System.out.printf("1,000,000 distinct keys posted in %.1f s%n", seconds(floodStart));
            Polling.hold(Duration.ofSeconds(3)); // a few more scrapes

            // then no scrape ever held more than K + 1 series of one table
            JsonNode perTable = awaitResult(
                    prometheus,
                    "count by (keyspace, table) (ringmap_hotkey_hits_total)",
                    r -> r.size() > 0,
                    Duration.ofSeconds(10));
            System.out.printf("series per table now: %s%n", perTable);
            for (JsonNode series : perTable) {
                assertThat(Double.parseDouble(series.path("value").get(1).asString()))
                        .isLessThanOrEqualTo(TOP_K + 1);
            }
            JsonNode maxOverTime = prometheus.query(
                    "max_over_time(count by (keyspace, table) " + "(ringmap_hotkey_hits_total)[5m:1s])");
            System.out.printf("max series per table over the run: %s%n", maxOverTime);
            for (JsonNode series : maxOverTime) {
                assertThat(Double.parseDouble(series.path("value").get(1).asString()))
                        .isLessThanOrEqualTo(TOP_K + 1);
            }
            System.out.printf(
                    "distinct partition series seen in the run: %s%n",
                    prometheus.query("count(count by (partition) (last_over_time(ringmap_hotkey_hits_total[5m])))"));

            System.out.printf("end-to-end test body took %.1f s%n", seconds(started));
        }
    }

    private void getExpecting(String path, int status) {
        TestHttp.Response r = ringmap().get(path);
        assertThat(r.status()).as("GET %s: %s", path, r.body()).isEqualTo(status);
    }

    private void postHits(List<Integer> ranks, long[] counts) {
        Map<Integer, Integer> byRank = new LinkedHashMap<>();
        ranks.forEach(r -> byRank.merge(r, 1, Integer::sum));
        StringBuilder body = new StringBuilder("{\"keyspace\":\"iot\",\"table\":\"readings\",\"hits\":[");
        String sep = "";
        // one item per hit, as a client reporting every sampled access would; operation alternates
        int n = 0;
        for (int rank : ranks) {
            body.append(sep)
                    .append("{\"key\":{\"sensor_id\":\"sensor-")
                    .append(rank)
                    .append("\",\"day\":\"")
                    .append(DAY)
                    .append("\"},\"operation\":\"")
                    .append(n++ % 4 == 0 ? "write" : "read")
                    .append("\"}");
            sep = ",";
            counts[rank]++;
        }
        post("/hits", body.append("]}").toString());
    }

    private void post(String path, String body) {
        TestHttp.Response r = ringmap().postJson(path, body);
        assertThat(r.status()).as("POST %s: %s", path, r.body()).isEqualTo(200);
    }

    private void get(String path) {
        getExpecting(path, 200);
    }

    private TestHttp ringmap() {
        return new TestHttp(port);
    }

    /** The query's result once it meets {@code done}, or its last result after {@code timeout}. */
    private static JsonNode awaitResult(
            PrometheusServer prometheus, String promql, Predicate<JsonNode> done, Duration timeout) {
        return Polling.atMost(timeout, Duration.ofMillis(500), () -> prometheus.query(promql), done);
    }

    private static int argMax(long[] counts) {
        int best = 1;
        for (int i = 1; i < counts.length; i++) {
            best = counts[i] > counts[best] ? i : best;
        }
        return best;
    }

    private static long secondLargest(long[] counts) {
        long[] sorted = counts.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length - 2];
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
