package io.ringmap.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks that a PromQL expression keeps Cassandra clusters and namespaces apart: every aggregation groups
 * {@code by} both labels, every vector match is {@code on} both, nothing drops labels ({@code without},
 * {@code ignoring}, {@code scalar}, {@code vector}); and, for the dashboard, every selector filters on the
 * {@code $cluster} and {@code $namespace} variables. An expression without aggregation keeps every label of its series.
 */
public final class PerClusterQueries {

    /** The labels every series of a ringmap scraped by Prometheus carries and every query keeps apart. */
    public static final List<String> LABELS = List.of("cluster", "namespace");

    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");
    private static final Pattern AGGREGATION = Pattern.compile("(?<![a-zA-Z0-9_:])(sum|min|max|avg|count|group"
            + "|stddev|stdvar|topk|bottomk|quantile|count_values|limitk|limit_ratio)\\s*(?:(by|without)\\s*"
            + "\\(([^)]*)\\))?\\s*\\(");
    private static final Pattern MATCHING = Pattern.compile("(?<![a-zA-Z0-9_:])(on|ignoring)\\s*\\(([^)]*)\\)");
    private static final Pattern SELECTOR = Pattern.compile("\\s*\\{([^}]*)}");
    private static final Pattern LABEL_LOSS = Pattern.compile("(?<![a-zA-Z0-9_:])(scalar|vector)\\s*\\(");

    private PerClusterQueries() {}

    /** What in {@code expr} mixes clusters or namespaces; empty when nothing does. */
    public static List<String> groupingProblems(String expr) {
        String s = STRING.matcher(expr).replaceAll("\"\"");
        List<String> problems = new ArrayList<>();
        Matcher a = AGGREGATION.matcher(s);
        while (a.find()) {
            if (a.group(2) == null) {
                problems.add(a.group(1) + " without by (cluster, namespace)");
            } else if (a.group(2).equals("without")) {
                problems.add(a.group(1) + " without (...) instead of by (cluster, namespace)");
            } else if (!labels(a.group(3)).containsAll(LABELS)) {
                problems.add(a.group(1) + " by (" + a.group(3) + ") lacks cluster or namespace");
            }
        }
        Matcher m = MATCHING.matcher(s);
        while (m.find()) {
            if (m.group(1).equals("ignoring") || !labels(m.group(2)).containsAll(LABELS)) {
                problems.add(m.group(1) + " (" + m.group(2) + ") does not match on cluster and namespace");
            }
        }
        Matcher loss = LABEL_LOSS.matcher(s);
        while (loss.find()) {
            problems.add(loss.group(1) + "() drops the cluster and namespace labels");
        }
        return problems;
    }

    /**
     * What in a dashboard expression mixes clusters or namespaces: {@link #groupingProblems} and every selector of a
     * metric that does not filter on {@code cluster=~"$cluster"} and {@code namespace=~"$namespace"}.
     */
    public static List<String> dashboardProblems(String expr) {
        List<String> problems = new ArrayList<>(groupingProblems(expr));
        String blanked =
                STRING.matcher(expr).replaceAll(r -> "\"" + "_".repeat(r.group().length() - 2) + "\"");
        for (String metric : DashboardQueries.metricNames(expr)) {
            Matcher use = Pattern.compile("(?<![a-zA-Z0-9_:])" + Pattern.quote(metric) + "(?![a-zA-Z0-9_:])")
                    .matcher(blanked);
            while (use.find()) {
                Matcher selector = SELECTOR.matcher(expr).region(use.end(), expr.length());
                String matchers = selector.lookingAt() ? selector.group(1) : "";
                for (String label : LABELS) {
                    if (!matchers.contains(label + "=~\"$" + label + "\"")) {
                        problems.add(metric + "{" + matchers + "} does not filter " + label + "=~\"$" + label + "\"");
                    }
                }
            }
        }
        return problems;
    }

    private static Set<String> labels(String list) {
        return Set.copyOf(List.of(list.trim().split("\\s*,\\s*")));
    }
}
