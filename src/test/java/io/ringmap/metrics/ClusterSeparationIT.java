package io.ringmap.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.RingmapApplication;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * Two ringmaps following two clusters (the two bundled static topologies, each with its own {@code cluster} name),
 * in two namespaces, scraped by one real Prometheus ({@link PrometheusServer}) as the
 * chart's ServiceMonitor scrapes them (one job, the namespace a target label): every panel of the Grafana dashboard,
 * run by that Prometheus with one cluster selected, returns series of that cluster and namespace only, and not none;
 * with every cluster selected it returns each cluster's series apart.
 */
@TimeBudget(seconds = 35)
class ClusterSeparationIT {

    /** Cluster name (the topology file's {@code cluster}) to the namespace its ringmap runs in. */
    private static final Map<String, String> NAMESPACES =
            Map.of("reference-example", "team-a", "vnodes-sample", "team-b");

    private static final Map<String, String> TOPOLOGIES = Map.of(
            "reference-example", "classpath:topology/default.yaml", "vnodes-sample", "classpath:topology/vnodes.yaml");
    private static final String DAY = "2026-10-01";

    private static final List<Instance> instances = new ArrayList<>();
    private static PrometheusServer prometheus;
    private static long started;

    private record Instance(String cluster, ConfigurableApplicationContext context) {

        TestHttp http() {
            return new TestHttp(context.getEnvironment().getRequiredProperty("local.server.port", Integer.class));
        }

        int managementPort() {
            return context.getEnvironment().getRequiredProperty("local.management.port", Integer.class);
        }
    }

    @BeforeAll
    static void startTwoRingmapsAndPrometheus() throws Exception {
        started = System.nanoTime();
        // one after the other (their logging set-up would be in any case: SerialLoggingStart)
        TOPOLOGIES.forEach((cluster, file) -> instances.add(new Instance(
                cluster,
                new SpringApplicationBuilder(RingmapApplication.class)
                        .run(
                                "--server.port=0",
                                "--management.server.port=0",
                                "--ringmap.topology.file=" + file,
                                "--ringmap.hotkeys.refresh-interval=200ms"))));
        System.out.printf("two ringmaps up after %.1f s%n", seconds(started));
        System.gc(); // so that jvm_gc_pause_seconds has a sample in both registries

        StringBuilder targets = new StringBuilder();
        for (Instance i : instances) {
            targets.append("""
                          - targets: ["127.0.0.1:%d"]
                            labels: {namespace: %s}
                    """.formatted(i.managementPort(), NAMESPACES.get(i.cluster())));
        }
        // one job, a namespace target label per ringmap, as the chart's ServiceMonitor scrapes
        prometheus = PrometheusServer.start("prometheus-clusters-it", """
                  - job_name: ringmap
                    metrics_path: /actuator/prometheus
                    static_configs:
                """ + targets);
        System.out.printf("prometheus up after %.1f s%n", seconds(started));
        instances.forEach(ClusterSeparationIT::traffic);
    }

    @AfterAll
    static void stopAll() throws InterruptedException {
        if (prometheus != null) {
            prometheus.close();
        }
        instances.forEach(i -> i.context().close());
        System.out.printf("ClusterSeparationIT took %.1f s%n", seconds(started));
    }

    @Test
    void everyPanelWithOneClusterSelectedShowsThatClusterOnlyAndWithBothShowsEachApart() {
        // the partition-size panels need a live cluster's sizes collector: SizesConformanceIT checks those meters
        List<String> panels = panelExpressions();
        List<String> failures = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        for (String panel : panels) {
            for (String cluster : NAMESPACES.keySet()) {
                JsonNode result = await(select(panel, cluster), deadline);
                Set<String> seen = labels(result, "cluster");
                Set<String> namespaces = labels(result, "namespace");
                if (result.isEmpty()
                        || !seen.equals(Set.of(cluster))
                        || !namespaces.equals(Set.of(NAMESPACES.get(cluster)))) {
                    failures.add("%s selected: clusters %s, namespaces %s in %s"
                            .formatted(cluster, seen, namespaces, panel));
                }
            }
            JsonNode all = await(select(panel, ".*"), deadline);
            if (!labels(all, "cluster").equals(NAMESPACES.keySet())) {
                failures.add("all selected: clusters %s in %s".formatted(labels(all, "cluster"), panel));
            }
        }
        System.out.printf(
                "%d dashboard panels run against Prometheus for each of %s and for both, after %.1f s%n",
                panels.size(), NAMESPACES.keySet(), seconds(started));

        assertThat(panels).hasSizeGreaterThan(20);
        assertThat(failures).isEmpty();
    }

