package io.ringmap.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The Grafana dashboard against Grafana's own dashboard and panel types (npm {@code @grafana/schema}, pinned), as
 * the chart's objects are checked against the Kubernetes schemas; and what an SRE needs from it: the hottest
 * partitions as an instant query beside the time series, keyspace and table variables, latency percentiles, errors as
 * 4xx and 5xx ratios, load against ownership; health on top as stat panels, one unit per panel.
 */
class DashboardSchemaTest {

    /** Gauges that are 1 or 0. */
    private static final Set<String> FLAGS = Set.of("ringmap_snapshot_stale", "ringmap_ready");

    @Test
    void dashboardMatchesGrafanasTypes() throws Exception {
        var result = GrafanaDashboardValidator.validate(List.of(DashboardQueries.DASHBOARD));

        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).containsPattern("\\d+ panels checked, 0 invalid");
    }

    @Test
    void aDashboardGrafanaCannotReadIsRejected(@TempDir Path dir) throws Exception {
        ObjectNode dashboard = (ObjectNode) JsonMapper.shared().readTree(Files.readString(DashboardQueries.DASHBOARD));
        dashboard.remove("schemaVersion");
        ObjectNode timeseries = (ObjectNode) panels(dashboard).stream()
                .filter(p -> p.path("type").asString().equals("timeseries"))
                .findFirst()
                .orElseThrow();
        ((ObjectNode) timeseries.path("options").path("legend")).put("placment", "right");
        ((ObjectNode) timeseries.path("fieldConfig").path("defaults").path("custom")).put("lineWidth", "thick");
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, dashboard.toString());

        var result = GrafanaDashboardValidator.validate(List.of(broken));

        assertThat(result.exitCode()).as(result.output()).isEqualTo(1);
        assertThat(result.output())
                .contains("schemaVersion")
                .contains("placment")
                .contains("3 invalid");
    }

    @Test
    void hottestPartitionsAreAnInstantQueryOverTheRangeBesideTheirTimeSeries() throws Exception {
        List<JsonNode> panels = panels(JsonMapper.shared().readTree(Files.readString(DashboardQueries.DASHBOARD)));
        JsonNode instant = panels.stream()
                .filter(p -> p.path("type").asString().equals("bargauge")
                        && p.path("targets").get(0).path("expr").asString().contains("ringmap_hotkey_hits_total"))
                .findFirst()
                .orElseThrow();
        JsonNode series = panels.get(panels.indexOf(instant) + 1);

        assertThat(instant.path("targets").get(0).path("instant").asBoolean()).isTrue();
        assertThat(instant.path("targets").get(0).path("expr").asString())
                .contains("[$__range]")
                .startsWith("topk by (cluster, namespace) (10,");
        assertThat(series.path("type").asString()).isEqualTo("timeseries");
        assertThat(series.path("gridPos").path("y").asInt())
                .isEqualTo(instant.path("gridPos").path("y").asInt());
        // the time series draws exactly the range's top ten: topk evaluated once, at the end of the range
        assertThat(series.path("targets").get(0).path("expr").asString()).contains("[$__range] @ end()");
    }

    @Test
    void variablesLatencyErrorsAndOwnershipAreThere() throws Exception {
        JsonNode dashboard = JsonMapper.shared().readTree(Files.readString(DashboardQueries.DASHBOARD));
        List<String> variables = new ArrayList<>();
        dashboard
                .path("templating")
                .path("list")
                .forEach(v -> variables.add(v.path("name").asString()));
        List<String> expressions = DashboardQueries.expressions();

        assertThat(variables).contains("keyspace", "table");
        assertThat(expressions)
                .anyMatch(e -> e.startsWith("histogram_quantile(0.5,"))
                .anyMatch(e -> e.startsWith("histogram_quantile(0.99,"));
        assertThat(expressions)
                .anyMatch(e -> e.contains("status=~\"4..\"") && e.contains(" / "))
                .anyMatch(e -> e.contains("status=~\"5..\"") && e.contains(" / "));
        assertThat(expressions)
                .anyMatch(
                        e -> e.contains("ringmap_replica_hits_total") && e.contains("ringmap_replica_ownership_ratio"));
        assertThat(expressions)
                .filteredOn(e -> e.contains("ringmap_hotkey_hits_total") && !e.startsWith("label_values"))
                .allMatch(e -> e.contains("keyspace=~\"$keyspace\"") && e.contains("table=~\"$table\""));
    }

    @Test
    void everyPanelSelectsTheChosenClustersAndNamespacesAndKeepsThemApart() throws Exception {
        List<String> panels = DashboardQueries.panelExpressions();

        assertThat(panels)
                .hasSizeGreaterThan(20)
                .allSatisfy(expression -> assertThat(PerClusterQueries.dashboardProblems(expression))
                        .as(expression)
                        .isEmpty());
    }

    @Test
    void everySeriesIsNamedWithItsCluster() throws Exception {
        List<JsonNode> panels = panels(JsonMapper.shared().readTree(Files.readString(DashboardQueries.DASHBOARD)));

        // a table shows the grouping labels as columns; every other panel names its series by its legend
        assertThat(panels)
                .filteredOn(p -> p.path("targets").size() > 0
                        && !p.path("type").asString().equals("table"))
                .flatMap(p -> p.path("targets").valueStream().toList())
                .allSatisfy(t -> assertThat(t.path("legendFormat").asString())
                        .as(t.path("expr").asString())
                        .contains("{{cluster}}"));
        assertThat(panels)
                .filteredOn(p -> p.path("type").asString().equals("stat"))
                .allSatisfy(p -> assertThat(p.path("options").path("textMode").asString())
                        .as(p.path("title").asString())
                        .isEqualTo("value_and_name"));
    }

    @Test
    void namespaceAndClusterVariablesComeFirstAndNarrowEveryOtherVariable() throws Exception {
        Map<String, String> variables = DashboardQueries.variableQueries();

        assertThat(variables.keySet())
                .startsWith("namespace", "cluster")
                .contains("job", "instance", "keyspace", "table");
        // the namespace comes from the scrape (Prometheus Operator and the usual pod scrape configs add it)
        assertThat(variables.get("namespace")).isEqualTo("label_values(ringmap_snapshot_sequence, namespace)");
        assertThat(variables.get("cluster"))
                .isEqualTo("label_values(ringmap_snapshot_sequence{namespace=~\"$namespace\"}, cluster)");
        variables.entrySet().stream()
                .skip(2)
                .forEach(v -> assertThat(PerClusterQueries.dashboardProblems(v.getValue()))
                        .as(v.getKey())
                        .isEmpty());
    }

    @Test
    void theClusterCheckFindsQueriesThatMixClusters() {
        String sel = "{namespace=~\"$namespace\", cluster=~\"$cluster\"}";

        assertThat(PerClusterQueries.dashboardProblems("sum by (cluster, namespace) (rate(a_total" + sel + "[5m]))"))
                .isEmpty();
        assertThat(PerClusterQueries.dashboardProblems("sum(rate(a_total" + sel + "[5m]))"))
                .containsExactly("sum without by (cluster, namespace)");
        assertThat(PerClusterQueries.dashboardProblems("topk(10, max by (state) (a" + sel + "))"))
                .containsExactly("topk without by (cluster, namespace)", "max by (state) lacks cluster or namespace");
        assertThat(PerClusterQueries.dashboardProblems("a" + sel + " / on (replica) group_left b" + sel))
                .containsExactly("on (replica) does not match on cluster and namespace");
        assertThat(PerClusterQueries.dashboardProblems("a" + sel + " / scalar(sum without (x) (b" + sel + "))"))
                .containsExactly(
                        "sum without (...) instead of by (cluster, namespace)",
                        "scalar() drops the cluster and namespace labels");
        assertThat(PerClusterQueries.dashboardProblems("a{job=~\"$job\"} or a" + sel))
                .containsExactly(
                        "a{job=~\"$job\"} does not filter cluster=~\"$cluster\"",
                        "a{job=~\"$job\"} does not filter namespace=~\"$namespace\"");
        assertThat(PerClusterQueries.dashboardProblems(
                        "max_over_time(a" + sel + "[5m]) > 0 and histogram_quantile(" + "0.5, b" + sel + ")"))
                .isEmpty();
    }

    @Test
    void healthIsOnTopAsStatPanelsForReadinessStaleSnapshotsAndNodesDown() throws Exception {
        List<JsonNode> top = JsonMapper.shared()
                .readTree(Files.readString(DashboardQueries.DASHBOARD))
                .path("panels")
                .valueStream()
                .toList();
        int nextRow = top.stream()
                .skip(1)
                .filter(p -> p.path("type").asString().equals("row"))
                .mapToInt(p -> p.path("gridPos").path("y").asInt())
                .min()
                .orElseThrow();
        List<JsonNode> health = top.stream()
                .skip(1)
                .filter(p -> p.path("gridPos").path("y").asInt() < nextRow)
                .toList();
        List<String> healthExpressions = health.stream()
                .map(p -> p.path("targets").get(0).path("expr").asString())
                .toList();

        assertThat(top.get(0).path("type").asString()).isEqualTo("row");
        assertThat(top.get(0).path("title").asString()).isEqualTo("Health");
        assertThat(top.get(0).path("gridPos").path("y").asInt()).isZero();
        assertThat(health)
                .isNotEmpty()
                .allSatisfy(p -> assertThat(p.path("type").asString()).isEqualTo("stat"));
        assertThat(healthExpressions)
                .anyMatch(e -> e.contains("ringmap_ready{"))
                .anyMatch(e -> e.contains("ringmap_snapshot_stale{"))
                .anyMatch(e -> e.contains("ringmap_ring_nodes{state=\"down\""));
        assertThat(nextRow).isLessThanOrEqualTo(5); // the whole health row fits the first screen
    }

    @Test
    void everyPanelHasOneUnitAndNeverMixesSecondsWithCountsOrAFlagWithOtherSeries() throws Exception {
        List<JsonNode> panels =
                panels(JsonMapper.shared().readTree(Files.readString(DashboardQueries.DASHBOARD))).stream()
                        .filter(p -> p.path("targets").size() > 0)
                        .toList();

        assertThat(panels).allSatisfy(panel -> {
            String title = panel.path("title").asString();
            if (!panel.path("type").asString().equals("table")) {
                assertThat(panel.path("fieldConfig")
                                .path("defaults")
                                .path("unit")
                                .asString())
                        .as(title)
                        .isNotEmpty();
            }
            panel.path("fieldConfig")
                    .path("overrides")
                    .forEach(o -> o.path("properties")
                            .forEach(property -> assertThat(property.path("id").asString())
                                    .as("%s overrides a unit", title)
                                    .isNotEqualTo("unit")));
            List<Set<String>> kinds = panel.path("targets")
                    .valueStream()
                    .map(t -> kinds(DashboardQueries.metricNames(t.path("expr").asString())))
                    .toList();
            boolean seconds = kinds.stream().anyMatch(k -> k.equals(Set.of("seconds")));
            boolean counts = kinds.stream().anyMatch(k -> k.equals(Set.of("count")));
            boolean flag = kinds.stream().anyMatch(k -> k.contains("flag"));
            assertThat(seconds && counts)
                    .as("%s plots seconds beside counts", title)
                    .isFalse();
            assertThat(flag && kinds.size() > 1)
                    .as("%s plots a 0/1 flag beside other series", title)
                    .isFalse();
        });
    }

    /** What an expression's metrics measure: seconds, counts, a 0/1 flag, or something else. */
    private static Set<String> kinds(Set<String> metrics) {
        Set<String> kinds = new java.util.TreeSet<>();
        for (String metric : metrics) {
            if (FLAGS.contains(metric)) {
                kinds.add("flag");
            } else if (metric.endsWith("_total") || metric.endsWith("_count") || metric.endsWith("_bucket")) {
                kinds.add("count");
            } else if (metric.endsWith("_seconds")
                    || metric.endsWith("_seconds_sum")
                    || metric.endsWith("_seconds_max")) {
                kinds.add("seconds");
            } else {
                kinds.add("other");
            }
        }
        return kinds;
    }

    private static List<JsonNode> panels(JsonNode dashboard) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            out.add(panel);
            panel.path("panels").forEach(out::add);
        }
        return out;
    }
}
