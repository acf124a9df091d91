package io.ringmap.packaging;

import static io.ringmap.packaging.HelmChart.asList;
import static io.ringmap.packaging.HelmChart.asMap;
import static io.ringmap.packaging.HelmChart.at;
import static io.ringmap.packaging.HelmChart.find;
import static io.ringmap.packaging.HelmChart.findAll;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.metrics.DashboardQueries;
import io.ringmap.metrics.PerClusterQueries;
import io.ringmap.testsupport.SystemTool;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.yaml.snakeyaml.Yaml;

/**
 * The chart's PrometheusRule: its rule groups, as `helm template --set prometheusRule.enabled=true` renders them,
 * checked by {@code promtool check rules} and unit-tested by {@code promtool test rules} with
 * src/test/prometheus/ringmap-alerts.test.yaml (every alert firing on its series and staying silent beside them).
 * promtool comes from the PATH ({@link SystemTool#PROMTOOL}; Debian's prometheus package, which scripts/ci-install.sh
 * installs).
 */
@ResourceLock(HelmChart.LOCK)
class PrometheusRuleTest {

    private static final Path TESTS = Path.of("src", "test", "prometheus", "ringmap-alerts.test.yaml");
    private static final Path WORK = Path.of("target", "promtool");

    private static List<Map<String, Object>> objects;

    @BeforeAll
    static void render() throws IOException {
        objects = HelmChart.objects(
                HelmChart.template().set("prometheusRule.enabled", "true").call());
        Files.createDirectories(WORK);
        Map<String, Object> groups = Map.of("groups", at(find(objects, "PrometheusRule"), "spec.groups"));
        Files.writeString(WORK.resolve("ringmap.rules.yaml"), new Yaml().dump(groups));
        Files.copy(TESTS, WORK.resolve(TESTS.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }

    @Test
    void rulesAreValidPrometheusRules() throws Exception {
        String output = promtool("check", "rules", "ringmap.rules.yaml");

        assertThat(output).contains("SUCCESS: " + alertNames().size() + " rules found");
    }

    @Test
    void everyAlertFiresOnItsSeriesAndStaysSilentOtherwise() throws Exception {
        String output = promtool("test", "rules", TESTS.getFileName().toString());

        assertThat(output).contains("SUCCESS");
    }

    @Test
    void everyAlertHasAFiringAndASilentTest() throws IOException {
        Map<String, Object> tests = new Yaml().load(Files.readString(TESTS));
        Set<String> firing = new TreeSet<>();
        Set<String> silent = new TreeSet<>();
        for (Object test : asList(tests.get("tests"))) {
            for (Object check : asList(asMap(test).get("alert_rule_test"))) {
                Map<String, Object> c = asMap(check);
                (asList(c.get("exp_alerts")).isEmpty() ? silent : firing).add((String) c.get("alertname"));
            }
        }

        assertThat(firing).isEqualTo(alertNames());
        assertThat(silent).isEqualTo(alertNames());
        assertThat(alertNames()).hasSize(7);
    }

    @Test
    void everyAlertFiresPerCassandraClusterAndNamespaceAndNamesTheCluster() {
        List<Map<String, Object>> rules = rules();

        assertThat(rules).hasSize(7).allSatisfy(rule -> {
            String alert = (String) rule.get("alert");
            assertThat(PerClusterQueries.groupingProblems((String) rule.get("expr")))
                    .as(alert)
                    .isEmpty();
            assertThat((String) at(rule, "annotations.description")).as(alert).contains("{{ $labels.cluster }}");
        });
        // the aggregating alerts say so in their grouping (the others keep every label of their series)
        assertThat(rules)
                .filteredOn(r -> ((String) r.get("expr")).contains(" by ("))
                .extracting(r -> r.get("alert"))
                .contains(
                        "RingmapCassandraNodesDown",
                        "RingmapServerErrors",
                        "RingmapHotPartition",
                        "RingmapPartitionAboveSizeGuideline");
    }

    @Test
    void serverErrorsCountApiRequestsOnlyAsTheDashboardDoes() throws IOException {
        String apiRequests = DashboardQueries.apiRequests();
        String expr = rules().stream()
                .filter(r -> r.get("alert").equals("RingmapServerErrors"))
                .findFirst()
                .map(r -> (String) r.get("expr"))
                .orElseThrow();

        // numerator and denominator alike: Swagger UI and the OpenAPI document are no API traffic
        Matcher selector =
                Pattern.compile("http_server_requests_seconds_count\\{([^}]*)}").matcher(expr);
        int selectors = 0;
        while (selector.find()) {
            selectors++;
            assertThat(selector.group(1)).contains(apiRequests);
        }
        assertThat(selectors).isEqualTo(2);
    }

    @Test
    void noPrometheusRuleByDefaultAndDisabledAlertsAreLeftOut() {
        List<Map<String, Object>> defaults =
                HelmChart.objects(HelmChart.template().call());
        List<Map<String, Object>> withoutHotPartition = HelmChart.objects(HelmChart.template()
                .set("prometheusRule.enabled", "true")
                .set("prometheusRule.alerts.hotPartition.enabled", "false")
                .set("prometheusRule.selector", "app_kubernetes_io_name=\"ringmap\"")
                .call());

        assertThat(findAll(defaults, "PrometheusRule")).isEmpty();
        List<Object> rules = asList(at(find(withoutHotPartition, "PrometheusRule"), "spec.groups.0.rules"));
        assertThat(rules).hasSize(6).map(r -> asMap(r).get("alert")).doesNotContain("RingmapHotPartition");
        assertThat(rules)
                .allSatisfy(r -> assertThat((String) asMap(r).get("expr"))
                        .contains("app_kubernetes_io_name=\"ringmap\"")
                        .doesNotContain("job=\"ringmap\""));
    }

    private static List<Map<String, Object>> rules() {
        List<Map<String, Object>> rules = new java.util.ArrayList<>();
        for (Object group : asList(at(find(objects, "PrometheusRule"), "spec.groups"))) {
            asList(asMap(group).get("rules")).forEach(r -> rules.add(asMap(r)));
        }
        return rules;
    }

    private static Set<String> alertNames() {
        Set<String> names = new TreeSet<>();
        rules().forEach(rule -> names.add((String) rule.get("alert")));
        return names;
    }

    private static String promtool(String... arguments) throws IOException, InterruptedException {
        var command =
                new java.util.ArrayList<>(List.of(SystemTool.PROMTOOL.require().toString()));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command)
                .directory(WORK.toFile())
                .redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS))
                .as("promtool finished")
                .isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }
}
