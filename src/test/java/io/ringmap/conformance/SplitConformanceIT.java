package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterTest;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.StandardCluster;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.TestHttp;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestClassOrder;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * Splits conform to a real table: rows are written to Cassandra, and for n in {1, 3, 7, 64, 256} and both modes every
 * range of every split of {@code GET /splits} is read with its own {@code cql} (n < ranges groups whole ranges
 * into splits of several ranges); together they must return every row exactly once
 * (same count, same set of primary keys, no duplicates). Murmur3 on the shared six-node cluster (12,000 rows in
 * 3,000 composite-key partitions, plus a text-keyed table), RandomPartitioner and ByteOrderedPartitioner on single
 * nodes (fewer rows). Counts and times are printed.
 */
@TestClassOrder(ClassOrderer.OrderAnnotation.class)
@ResourceLock(providers = ClusterLocks.class)
@TimeBudget(seconds = 300)
class SplitConformanceIT {

    static final String KEYSPACE = "conf_splits";
    static final int ROWS_PER_PARTITION = 4;
    static final int[] SPLIT_COUNTS = {1, 3, 7, 64, 256};
    static final List<String> MODES = List.of("even", "aligned");

    @Nested
    @Order(1)
    @CassandraClusterTest(StandardCluster.TWO_DC)
    @SpringBootTest(
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {
                "spring.cassandra.contact-points=127.0.0.1:9042", "spring.cassandra.local-datacenter=dc1",
                "management.server.port=0", "ringmap.topology.refresh-interval=5s"
            })
    @DirtiesContext
    class Murmur3Partitioner {

        static Data data;

        static List<QuotedTable> quoted;

        @BeforeAll
        static void writeRows(CassandraCluster cluster) {
            data = write(cluster, "{'class': 'NetworkTopologyStrategy', 'dc1': 2, 'dc2': 1}", 3000, 500);
            quoted = writeQuoted(cluster, "{'class': 'NetworkTopologyStrategy', 'dc1': 2, 'dc2': 1}", 400);
        }

        @LocalServerPort
        int port;

        @Test
        void everySplitSetReadsEveryRowExactlyOnce(CassandraCluster cluster) {
            check(cluster, new TestHttp(port), data, "Murmur3Partitioner");
        }

        @Test
        void splitsOfTablesWhoseNamesNeedQuotesRunAsGivenAndReadEveryRowExactlyOnce(CassandraCluster cluster) {
            checkQuoted(cluster, new TestHttp(port), quoted, "Murmur3Partitioner");
        }
    }

    @Nested
    @Order(2)
    @CassandraClusterTest(StandardCluster.RANDOM_SINGLE)
    @SpringBootTest(
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {
                "spring.cassandra.contact-points=127.0.0.20:9042", "spring.cassandra.local-datacenter=dc1",
                "management.server.port=0", "ringmap.topology.refresh-interval=5s"
            })
    @DirtiesContext
    class RandomPartitioner {

        static Data data;

        @BeforeAll
        static void writeRows(CassandraCluster cluster) {
            data = write(cluster, "{'class': 'SimpleStrategy', 'replication_factor': 1}", 500, 500);
        }

        @LocalServerPort
        int port;

        @Test
        void everySplitSetReadsEveryRowExactlyOnce(CassandraCluster cluster) {
            check(cluster, new TestHttp(port), data, "RandomPartitioner");
        }
    }

    @Nested
    @Order(3)
    @CassandraClusterTest(StandardCluster.BYTE_ORDERED_SINGLE)
    @SpringBootTest(
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {
                "spring.cassandra.contact-points=127.0.0.21:9042", "spring.cassandra.local-datacenter=dc1",
                "management.server.port=0", "ringmap.topology.refresh-interval=5s"
            })
    @DirtiesContext
    class ByteOrderedPartitioner {

        static Data data;

