package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterTest;
import io.ringmap.testcluster.StandardCluster;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
class SplitConformanceIT {

    static final String KEYSPACE = "conf_splits";
    static final int ROWS_PER_PARTITION = 4;
    static final int[] SPLIT_COUNTS = {1, 3, 7, 64, 256};
    static final List<String> MODES = List.of("even", "aligned");

    @Nested
    @Order(1)
    @CassandraClusterTest(StandardCluster.TWO_DC)
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
            "spring.cassandra.contact-points=127.0.0.1:9042", "spring.cassandra.local-datacenter=dc1",
            "management.server.port=0", "ringmap.topology.refresh-interval=5s"})
    @DirtiesContext
    class Murmur3Partitioner {

        static Data data;

        @BeforeAll
        static void writeRows(CassandraCluster cluster) {
            data = write(cluster, "{'class': 'NetworkTopologyStrategy', 'dc1': 2, 'dc2': 1}", 3000, 500);
        }

        @LocalServerPort
        int port;

        @Test
        void everySplitSetReadsEveryRowExactlyOnce(CassandraCluster cluster) {
            check(cluster, new RingmapHttp(port), data, "Murmur3Partitioner");
        }
    }

    @Nested
    @Order(2)
    @CassandraClusterTest(StandardCluster.RANDOM_SINGLE)
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
            "spring.cassandra.contact-points=127.0.0.20:9042", "spring.cassandra.local-datacenter=dc1",
            "management.server.port=0", "ringmap.topology.refresh-interval=5s"})
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
            check(cluster, new RingmapHttp(port), data, "RandomPartitioner");
        }
    }

    @Nested
    @Order(3)
    @CassandraClusterTest(StandardCluster.BYTE_ORDERED_SINGLE)
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
            "spring.cassandra.contact-points=127.0.0.21:9042", "spring.cassandra.local-datacenter=dc1",
            "management.server.port=0", "ringmap.topology.refresh-interval=5s"})
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
            check(cluster, new RingmapHttp(port), data, "ByteOrderedPartitioner");
        }
    }

    /** The primary keys written per table, as "component|component|...". */
    record Data(Map<String, Set<String>> rowsByTable) {
    }

    /** Writes at ALL, so that every split read at ONE sees every row whichever replica answers. */
    static Data write(CassandraCluster cluster, String replication, int compositePartitions, int textPartitions) {
        long began = System.nanoTime();
        CqlSession session = cluster.session();
        session.execute(SimpleStatement.newInstance("DROP KEYSPACE IF EXISTS " + KEYSPACE)
                .setTimeout(Duration.ofSeconds(60)));
        session.execute(SimpleStatement.newInstance("CREATE KEYSPACE " + KEYSPACE + " WITH replication = "
                + replication).setTimeout(Duration.ofSeconds(60)));
        session.execute(SimpleStatement.newInstance("CREATE TABLE " + KEYSPACE + ".readings (sensor text, day date, "
                + "seq int, v int, PRIMARY KEY ((sensor, day), seq))").setTimeout(Duration.ofSeconds(60)));
        session.execute(SimpleStatement.newInstance("CREATE TABLE " + KEYSPACE + ".by_name (name text, seq int, "
                + "v int, PRIMARY KEY (name, seq))").setTimeout(Duration.ofSeconds(60)));

        Random rnd = new Random(1130L);
        Map<String, Set<String>> rows = new HashMap<>();
        PreparedStatement readings = session.prepare("INSERT INTO " + KEYSPACE
                + ".readings (sensor, day, seq, v) VALUES (?, ?, ?, ?)");
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

        PreparedStatement byName = session.prepare("INSERT INTO " + KEYSPACE
                + ".by_name (name, seq, v) VALUES (?, ?, ?)");
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
        System.out.printf("[SplitConformanceIT] %s: %d readings rows in %d partitions, %d by_name rows in %d "
                        + "partitions written in %.1f s%n", cluster.spec().partitioner(), keys.size(),
                compositePartitions, nameKeys.size(), names.size(), (System.nanoTime() - began) / 1e9);
        return new Data(rows);
    }

    static void check(CassandraCluster cluster, RingmapHttp ringmap, Data data, String partitioner) {
        long began = System.nanoTime();
        CqlSession session = cluster.session();
        List<String> failures = new ArrayList<>();
        long rowsRead = 0;
        int queries = 0;
        for (String table : List.of("readings", "by_name")) {
            ringmap.awaitTable(KEYSPACE, table);
            Set<String> expected = data.rowsByTable().get(table);
            for (int n : SPLIT_COUNTS) {
                for (String mode : MODES) {
                    long t0 = System.nanoTime();
                    JsonNode answer = ringmap.ok(ringmap.get("/splits?keyspace=" + KEYSPACE + "&table=" + table
                            + "&n=" + n + "&mode=" + mode), "GET /splits " + table + " n=" + n + " " + mode);
                    assertThat(answer.get("partitioner").asString()).isEqualTo(partitioner);
                    JsonNode splits = answer.get("splits");
                    List<String> seen = new ArrayList<>();
                    int ranges = 0;
                    for (JsonNode split : splits) {
                        // a split holds one or more ranges (aligned mode groups whole vnode ranges): read each
                        for (JsonNode range : split.get("ranges")) {
                            for (Row row : session.execute(SimpleStatement.newInstance(range.get("cql").asString())
                                    .setConsistencyLevel(ConsistencyLevel.ONE).setPageSize(2000)
                                    .setTimeout(Duration.ofSeconds(60)))) {
                                seen.add(key(table, row));
                            }
                            queries++;
                            ranges++;
                        }
                        if (split.get("ranges").size() == 1) {
                            assertThat(split.get("cql").asString()).isEqualTo(split.get("ranges").get(0).get("cql")
                                    .asString());
                        } else {
                            assertThat(split.has("cql")).as("a split of several ranges has no single cql").isFalse();
                        }
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
                    System.out.printf("[SplitConformanceIT] %s %s n=%d %s: %d splits (%d ranges), %d rows read (%d "
                            + "written), %.1f s%n", partitioner, table, n, mode, splits.size(), ranges, seen.size(),
                            expected.size(),
                            (System.nanoTime() - t0) / 1e9);
                }
            }
        }
        System.out.printf("[SplitConformanceIT] %s: %d split queries, %d rows read in total, %d failures, %.1f s%n",
                partitioner, queries, rowsRead, failures.size(), (System.nanoTime() - began) / 1e9);
        assertThat(failures).as("split sets that do not read every row exactly once").isEmpty();
    }

    private static String key(String table, Row row) {
        return table.equals("readings")
                ? row.getString("sensor") + "|" + row.getLocalDate("day") + "|" + row.getInt("seq")
                : row.getString("name") + "|" + row.getInt("seq");
    }
}
