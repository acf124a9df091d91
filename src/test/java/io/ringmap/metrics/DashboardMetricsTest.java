package io.ringmap.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import io.ringmap.topology.StaticTopologyParser;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.io.ClassPathResource;

/**
 * Every metric the Grafana dashboard queries is present in the service's own Prometheus scrape, tagged with the
 * cluster the dashboard keeps apart.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"management.server.port=0", "ringmap.hotkeys.refresh-interval=100ms"})
class DashboardMetricsTest {

    @LocalServerPort
    int port;

    @LocalManagementPort
    int managementPort;

    @Autowired
    MeterRegistry registry;

    /** The static topology this context serves (the default). */
    private static final String TOPOLOGY = "topology/default.yaml";

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
        assertThat(wanted)
                .contains(
                        "ringmap_hotkey_hits_total",
                        "ringmap_replica_hits_total",
                        "http_server_requests_seconds_count",
                        "http_server_requests_seconds_bucket",
                        "ringmap_snapshot_age_seconds",
                        "ringmap_snapshot_stale",
                        "ringmap_ready",
                        "jvm_memory_used_bytes");

        // when the hot-key meters have synced (refresh every 100 ms) and the GC notification has arrived
        wanted.removeAll(DashboardQueries.LIVE_CLUSTER_ONLY);
        Set<String> missing = Polling.atMost(
                Duration.ofSeconds(15),
                Duration.ofMillis(200),
                () -> {
                    Set<String> absent = new TreeSet<>(wanted);
                    absent.removeAll(scrapedNames());
                    return absent;
                },
                Set::isEmpty);

        // then
        assertThat(missing)
                .as("dashboard metrics absent from /actuator/prometheus")
                .isEmpty();
    }

    @Test
    void everyMeterAndEveryScrapedSeriesCarriesTheStaticTopologysClusterName() throws Exception {
        // given the served static file's own name, and requests that register meters after start-up
        String cluster = StaticTopologyParser.parse(
                        new String(new ClassPathResource(TOPOLOGY).getContentAsByteArray(), StandardCharsets.UTF_8),
                        TOPOLOGY)
                .clusterName();
        get("/replicas?keyspace=iot&table=readings&sensor_id=sensor-3&day=2026-10-01", 200);
        get("/token?keyspace=nope&table=readings&sensor_id=s&day=2026-10-01", 404);

        // when the meters and the scrape are read
        List<Meter> meters = registry.getMeters();
        List<String> samples =
                scrape().lines().filter(l -> !l.startsWith("#") && !l.isBlank()).toList();

        // then
        assertThat(cluster).isEqualTo("reference-example");
        assertThat(meters)
                .hasSizeGreaterThan(50)
                .allSatisfy(m -> assertThat(m.getId().getTag("cluster"))
                        .as(m.getId().getName())
                        .isEqualTo(cluster));
        assertThat(samples)
                .hasSizeGreaterThan(100)
                .allSatisfy(line -> assertThat(line).contains("cluster=\"" + cluster + "\""));
    }

    @Test
    void apiPanelsLeaveOutSwaggerUiApiDocsAndActuatorRequests() throws Exception {
        // given requests to the API, to Swagger UI and the OpenAPI document, and a scrape of the management port
        get("/replicas?keyspace=iot&table=readings&sensor_id=sensor-17&day=2026-10-01", 200);
        for (String page :
                List.of("/swagger-ui/index.html", "/v3/api-docs", "/v3/api-docs/swagger-config", "/v3/api-docs.yaml")) {
            get(page, 200);
        }
        scrapedNames();

        // when the dashboard's API selector (every API panel has it) is applied to the uri tags the service recorded
        String selector = DashboardQueries.apiRequests();
        // PromQL regexes match the whole value
        Pattern notApi = Pattern.compile(selector.substring("uri!~\"".length(), selector.length() - 1));
        Set<String> uris = new TreeSet<>();
        Matcher tag = Pattern.compile("^http_server_requests_seconds_count\\{[^}]*uri=\"([^\"]+)\"", Pattern.MULTILINE)
                .matcher(scrape());
        while (tag.find()) {
            uris.add(tag.group(1));
        }

        // then documentation and actuator requests are left out, the API's are counted (actuator requests are
        // recorded only where the management port is the API port, so their uris are added by hand)
        assertThat(uris)
                .contains("/replicas")
                .anyMatch(u -> u.startsWith("/swagger-ui"))
                .anyMatch(u -> u.startsWith("/v3/api-docs"));
        uris.addAll(List.of("/actuator/prometheus", "/actuator/health", "/actuator/health/{*path}"));
        assertThat(uris)
                .allSatisfy(uri -> assertThat(notApi.matcher(uri).matches())
                        .as(uri)
                        .isEqualTo(uri.startsWith("/swagger-ui")
                                || uri.startsWith("/v3/api-docs")
                                || uri.startsWith("/actuator")));
    }

    private Set<String> scrapedNames() throws Exception {
        return scrape().lines()
                .filter(l -> !l.startsWith("#") && !l.isBlank())
                .map(l -> l.split("[{ ]", 2)[0])
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private String scrape() throws Exception {
        HttpResponse<String> scrape = TestHttp.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + "/actuator/prometheus"))
                        .build());
        assertThat(scrape.statusCode()).isEqualTo(200);
        return scrape.body();
    }

    private void get(String path, int status) throws Exception {
        HttpResponse<String> r = TestHttp.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .build());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(status);
    }

    private void post(String path, String json, int status) throws Exception {
        HttpResponse<String> r = TestHttp.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(status);
    }
}
