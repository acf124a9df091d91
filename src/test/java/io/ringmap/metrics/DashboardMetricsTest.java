package io.ringmap.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testsupport.Polling;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Every metric the Grafana dashboard queries is present in the service's own Prometheus scrape. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"management.server.port=0", "ringmap.hotkeys.refresh-interval=100ms"})
class DashboardMetricsTest {

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @LocalManagementPort
    int managementPort;

    @Test
    void extractsMetricNamesFromPromQl() {
        assertThat(DashboardQueries.metricNames("topk(10, sum by (keyspace, table, partition) (rate("
                + "ringmap_hotkey_hits_total{partition!=\"_other\", job=~\"$job\"}[$__rate_interval])))"))
                .containsExactly("ringmap_hotkey_hits_total");
        assertThat(DashboardQueries.metricNames("sum(a_total) / on (x) group_left(y) b_bytes offset 5m > 0.5 "
                + "and label_values(c_seconds{job=\"j\"}, instance)"))
                .containsExactlyInAnyOrder("a_total", "b_bytes", "c_seconds");
    }

    @Test
    void everyMetricTheDashboardQueriesIsScraped() throws Exception {
        // given lookups, reported hits and errors
        get("/token?keyspace=iot&table=readings&sensor_id=sensor-17&day=2026-10-01", 200);
        get("/replicas?keyspace=iot&table=readings&sensor_id=sensor-17&day=2026-10-01", 200);
        post("/hits", """
                {"keyspace": "iot", "table": "readings", "hits": [
                  {"key": {"sensor_id": "sensor-17", "day": "2026-10-01"}, "count": 5, "operation": "read"}]}""", 200);
        get("/token?keyspace=iot&table=readings&sensor_id=s&day=yesterday", 400);
        get("/token?keyspace=nope&table=readings&sensor_id=s&day=2026-10-01", 404);
        System.gc(); // so that jvm_gc_pause_seconds has a sample

        Set<String> wanted = DashboardQueries.metricNames();
        System.out.println("dashboard metrics: " + wanted);
        assertThat(wanted).contains("ringmap_hotkey_hits_total", "ringmap_replica_hits_total",
                "http_server_requests_seconds_count", "http_server_requests_seconds_bucket",
                "ringmap_snapshot_age_seconds", "ringmap_snapshot_stale", "ringmap_ready",
                "jvm_memory_used_bytes");

        // when the hot-key meters have synced (refresh every 100 ms) and the GC notification has arrived
        wanted.removeAll(DashboardQueries.LIVE_CLUSTER_ONLY);
        Set<String> missing = Polling.atMost(Duration.ofSeconds(15), Duration.ofMillis(200), () -> {
            Set<String> absent = new TreeSet<>(wanted);
            absent.removeAll(scrapedNames());
            return absent;
        }, Set::isEmpty);

        // then
        assertThat(missing).as("dashboard metrics absent from /actuator/prometheus").isEmpty();
    }

    @Test
    void apiPanelsLeaveOutSwaggerUiApiDocsAndActuatorRequests() throws Exception {
        // given requests to the API, to Swagger UI and the OpenAPI document, and a scrape of the management port
        get("/replicas?keyspace=iot&table=readings&sensor_id=sensor-17&day=2026-10-01", 200);
        for (String page : List.of("/swagger-ui/index.html", "/v3/api-docs", "/v3/api-docs/swagger-config",
                "/v3/api-docs.yaml")) {
            get(page, 200);
        }
        scrapedNames();

        // when the dashboard's API selector is applied to the uri tags the service recorded
        List<String> requestExpressions = DashboardQueries.expressions().stream()
                .filter(e -> e.contains("http_server_requests_seconds")).toList();
        Set<String> exclusions = new TreeSet<>();
        for (String expression : requestExpressions) {
            Matcher m = Pattern.compile("uri!~\"([^\"]+)\"").matcher(expression);
            assertThat(m.find()).as("API panel without a uri exclusion: %s", expression).isTrue();
            exclusions.add(m.group(1));
        }
        assertThat(exclusions).as("one API selector on every panel").hasSize(1);
        Pattern notApi = Pattern.compile(exclusions.iterator().next()); // PromQL regexes match the whole value
        Set<String> uris = new TreeSet<>();
        Matcher tag = Pattern.compile("^http_server_requests_seconds_count\\{[^}]*uri=\"([^\"]+)\"", Pattern.MULTILINE)
                .matcher(scrape());
        while (tag.find()) {
            uris.add(tag.group(1));
        }

        // then documentation and actuator requests are left out, the API's are counted (actuator requests are
        // recorded only where the management port is the API port, so their uris are added by hand)
        assertThat(uris).contains("/replicas").anyMatch(u -> u.startsWith("/swagger-ui"))
                .anyMatch(u -> u.startsWith("/v3/api-docs"));
        uris.addAll(List.of("/actuator/prometheus", "/actuator/health", "/actuator/health/{*path}"));
        assertThat(uris).allSatisfy(uri -> assertThat(notApi.matcher(uri).matches()).as(uri).isEqualTo(
                uri.startsWith("/swagger-ui") || uri.startsWith("/v3/api-docs") || uri.startsWith("/actuator")));
    }

    private Set<String> scrapedNames() throws Exception {
        return scrape().lines().filter(l -> !l.startsWith("#") && !l.isBlank())
                .map(l -> l.split("[{ ]", 2)[0]).collect(Collectors.toCollection(TreeSet::new));
    }

    private String scrape() throws Exception {
        HttpResponse<String> scrape = http.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + managementPort + "/actuator/prometheus")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(scrape.statusCode()).isEqualTo(200);
        return scrape.body();
    }

    private void get(String path, int status) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(status);
    }

    private void post(String path, String json, int status) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(status);
    }
}