        @BeforeAll
        static void writeRows(CassandraCluster cluster) {
            data = write(cluster, "{'class': 'SimpleStrategy', 'replication_factor': 1}", 500, 500);
        }

        @LocalServerPort
        int port;

        @Test
        void everySplitSetReadsEveryRowExactlyOnce(CassandraCluster cluster) {
            check(cluster, new TestHttp(port), data, "ByteOrderedPartitioner");
        }
    }

    /** The primary keys written per table, as "component|component|...". */
    record Data(Map<String, Set<String>> rowsByTable) {}

    /** Writes at ALL, so that every split read at ONE sees every row whichever replica answers. */
    static Data write(CassandraCluster cluster, String replication, int compositePartitions, int textPartitions) {
        long began = System.nanoTime();
        CqlSession session = cluster.session();
        // through the harness, which waits for schema agreement before the prepares below
        cluster.executeSchemaChange("DROP KEYSPACE IF EXISTS " + KEYSPACE);
        cluster.executeSchemaChange("CREATE KEYSPACE " + KEYSPACE + " WITH replication = " + replication);
        cluster.executeSchemaChanges(List.of(
                "CREATE TABLE " + KEYSPACE + ".readings (sensor text, day date, seq int, v int, "
                        + "PRIMARY KEY ((sensor, day), seq))",
                "CREATE TABLE " + KEYSPACE + ".by_name (name text, seq int, v int, PRIMARY KEY (name, seq))"));

        Random rnd = new Random(1130L);
        Map<String, Set<String>> rows = new HashMap<>();
        PreparedStatement readings =
                session.prepare("INSERT INTO " + KEYSPACE + ".readings (sensor, day, seq, v) VALUES (?, ?, ?, ?)");
        List<Object[]> values = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        while (keys.size() < compositePartitions * ROWS_PER_PARTITION) {
            String sensor = "sensor-" + rnd.nextInt(1000);
            LocalDate day = LocalDate.of(2026, 1, 1).plusDays(rnd.nextInt(3650) - 1825);
            for (int seq = 0; seq < ROWS_PER_PARTITION; seq++) {
                if (keys.add(sensor + "|" + day + "|" + seq)) {
                    values.add(new Object[] {sensor, day, seq, rnd.nextInt()});
                }
            }
        }
        rows.put("readings", keys);
        TokenConformanceIT.insertAll(session, readings, values, ConsistencyLevel.ALL);

        PreparedStatement byName =
                session.prepare("INSERT INTO " + KEYSPACE + ".by_name (name, seq, v) VALUES (?, ?, ?)");
        List<Object[]> named = new ArrayList<>();
        Set<String> names = new HashSet<>();
        // keys on both sides of the ByteOrdered node's token 0x6d ('m'), and on it
        for (String edge : List.of("m", "m\u0000", "l", "ma", "0", "~", "é", "zz", "a", "M")) {
            names.add(edge);
        }
        while (names.size() < textPartitions) {
            names.add(Integer.toString(rnd.nextInt(Integer.MAX_VALUE), 36) + (char) ('a' + rnd.nextInt(26)));
        }
        Set<String> nameKeys = new HashSet<>();
        for (String name : names) {
            for (int seq = 0; seq < ROWS_PER_PARTITION; seq++) {
                named.add(new Object[] {name, seq, seq});
                nameKeys.add(name + "|" + seq);
            }
        }
        rows.put("by_name", nameKeys);
        TokenConformanceIT.insertAll(session, byName, named, ConsistencyLevel.ALL);
        System.out.printf(
                "[SplitConformanceIT] %s: %d readings rows in %d partitions, %d by_name rows in %d "
                        + "partitions written in %.1f s%n",
                cluster.spec().partitioner(),
                keys.size(),
                compositePartitions,
                nameKeys.size(),
                names.size(),
                (System.nanoTime() - began) / 1e9);
        return new Data(rows);
    }

