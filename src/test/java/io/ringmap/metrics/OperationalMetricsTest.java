package io.ringmap.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The series alerts and the dashboard rely on, as the service scrapes them on the bundled sample (static source):
 * build info, the last successful refresh, refresh failures, the latency histogram, series-limit denials, replica
 * hits labelled {@code replica}/{@code datacenter} and effective ownership equal to what {@code GET /ring} reports.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"management.server.port=0", "ringmap.hotkeys.refresh-interval=100ms"})
class OperationalMetricsTest {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*})? (\\S+)$");

    @LocalServerPort
    int port;

    @LocalManagementPort
    int managementPort;

    @Test
    void buildInfoCarriesTheVersion() throws Exception {
        Map<String, Double> build = series("ringmap_build_info");

        assertThat(build).hasSize(1);
        String labels = build.keySet().iterator().next();
        assertThat(labels)
                .containsPattern("version=\"[^\"]+\"")
                .contains("commit=\"")
                .contains("java=\"17");
        assertThat(build.values()).containsExactly(1.0);
    }

    @Test
    void lastSuccessfulRefreshIsATimestampAndNoRefreshHasFailed() throws Exception {
        double now = System.currentTimeMillis() / 1000.0;

        Map<String, Double> lastSuccess = series("ringmap_topology_refresh_last_success_timestamp_seconds");

        assertThat(lastSuccess)
                .containsOnlyKeys("{application=\"ringmap\",cluster=\"reference-example\",source=\"static\"}");
        assertThat(lastSuccess.values().iterator().next()).isBetween(now - 600, now + 1);
        assertThat(series("ringmap_topology_refresh_failures_total")).containsValue(0.0);
    }

    @Test
    void requestLatencyIsAHistogram() throws Exception {
        get("/token?keyspace=iot&table=readings&sensor_id=sensor-17&day=2026-10-01");

        Map<String, Double> buckets = series("http_server_requests_seconds_bucket");

        assertThat(buckets.keySet())
                .anySatisfy(l -> assertThat(l).contains("uri=\"/token\"").contains("le=\"+Inf\""));
        // one request kind's buckets (other tests sharing this context add other methods and statuses for /token)
        assertThat(buckets.keySet().stream()
                        .filter(l -> l.contains("uri=\"/token\"")
                                && l.contains("method=\"GET\"")
                                && l.contains("status=\"200\""))
                        .count())
                .isBetween(10L, 80L);
    }

    @Test
    void readinessIsOneWhileTheReadinessGroupIsUp() throws Exception {
        HttpResponse<String> readyz =
                TestHttp.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + "/readyz"))
                        .build());

        assertThat(readyz.statusCode()).isEqualTo(200);
        assertThat(series("ringmap_ready"))
                .containsExactly(Map.entry("{application=\"ringmap\",cluster=\"reference-example\"}", 1.0));
    }

    @Test
    void seriesLimitDenialsAreExportedAndZero() throws Exception {
        assertThat(series("ringmap_hotkey_series_denied_total")).containsValue(0.0);
    }

    @Test
    void replicaHitsAndOwnershipShareTheReplicaAndDatacenterLabels() throws Exception {
        get("/replicas?keyspace=iot&table=readings&sensor_id=sensor-17&day=2026-10-01");
        JsonNode ring = JsonMapper.shared().readTree(get("/ring?keyspace=iot"));

        Map<String, Double> ownership = series("ringmap_replica_ownership_ratio");
        Map<String, Double> hits = awaitSeries("ringmap_replica_hits_total");

        for (JsonNode node : ring.path("nodes")) {
            String labels = "{application=\"ringmap\",cluster=\"reference-example\",datacenter=\""
                    + node.path("datacenter").asString()
                    + "\",keyspace=\"iot\",rack=\"" + node.path("rack").asString() + "\",replica=\""
                    + node.path("address").asString() + "\"}";
            assertThat(ownership).containsKey(labels);
            assertThat(ownership.get(labels))
                    .isCloseTo(node.path("effectiveOwnership").asDouble(), org.assertj.core.data.Offset.offset(1e-9));
        }
        assertThat(ownership.keySet()).anySatisfy(l -> assertThat(l).contains("keyspace=\"iot_multi_dc\""));
        assertThat(hits)
                .hasSize(3)
                .allSatisfy((labels, value) -> assertThat(labels)
                        .containsPattern("replica=\"127\\.0\\.0\\.[1-4]\"")
                        .contains("datacenter=\"dc")
                        .doesNotContain("node="));
    }

    /** The samples of {@code name} once a scrape has any, or none after 10 s. */
    private Map<String, Double> awaitSeries(String name) {
        return Polling.atMost(
                Duration.ofSeconds(10), Duration.ofMillis(100), () -> series(name), found -> !found.isEmpty());
    }

    /** Label set (as scraped) -> value of every sample of one metric. */
    private Map<String, Double> series(String name) throws Exception {
        HttpResponse<String> scrape = TestHttp.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + "/actuator/prometheus"))
                        .build());
        assertThat(scrape.statusCode()).isEqualTo(200);
        Map<String, Double> out = new LinkedHashMap<>();
        for (String line : (Iterable<String>) scrape.body().lines()::iterator) {
            Matcher m = SAMPLE.matcher(line);
            if (m.matches() && m.group(1).equals(name)) {
                out.put(m.group(2) == null ? "" : m.group(2), Double.parseDouble(m.group(3)));
            }
        }
        return out;
    }

    private String get(String path) throws Exception {
        HttpResponse<String> r = TestHttp.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .build());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return r.body();
    }
}