    @Test
    void theClusterVariableOffersTheClustersOfTheChosenNamespace() throws IOException {
        String clusters = DashboardQueries.variableQueries().get("cluster");

        for (Map.Entry<String, String> namespace : NAMESPACES.entrySet()) {
            JsonNode offered = await(
                    variable(clusters.replace("$namespace", namespace.getValue())),
                    System.nanoTime() + Duration.ofSeconds(10).toNanos());
            assertThat(labels(offered, "cluster")).containsExactly(namespace.getKey());
        }
        assertThat(labels(query(variable(clusters.replace("$namespace", ".*"))), "cluster"))
                .isEqualTo(NAMESPACES.keySet());
    }

    /** The dashboard's panels, as Grafana sends them with {@code cluster} selected (a regex) and the rest at All. */
    private static String select(String panel, String cluster) {
        return panel.replace("$__rate_interval", "1m")
                .replace("$__range", "5m")
                .replace("$cluster", cluster)
                .replaceAll("\\$(namespace|job|instance|keyspace|table)\\b", ".*");
    }

    /** A variable's label_values(m, l) as Grafana runs it: group by (l) (m). */
    private static String variable(String query) {
        return query.replaceAll("^label_values\\((.*), *([a-z_]+)\\)$", "group by ($2) ($1)");
    }

    private static List<String> panelExpressions() {
        try {
            return DashboardQueries.panelExpressions().stream()
                    .filter(e -> DashboardQueries.LIVE_CLUSTER_ONLY.stream().noneMatch(e::contains))
                    .toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The query's first non-empty result before the deadline (while empty, traffic keeps arriving), or empty. */
    private static JsonNode await(String promql, long deadline) {
        Duration left = Duration.ofNanos(Math.max(1, deadline - System.nanoTime()));
        return Polling.atMost(
                left,
                Duration.ofMillis(500),
                () -> {
                    JsonNode answer = query(promql);
                    if (answer.isEmpty()) {
                        instances.forEach(ClusterSeparationIT::traffic);
                    }
                    return answer;
                },
                answer -> !answer.isEmpty());
    }

    /** Lookups, a client error and reported hits, on the iot.readings table both topologies have. */
    private static void traffic(Instance instance) {
        TestHttp http = instance.http();
        assertThat(http.get("/replicas?keyspace=iot&table=readings&sensor_id=sensor-1&day=" + DAY)
                        .status())
                .isEqualTo(200);
        assertThat(http.get("/token?keyspace=iot&table=readings&sensor_id=sensor-1&day=yesterday")
                        .status())
                .isEqualTo(400);
        assertThat(http.postJson("/hits", """
                {"keyspace": "iot", "table": "readings", "hits": [
                  {"key": {"sensor_id": "sensor-1", "day": "%s"}, "count": 5, "operation": "read"},
                  {"key": {"sensor_id": "sensor-2", "day": "%s"}, "count": 2, "operation": "write"}]}""".formatted(DAY, DAY)).status()).isEqualTo(200);
    }

    private static JsonNode query(String promql) {
        return prometheus.query(promql);
    }

    private static Set<String> labels(JsonNode result, String label) {
        Set<String> values = new TreeSet<>();
        result.forEach(series -> values.add(series.path("metric").path(label).asString()));
        return values;
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