    /**
     * A table whose keyspace, table and partition key names all need quotes in CQL (reserved keywords, upper case,
     * characters outside {@code [a-z0-9_]}), with the primary keys written, as "component|component".
     */
    record QuotedTable(String keyspace, String table, List<String> keyColumns, Set<String> rows) {}

    /**
     * The example, keyspace {@code "select"}, table {@code "table"}, partition key ({@code "token"} text,
     * {@code "From"} int), and a mixed-case keyspace and table whose key columns hold a space and a double quote.
     */
    static List<QuotedTable> writeQuoted(CassandraCluster cluster, String replication, int partitions) {
        long began = System.nanoTime();
        CqlSession session = cluster.session();
        List<QuotedTable> out = new ArrayList<>();
        List<List<String>> shapes = List.of(
                List.of("\"select\"", "\"table\"", "\"token\"", "\"From\"", "select", "table", "token", "From"),
                List.of(
                        "\"MixedKs\"",
                        "\"Upper_Table\"",
                        "\"key col\"",
                        "\"say \"\"hi\"\"\"",
                        "MixedKs",
                        "Upper_Table",
                        "key col",
                        "say \"hi\""));
        Random rnd = new Random(808L);
        for (List<String> shape : shapes) {
            // through the harness, which waits for schema agreement: a prepare sent before every node has the table
            // failed once with "table does not exist" (load 30-50)
            for (String cql : List.of(
                    "DROP KEYSPACE IF EXISTS " + shape.get(0),
                    "CREATE KEYSPACE " + shape.get(0) + " WITH replication = " + replication,
                    "CREATE TABLE " + shape.get(0) + "." + shape.get(1) + " (" + shape.get(2) + " text, " + shape.get(3)
                            + " int, seq int, v int, PRIMARY KEY ((" + shape.get(2) + ", " + shape.get(3)
                            + "), seq))")) {
                cluster.executeSchemaChange(cql);
            }
            PreparedStatement insert = session.prepare("INSERT INTO " + shape.get(0) + "." + shape.get(1) + " ("
                    + shape.get(2) + ", " + shape.get(3) + ", seq, v) VALUES (?, ?, ?, ?)");
            List<Object[]> values = new ArrayList<>();
            Set<String> keys = new HashSet<>();
            while (keys.size() < partitions * 2) {
                String text = "k-" + rnd.nextInt(100_000);
                int from = rnd.nextInt();
                for (int seq = 0; seq < 2; seq++) {
                    if (keys.add(text + "|" + from + "|" + seq)) {
                        values.add(new Object[] {text, from, seq, seq});
                    }
                }
            }
            TokenConformanceIT.insertAll(session, insert, values, ConsistencyLevel.ALL);
            out.add(new QuotedTable(shape.get(4), shape.get(5), List.of(shape.get(6), shape.get(7)), keys));
        }
        System.out.printf(
                "[SplitConformanceIT] %s: %d quoted-name tables, %d rows each, written in %.1f s%n",
                cluster.spec().partitioner(), out.size(), partitions * 2, (System.nanoTime() - began) / 1e9);
        return out;
    }

