package io.ringmap.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The PromQL expressions of the Grafana dashboard and the metric names they reference. */
public final class DashboardQueries {

    static final Path DASHBOARD = Path.of("helm/ringmap/dashboards/ringmap.json");

    private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern API_REQUESTS = Pattern.compile("uri!~\"([^\"]+)\"");
    private static final Set<String> KEYWORDS = Set.of(
            "by",
            "without",
            "on",
            "ignoring",
            "group_left",
            "group_right",
            "bool",
            "offset",
            "and",
            "or",
            "unless",
            "inf",
            "nan");

    /**
     * Meters that exist only with figures from a live cluster (one series per table a sizes round reported, or per
     * partition the nodes sampled), so
     * the static-topology scrape of {@code DashboardMetricsTest} cannot have them; {@code SizesConformanceIT} checks
     * them against a real cluster's scrape.
     */
    public static final Set<String> LIVE_CLUSTER_ONLY =
            Set.of("ringmap_partition_largest_bytes", "ringmap_partition_guideline_breaches", "ringmap_hotkey_sampled");

    private DashboardQueries() {}

    /** Every target expression of every panel (rows included) and every query variable. */
    static List<String> expressions() throws IOException {
        List<String> out = new ArrayList<>(panelExpressions());
        out.addAll(variableQueries().values());
        return out;
    }

    /**
     * The one {@code uri!~"..."} matcher that makes a request selector count API requests only, as every panel on
     * {@code http_server_requests_seconds} has it (a panel without it, or with another one, fails here).
     */
    public static String apiRequests() throws IOException {
        Set<String> exclusions = new TreeSet<>();
        for (String expression : panelExpressions()) {
            if (expression.contains("http_server_requests_seconds")) {
                Matcher m = API_REQUESTS.matcher(expression);
                if (!m.find()) {
                    throw new AssertionError("API panel without a uri exclusion: " + expression);
                }
                exclusions.add(m.group());
            }
        }
        if (exclusions.size() != 1) {
            throw new AssertionError("not one API selector on every panel: " + exclusions);
        }
        return exclusions.iterator().next();
    }

    /** Every target expression of every panel (rows included). */
    static List<String> panelExpressions() throws IOException {
        List<String> out = new ArrayList<>();
        collectTargets(dashboard().path("panels"), out);
        return out;
    }

    /** The query of every query variable, by the variable's name, in the dashboard's order. */
    static Map<String, String> variableQueries() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (JsonNode variable : dashboard().path("templating").path("list")) {
            if ("query".equals(variable.path("type").asString())) {
                JsonNode q = variable.path("query");
                out.put(
                        variable.path("name").asString(),
                        q.isObject() ? q.path("query").asString() : q.asString());
            }
        }
        return out;
    }

    private static JsonNode dashboard() throws IOException {
        return JsonMapper.builder().build().readTree(Files.readString(DASHBOARD));
    }

    private static void collectTargets(JsonNode panels, List<String> out) {
        for (JsonNode panel : panels) {
            for (JsonNode target : panel.path("targets")) {
                if (target.hasNonNull("expr")) {
                    out.add(target.path("expr").asString());
                }
            }
            collectTargets(panel.path("panels"), out);
        }
    }

    /**
     * The metric names an expression selects: identifiers left after removing strings, label matchers, range and
     * subquery brackets, grouping clauses, Grafana variables, function calls and keywords.
     */
    static Set<String> metricNames(String expr) {
        String s = expr.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"\"") // string literals
                .replaceAll("\\{[^}]*}", " ") // label matchers
                .replaceAll("\\[[^]]*]", " ") // ranges, subqueries
                .replaceAll("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", " ")
                .replaceAll("\\$\\{?[a-zA-Z0-9_]+}?", " "); // Grafana variables
        // label_values(metric, label): the second argument is a label
        s = s.replaceAll("label_values\\s*\\(([^,)]*),[^)]*\\)", "($1)");
        Set<String> names = new TreeSet<>();
        Matcher m = IDENTIFIER.matcher(s);
        while (m.find()) {
            String id = m.group();
            int next = m.end();
            while (next < s.length() && Character.isWhitespace(s.charAt(next))) {
                next++;
            }
            boolean call = next < s.length() && s.charAt(next) == '(';
            boolean partOfNumber =
                    m.start() > 0 && (Character.isDigit(s.charAt(m.start() - 1)) || s.charAt(m.start() - 1) == '.');
            if (!call && !partOfNumber && !KEYWORDS.contains(id.toLowerCase())) {
                names.add(id);
            }
        }
        return names;
    }

    /** Metric names of the whole dashboard. */
    static Set<String> metricNames() throws IOException {
        Set<String> names = new TreeSet<>();
        for (String expr : expressions()) {
            names.addAll(metricNames(expr));
        }
        return names;
    }
}
