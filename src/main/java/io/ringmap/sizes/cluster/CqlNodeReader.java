package io.ringmap.sizes.cluster;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.metadata.Node;
import io.ringmap.ring.TableName;
import io.ringmap.ring.TokenRange;
import io.ringmap.sizes.Latency;
import io.ringmap.sizes.NodeTableStats;
import io.ringmap.sizes.RangeEstimate;
import io.ringmap.sizes.RankedPartition;
import io.ringmap.sizes.ReadStats;
import io.ringmap.token.Partitioner;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Reads what one node knows of its tables over CQL, every statement addressed to that node
 * ({@link SimpleStatement#setNode}): {@code system.table_estimates} (primary ranges), the table metric virtual tables
 * of {@code system_views} and {@code system.top_partitions}. A failing query leaves its figures out and is named in
 * {@code problems}; only when every query fails is the node unreachable.
 */
final class CqlNodeReader {

    private final CqlSession session;
    private final Duration timeout;
    private final Partitioner partitioner;
    private final Predicate<TableName> wanted;
    private final int maxTables;
    private final int maxRanges;

    CqlNodeReader(
            CqlSession session,
            Duration timeout,
            Partitioner partitioner,
            Predicate<TableName> wanted,
            int maxTables,
            int maxRanges) {
        this.session = session;
        this.timeout = timeout;
        this.partitioner = partitioner;
        this.wanted = wanted;
        this.maxTables = maxTables;
        this.maxRanges = maxRanges;
    }

    /**
     * What the node answered; {@code problems} collects the queries that failed.
     *
     * @param queriesAnswered statements the node answered
     * @param queriesSent     statements sent to the node, answered or not
     */
    record Answer(Map<TableName, NodeTableStats> tables, List<String> problems, int queriesAnswered, int queriesSent) {}

    Answer read(Node node) {
        List<String> problems = new ArrayList<>();
        int[] answered = {0, 0}; // answered, sent
        Map<TableName, List<RangeEstimate>> ranges = new HashMap<>();
        Map<TableName, Long> means = new HashMap<>();
        List<Row> estimates = query(
                node,
                "SELECT keyspace_name, table_name, range_type, range_start, range_end, "
                        + "mean_partition_size, partitions_count FROM system.table_estimates",
                problems,
                answered);
        if (answered[0] == 0) {
            // the node did not answer its first query: do not wait out every other query's timeout too
            return new Answer(Map.of(), problems, 0, answered[1]);
        }
        int kept = 0;
        for (Row r : estimates) {
            TableName t = new TableName(r.getString("keyspace_name"), r.getString("table_name"));
            if (!"primary".equals(r.getString("range_type")) || !wanted.test(t)) {
                continue;
            }
            if (kept++ >= maxRanges) {
                problems.add("table_estimates: more than " + maxRanges + " ranges; the rest were left out");
                break;
            }
            try {
                TokenRange range = new TokenRange(
                        partitioner.parseToken(r.getString("range_start")),
                        partitioner.parseToken(r.getString("range_end")));
                long mean = Math.max(0, r.getLong("mean_partition_size"));
                ranges.computeIfAbsent(t, k -> new ArrayList<>())
                        .add(new RangeEstimate(range, mean, Math.max(0, r.getLong("partitions_count"))));
                means.put(t, mean);
            } catch (RuntimeException e) {
                problems.add("table_estimates: unreadable range of " + t + ": " + e.getMessage());
            }
        }
        Map<TableName, Long> maxMib = longs(node, "max_partition_size", "mebibytes", problems, answered);
        Map<TableName, Long> diskMib = longs(node, "disk_usage", "mebibytes", problems, answered);
        Map<TableName, ReadStats> rows = perRead(node, "rows_per_read", problems, answered);
        Map<TableName, ReadStats> tombstones = perRead(node, "tombstones_per_read", problems, answered);
        Map<TableName, Latency> reads = latency(node, "local_read_latency", problems, answered);
        Map<TableName, Latency> writes = latency(node, "local_write_latency", problems, answered);
        Map<TableName, List<RankedPartition>> largest = new HashMap<>();
        Map<TableName, List<RankedPartition>> tombstoned = new HashMap<>();
        for (Row r : query(
                node,
                "SELECT keyspace_name, table_name, top_type, top FROM system.top_partitions",
                problems,
                answered)) {
            TableName t = new TableName(r.getString("keyspace_name"), r.getString("table_name"));
            if (!wanted.test(t)) {
                continue;
            }
            List<RankedPartition> top = new ArrayList<>();
            for (TupleValue v : r.getList("top", TupleValue.class)) {
                top.add(new RankedPartition(v.getString(0), v.getLong(1)));
            }
            top.sort(Comparator.comparingLong(RankedPartition::value).reversed());
            ("SIZES".equals(r.getString("top_type")) ? largest : tombstoned).put(t, top);
        }
        TreeSet<TableName> names = new TreeSet<>();
        names.addAll(ranges.keySet());
        names.addAll(maxMib.keySet());
        names.addAll(diskMib.keySet());
        Map<TableName, NodeTableStats> out = new HashMap<>();
        for (TableName t : names) {
            if (out.size() >= maxTables) {
                problems.add("more than " + maxTables + " tables; the rest were left out");
                break;
            }
            out.put(
                    t,
                    new NodeTableStats(
                            t,
                            maxMib.get(t),
                            diskMib.get(t),
                            means.get(t),
                            ranges.getOrDefault(t, List.of()),
                            rows.get(t),
                            tombstones.get(t),
                            reads.get(t),
                            writes.get(t),
                            largest.getOrDefault(t, List.of()),
                            tombstoned.getOrDefault(t, List.of()),
                            null));
        }
        return new Answer(out, problems, answered[0], answered[1]);
    }

    private Map<TableName, Long> longs(Node node, String view, String column, List<String> problems, int[] ok) {
        Map<TableName, Long> out = new HashMap<>();
        for (Row r : query(
                node, "SELECT keyspace_name, table_name, " + column + " FROM system_views." + view, problems, ok)) {
            TableName t = new TableName(r.getString("keyspace_name"), r.getString("table_name"));
            if (wanted.test(t) && !r.isNull(column)) {
                out.put(t, r.getLong(column));
            }
        }
        return out;
    }

    private Map<TableName, ReadStats> perRead(Node node, String view, List<String> problems, int[] ok) {
        Map<TableName, ReadStats> out = new HashMap<>();
        for (Row r : query(
                node,
                "SELECT keyspace_name, table_name, count, p50th, p99th, max FROM system_views." + view,
                problems,
                ok)) {
            TableName t = new TableName(r.getString("keyspace_name"), r.getString("table_name"));
            if (wanted.test(t)) {
                out.put(
                        t,
                        new ReadStats(
                                r.getLong("count"), r.getDouble("p50th"), r.getDouble("p99th"), r.getDouble("max")));
            }
        }
        return out;
    }

    private Map<TableName, Latency> latency(Node node, String view, List<String> problems, int[] ok) {
        Map<TableName, Latency> out = new HashMap<>();
        for (Row r : query(
                node,
                "SELECT keyspace_name, table_name, count, p50th_ms, p99th_ms, max_ms FROM " + "system_views." + view,
                problems,
                ok)) {
            TableName t = new TableName(r.getString("keyspace_name"), r.getString("table_name"));
            if (wanted.test(t)) {
                out.put(
                        t,
                        new Latency(
                                r.getLong("count"),
                                r.getDouble("p50th_ms"),
                                r.getDouble("p99th_ms"),
                                r.getDouble("max_ms")));
            }
        }
        return out;
    }

    /** Runs one statement on the node; {@code ok} counts statements answered ([0]) and sent ([1]). */
    private List<Row> query(Node node, String cql, List<String> problems, int[] ok) {
        ok[1]++;
        try {
            List<Row> rows = session.execute(SimpleStatement.newInstance(cql)
                            .setNode(node)
                            .setTimeout(timeout)
                            .setPageSize(5000))
                    .all();
            ok[0]++;
            return rows;
        } catch (RuntimeException e) {
            String from = cql.substring(cql.indexOf(" FROM ") + 6);
            problems.add(from + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            return List.of();
        }
    }
}