    static void checkQuoted(CassandraCluster cluster, TestHttp ringmap, List<QuotedTable> tables, String partitioner) {
        long began = System.nanoTime();
        CqlSession session = cluster.session();
        List<String> failures = new ArrayList<>();
        int queries = 0;
        long rowsRead = 0;
        for (QuotedTable t : tables) {
            ringmap.awaitTable(t.keyspace(), t.table());
            for (int n : SPLIT_COUNTS) {
                for (String mode : MODES) {
                    JsonNode answer = ringmap.ok(
                            ringmap.get(
                                    "/splits",
                                    Map.of(
                                            "keyspace",
                                            t.keyspace(),
                                            "table",
                                            t.table(),
                                            "n",
                                            Integer.toString(n),
                                            "mode",
                                            mode)),
                            "GET /splits " + t + " n=" + n);
                    assertThat(answer.get("partitioner").asString()).isEqualTo(partitioner);
                    List<String> seen = new ArrayList<>();
                    for (JsonNode split : answer.get("splits")) {
                        // each range of the split run exactly as given: a name CQL needs quoted and is not fails here
                        for (JsonNode range : split.get("ranges")) {
                            for (Row row : TokenConformanceIT.readAll(
                                    session,
                                    SimpleStatement.newInstance(range.get("cql").asString()))) {
                                seen.add(row.getString(CqlIdentifier.fromInternal(
                                                t.keyColumns().get(0))) + "|"
                                        + row.getInt(CqlIdentifier.fromInternal(
                                                t.keyColumns().get(1))) + "|"
                                        + row.getInt("seq"));
                            }
                            queries++;
                        }
                    }
                    rowsRead += seen.size();
                    String label = t.keyspace() + "." + t.table() + " n=" + n + " mode=" + mode;
                    if (seen.size() != t.rows().size() || !new HashSet<>(seen).equals(t.rows())) {
                        failures.add(label + ": read " + seen.size() + " rows (" + new HashSet<>(seen).size()
                                + " distinct), wrote " + t.rows().size());
                    }
                }
            }
            JsonNode one = ringmap.ok(
                    ringmap.get("/splits", Map.of("keyspace", t.keyspace(), "table", t.table(), "n", "1")),
                    "GET /splits " + t);
            System.out.printf(
                    "[SplitConformanceIT] quoted names: %s%n",
                    one.get("splits").get(0).get("ranges").get(0).get("cql").asString());
        }
        System.out.printf(
                "[SplitConformanceIT] %s quoted names: %d tables, %d split queries, %d rows read, %d "
                        + "failures, %.1f s%n",
                partitioner, tables.size(), queries, rowsRead, failures.size(), (System.nanoTime() - began) / 1e9);
        assertThat(failures)
                .as("quoted-name split sets that do not read every row exactly once")
                .isEmpty();
    }

    /**
     * compact=true: the answer's template, prepared once and bound with each range's start and end as the
     * partitioner's token type (a range that keeps its own cql runs as given), reads every row exactly once.
     */
    private static List<String> compactTemplateFailures(
            CqlSession session, TestHttp ringmap, Data data, String partitioner) {
        JsonNode answer = ringmap.ok(
                ringmap.get("/splits?keyspace=" + KEYSPACE + "&table=readings&n=64&mode=aligned" + "&compact=true"),
                "GET /splits compact");
        PreparedStatement template =
                session.prepare(answer.get("template").get("cql").asString());
        List<String> seen = new ArrayList<>();
        int bound = 0;
        for (JsonNode split : answer.get("splits")) {
            for (JsonNode range : split.get("ranges")) {
                Statement<?> statement;
                if (range.has("cql")) {
                    statement = SimpleStatement.newInstance(range.get("cql").asString());
                } else {
                    statement = template.bind(
                            token(partitioner, range.get("start").asString()),
                            token(partitioner, range.get("end").asString()));
                    bound++;
                }
                for (Row row : TokenConformanceIT.readAll(session, statement)) {
                    seen.add(key("readings", row));
                }
            }
        }
        Set<String> expected = data.rowsByTable().get("readings");
        System.out.printf(
                "[SplitConformanceIT] %s compact n=64: %d ranges bound to the template, %d rows read%n",
                partitioner, bound, seen.size());
        return seen.size() == expected.size() && new HashSet<>(seen).equals(expected) && bound > 0
                ? List.of()
                : List.of("compact n=64 aligned: read " + seen.size() + " rows (" + new HashSet<>(seen).size()
                        + " distinct, " + bound + " ranges bound to the template), wrote " + expected.size());
    }

    /** A token as the answer writes it, as the CQL type token() has for the partitioner. */
    private static Object token(String partitioner, String text) {
        return switch (partitioner) {
            case "Murmur3Partitioner" -> Long.parseLong(text);
            case "RandomPartitioner" -> new BigInteger(text);
            default -> ByteBuffer.wrap(HexFormat.of().parseHex(text));
        };
    }

    static void check(CassandraCluster cluster, TestHttp ringmap, Data data, String partitioner) {
        check(cluster, ringmap, data, partitioner, SPLIT_COUNTS);
    }

    /** As above, for the split counts given. */
    static void check(CassandraCluster cluster, TestHttp ringmap, Data data, String partitioner, int[] splitCounts) {
        long began = System.nanoTime();
        CqlSession session = cluster.session();
        List<String> failures = new ArrayList<>();
        long rowsRead = 0;
        int queries = 0;
        for (String table : List.of("readings", "by_name")) {
            ringmap.awaitTable(KEYSPACE, table);
            Set<String> expected = data.rowsByTable().get(table);
            for (int n : splitCounts) {
                for (String mode : MODES) {
                    long t0 = System.nanoTime();
                    JsonNode answer = ringmap.ok(
                            ringmap.get(
                                    "/splits?keyspace=" + KEYSPACE + "&table=" + table + "&n=" + n + "&mode=" + mode),
                            "GET /splits " + table + " n=" + n + " " + mode);
                    assertThat(answer.get("partitioner").asString()).isEqualTo(partitioner);
                    JsonNode splits = answer.get("splits");
                    List<String> seen = new ArrayList<>();
                    int ranges = 0;
                    for (JsonNode split : splits) {
                        // a split holds one or more ranges (aligned mode groups whole vnode ranges): read each
                        for (JsonNode range : split.get("ranges")) {
                            for (Row row : TokenConformanceIT.readAll(
                                    session,
                                    SimpleStatement.newInstance(range.get("cql").asString()))) {
                                seen.add(key(table, row));
                            }
                            queries++;
                            ranges++;
                        }
                        assertThat(split.has("cql"))
                                .as("one shape: a split's cql is in its ranges only")
                                .isFalse();
                    }
                    rowsRead += seen.size();
                    Set<String> distinct = new HashSet<>(seen);
                    String label = table + " n=" + n + " mode=" + mode + " (" + splits.size() + " splits, " + ranges
                            + " ranges)";
                    if (distinct.size() != seen.size()) {
                        failures.add(label + ": " + (seen.size() - distinct.size()) + " rows read more than once");
                    }
                    if (!distinct.equals(expected)) {
                        Set<String> missing = new HashSet<>(expected);
                        missing.removeAll(distinct);
                        Set<String> extra = new HashSet<>(distinct);
                        extra.removeAll(expected);
                        failures.add(label + ": " + missing.size() + " rows missing (e.g. "
                                + missing.stream().limit(5).toList() + "), " + extra.size() + " unexpected");
                    }
                    if (seen.size() != expected.size()) {
                        failures.add(label + ": read " + seen.size() + " rows, wrote " + expected.size());
                    }
                    System.out.printf(
                            "[SplitConformanceIT] %s %s n=%d %s: %d splits (%d ranges), %d rows read (%d "
                                    + "written), %.1f s%n",
                            partitioner,
                            table,
                            n,
                            mode,
                            splits.size(),
                            ranges,
                            seen.size(),
                            expected.size(),
                            (System.nanoTime() - t0) / 1e9);
                }
            }
        }
        failures.addAll(compactTemplateFailures(session, ringmap, data, partitioner));
        System.out.printf(
                "[SplitConformanceIT] %s: %d split queries, %d rows read in total, %d failures, %.1f s%n",
                partitioner, queries, rowsRead, failures.size(), (System.nanoTime() - began) / 1e9);
        assertThat(failures)
                .as("split sets that do not read every row exactly once")
                .isEmpty();
    }

    private static String key(String table, Row row) {
        return table.equals("readings")
                ? row.getString("sensor") + "|" + row.getLocalDate("day") + "|" + row.getInt("seq")
                : row.getString("name") + "|" + row.getInt("seq");
    }
}
