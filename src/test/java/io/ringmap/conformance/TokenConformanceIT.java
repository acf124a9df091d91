package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import com.datastax.oss.driver.api.core.type.DataType;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterTest;
import io.ringmap.testcluster.CassandraLine;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.StandardCluster;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.TestHttp;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
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
 * Tokens conform to Cassandra's: for every partition key type ringmap supports (and composite keys mixing them),
 * seeded random values and edge cases are written to a real cluster with the driver's codecs, read back with
 * {@code SELECT token(...), pk... FROM t}, and each row's token must equal ringmap's {@code /token} answer for the
 * row's key sent in ringmap's documented text form ({@link KeyText}). Each partitioner on a single node (tokens do
 * not depend on the topology; replicas are ReplicaConformanceIT's). Counts are printed.
 */
@TestClassOrder(ClassOrderer.OrderAnnotation.class)
@ResourceLock(providers = ClusterLocks.class)
@TimeBudget(seconds = 500)
class TokenConformanceIT {

    static final String KEYSPACE = "conf_tokens";
    static final String UDT = "CREATE TYPE IF NOT EXISTS " + KEYSPACE + ".point (x int, label text, day date)";

    /** A table whose partition key has the given CQL types: column k alone, or columns a, b, c... */
    record KeyTable(String name, List<String> types, int randomValues) {

        boolean composite() {
            return types.size() > 1;
        }

        List<String> columns() {
            if (!composite()) {
                return List.of("k");
            }
            List<String> names = new ArrayList<>();
            for (int i = 0; i < types.size(); i++) {
                names.add(String.valueOf((char) ('a' + i)));
            }
            return names;
        }

        String create() {
            List<String> cols = columns();
            StringBuilder cql = new StringBuilder("CREATE TABLE IF NOT EXISTS " + KEYSPACE + "." + name + " (");
            for (int i = 0; i < cols.size(); i++) {
                cql.append(cols.get(i)).append(' ').append(types.get(i)).append(", ");
            }
            return cql.append("PRIMARY KEY ((")
                    .append(String.join(", ", cols))
                    .append(")))")
                    .toString();
        }
    }

    static KeyTable single(String type) {
        String name = "t_" + type.replaceAll("[^a-z0-9]+", "_").replaceAll("_+$", "");
        return new KeyTable(name, List.of(type), 1000);
    }

    /** Every supported single-column type and three composites, at least 1,000 random values each. */
    static final List<KeyTable> ALL_TYPES = List.of(
            single("text"),
            single("ascii"),
            single("varchar"),
            single("int"),
            single("bigint"),
            single("smallint"),
            single("tinyint"),
            single("varint"),
            single("decimal"),
            single("float"),
            single("double"),
            single("boolean"),
            single("uuid"),
            single("timeuuid"),
            single("timestamp"),
            single("date"),
            single("time"),
            single("inet"),
            single("blob"),
            single("frozen<tuple<int, text>>"),
            single("frozen<list<int>>"),
            single("frozen<set<text>>"),
            single("frozen<map<text, int>>"),
            single("frozen<point>"),
            new KeyTable("c_text_date", List.of("text", "date"), 1000),
            new KeyTable("c_int_uuid_blob", List.of("int", "uuid", "blob"), 1000),
            new KeyTable("c_bigint_text_boolean", List.of("bigint", "text", "boolean"), 1000),
            new KeyTable("c_timestamp_inet_varint_double", List.of("timestamp", "inet", "varint", "double"), 1000));

    /** A few types, including composites, for the single-node Random and ByteOrdered clusters. */
    static final List<KeyTable> FEW_TYPES = List.of(
            new KeyTable("t_text", List.of("text"), 500),
            new KeyTable("t_bigint", List.of("bigint"), 500),
            new KeyTable("t_blob", List.of("blob"), 500),
            new KeyTable("t_uuid", List.of("uuid"), 500),
            new KeyTable("t_varint", List.of("varint"), 500),
            new KeyTable("c_text_date", List.of("text", "date"), 500),
            new KeyTable("c_int_uuid_blob", List.of("int", "uuid", "blob"), 500));

    @Nested
    @Order(1)
    @CassandraClusterTest(StandardCluster.MURMUR3_SINGLE)
    @SpringBootTest(
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {
                "spring.cassandra.contact-points=127.0.0.22:9042", "spring.cassandra.local-datacenter=dc1",
                "management.server.port=0", "ringmap.topology.refresh-interval=5s"
            })
    @DirtiesContext
    class Murmur3Partitioner {

        @BeforeAll
        static void writeRows(CassandraCluster cluster) {
            write(cluster, ALL_TYPES, "Murmur3");
            writeLiterals(cluster);
        }

        @LocalServerPort
        int port;

        @Test
        void everyRowsTokenEqualsRingmapsForItsKey(CassandraCluster cluster) {
            compare(cluster, new TestHttp(port), ALL_TYPES, "Murmur3Partitioner");
        }

        @Test
        void keysWrittenAsLiteralsHaveRingmapsTokenForTheSameLiteral(CassandraCluster cluster) {
            compareLiterals(cluster, new TestHttp(port));
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

        @BeforeAll
        static void writeRows(CassandraCluster cluster) {
            write(cluster, FEW_TYPES, "RandomPartitioner");
        }

        @LocalServerPort
        int port;

        @Test
        void everyRowsTokenEqualsRingmapsForItsKey(CassandraCluster cluster) {
            compare(cluster, new TestHttp(port), FEW_TYPES, "RandomPartitioner");
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

        @BeforeAll
        static void writeRows(CassandraCluster cluster) {
            write(cluster, FEW_TYPES, "ByteOrderedPartitioner");
        }

        @LocalServerPort
        int port;

        @Test
        void everyRowsTokenEqualsRingmapsForItsKey(CassandraCluster cluster) {
            compare(cluster, new TestHttp(port), FEW_TYPES, "ByteOrderedPartitioner");
        }
    }

    // ---- writing: the driver's codecs bind the test's Java values

    static void write(CassandraCluster cluster, List<KeyTable> tables, String label) {
        long began = System.nanoTime();
        CqlSession session = cluster.session();
        session.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
        session.execute("CREATE KEYSPACE " + KEYSPACE
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        session.execute(UDT);
        cluster.executeSchemaChanges(tables.stream().map(KeyTable::create).toList());
        int written = 0;
        for (int t = 0; t < tables.size(); t++) {
            KeyTable table = tables.get(t);
            PreparedStatement insert = session.prepare("INSERT INTO " + KEYSPACE + "." + table.name() + " ("
                    + String.join(", ", table.columns()) + ") VALUES ("
                    + String.join(", ", table.columns().stream().map(c -> "?").toList()) + ")");
            List<DataType> types = new ArrayList<>();
            insert.getVariableDefinitions().forEach(d -> types.add(d.getType()));
            written +=
                    insertAll(session, insert, values(types, table, new Random(20261130L + t)), ConsistencyLevel.ONE);
        }
        System.out.printf(
                "[TokenConformanceIT] %s: %d tables, %d rows written in %.1f s%n",
                label, tables.size(), written, (System.nanoTime() - began) / 1e9);
    }

    // ---- keys written as CQL literals: Cassandra's own parser orders set elements and map keys

    static final int LITERALS_PER_TABLE = 400;

    static void writeLiterals(CassandraCluster cluster) {
        long began = System.nanoTime();
        CqlSession session = cluster.session();
        int written = 0;
        // every node knows the new tables (the harness waits for agreement) before the unprepared inserts reach them
        cluster.executeSchemaChanges(
                LiteralKeys.TABLES.stream().map(table -> table.create(KEYSPACE)).toList());
        for (int t = 0; t < LiteralKeys.TABLES.size(); t++) {
            LiteralKeys.Table table = LiteralKeys.TABLES.get(t);
            Semaphore inFlight = new Semaphore(64);
            ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
            List<String> refused = new ArrayList<>();
            for (String literal : LiteralKeys.literals(table, LITERALS_PER_TABLE, new Random(20261201L + t))) {
                if (refusesShortTuples(cluster) && LiteralKeys.isShortTuple(table, literal)) {
                    refused.add(literal);
                    continue;
                }
                inFlight.acquireUninterruptibly();
                session.executeAsync(SimpleStatement.newInstance(table.insert(KEYSPACE, literal))
                                .setConsistencyLevel(ConsistencyLevel.ONE))
                        .whenComplete((rs, error) -> {
                            if (error != null) {
                                failures.add(literal + ": " + error);
                            }
                            inFlight.release();
                        });
                written++;
            }
            inFlight.acquireUninterruptibly(64);
            assertThat(failures).as("literal inserts into %s", table.name()).isEmpty();
            if (!refused.isEmpty()) {
                // 6.0 stores tuples with all their components only; such keys exist there only from older lines
                assertThatThrownBy(() ->
                                session.execute(SimpleStatement.newInstance(table.insert(KEYSPACE, refused.get(0)))
                                        .setConsistencyLevel(ConsistencyLevel.ONE)))
                        .hasMessageContaining("elements in value for tuple");
                System.out.printf(
                        "[TokenConformanceIT] %s: %d short tuple literals refused by Cassandra 6.0, as expected%n",
                        table.name(), refused.size());
            }
        }
        System.out.printf(
                "[TokenConformanceIT] literal keys: %d tables, %d rows written in %.1f s%n",
                LiteralKeys.TABLES.size(), written, (System.nanoTime() - began) / 1e9);
    }

    /** Cassandra 6.0 refuses a tuple literal with fewer components than its type; 4.x and 5.0 store it as given. */
    static boolean refusesShortTuples(CassandraCluster cluster) {
        return cluster.spec().line() == CassandraLine.V6_0;
    }

    /** Each stored row's token against ringmap's token for the literal text the row was written with. */
    static void compareLiterals(CassandraCluster cluster, TestHttp ringmap) {
        CqlSession session = cluster.session();
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        for (LiteralKeys.Table table : LiteralKeys.TABLES) {
            ringmap.awaitTable(KEYSPACE, table.name());
            List<Map<String, String>> keys = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            for (Row row : session.execute(
                    SimpleStatement.newInstance("SELECT token(k), lit FROM " + KEYSPACE + "." + table.name())
                            .setPageSize(5000)
                            .setConsistencyLevel(ConsistencyLevel.ONE))) {
                keys.add(Map.of("k", row.getString(1)));
                expected.add(tokenText(row.getObject(0)));
            }
            JsonNode answer = ringmap.ok(
                    ringmap.post("/token", Map.of("keyspace", KEYSPACE, "table", table.name(), "keys", keys)),
                    "POST /token " + table.name());
            for (int i = 0; i < keys.size(); i++) {
                String got = answer.get("results").get(i).get("token").asString();
                if (!got.equals(expected.get(i))) {
                    mismatches.add(table.name() + " " + keys.get(i).get("k") + ": Cassandra token " + expected.get(i)
                            + ", ringmap " + got);
                }
            }
            System.out.printf(
                    "[TokenConformanceIT] Murmur3Partitioner %s (%s) written as literals: %d keys" + " compared%n",
                    table.name(), table.type(), keys.size());
            int fewest = refusesShortTuples(cluster) && table.name().equals(LiteralKeys.SHORT_TUPLE)
                    ? LITERALS_PER_TABLE / 6 // a third of them have every component
                    : LITERALS_PER_TABLE / 2;
            if (keys.size() < fewest) {
                mismatches.add(table.name() + ": only " + keys.size() + " rows to compare");
            }
            compared += keys.size();
        }
        System.out.printf(
                "[TokenConformanceIT] literal keys: %d compared, %d mismatches%n", compared, mismatches.size());
        assertThat(mismatches)
                .as("literal keys whose ringmap token differs from Cassandra's")
                .isEmpty();
    }

    /** Edge cases first (component-wise for composites), then seeded random values. */
    static List<Object[]> values(List<DataType> types, KeyTable table, Random rnd) {
        boolean allowEmpty = table.composite(); // Cassandra rejects an empty single-column partition key
        List<Object[]> rows = new ArrayList<>();
        List<List<Object>> edges =
                types.stream().map(type -> KeyValues.edges(type, allowEmpty)).toList();
        int n = edges.stream().mapToInt(List::size).max().orElse(0);
        for (int i = 0; i < n; i++) {
            Object[] row = new Object[types.size()];
            for (int j = 0; j < types.size(); j++) {
                List<Object> e = edges.get(j);
                row[j] = e.isEmpty() ? KeyValues.random(types.get(j), rnd, allowEmpty) : e.get((i + j) % e.size());
            }
            rows.add(row);
        }
        // distinct random keys (a row per key), as many as asked for where the type has that many values
        Set<List<Object>> distinct = new HashSet<>();
        for (int tries = 0; distinct.size() < table.randomValues() && tries < 3 * table.randomValues(); tries++) {
            Object[] row = new Object[types.size()];
            for (int j = 0; j < types.size(); j++) {
                row[j] = KeyValues.random(types.get(j), rnd, allowEmpty);
            }
            if (distinct.add(Arrays.asList(row))) {
                rows.add(row);
            }
        }
        return rows;
    }

    /**
     * Writes the rows with {@code insert}, 64 at a time; {@code consistency} ONE rather than the driver's default
     * LOCAL_ONE, which fails for SimpleStrategy replicas outside the session's data center.
     */
    static int insertAll(
            CqlSession session, PreparedStatement insert, List<Object[]> rows, ConsistencyLevel consistency) {
        Semaphore inFlight = new Semaphore(64);
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Object[]> retry = new ConcurrentLinkedQueue<>();
        for (Object[] row : rows) {
            inFlight.acquireUninterruptibly();
            CompletionStage<AsyncResultSet> done =
                    session.executeAsync(insert.bind(row).setConsistencyLevel(consistency));
            done.whenComplete((rs, error) -> {
                if (error instanceof WriteTimeoutException) {
                    retry.add(row);
                } else if (error != null) {
                    failures.add(java.util.Arrays.deepToString(row) + ": " + error);
                }
                inFlight.release();
            });
        }
        inFlight.acquireUninterruptibly(64);
        // an insert is idempotent (the same key and value): one that timed out on a loaded machine is written again
        List<Object[]> timedOut = new ArrayList<>(retry);
        retry.clear();
        for (Object[] row : timedOut) {
            try {
                session.execute(insert.bind(row).setConsistencyLevel(consistency));
            } catch (WriteTimeoutException e) {
                failures.add(java.util.Arrays.deepToString(row) + ": written again: " + e);
            }
        }
        assertThat(failures).as("inserts into %s", insert.getQuery()).isEmpty();
        return rows.size();
    }

    /**
     * Every row {@code statement} reads, at ONE. A read the server timed out on (a loaded machine: 6.0-alpha2 beside the
     * rest of the suite) is read again whole, at most three times, as {@link #insertAll} writes a
     * timed-out insert again; rows are only counted from a read that finished.
     */
    static List<Row> readAll(CqlSession session, Statement<?> read) {
        Statement<?> statement =
                read.setConsistencyLevel(ConsistencyLevel.ONE).setPageSize(2000).setTimeout(Duration.ofSeconds(60));
        for (int attempt = 1; ; attempt++) {
            try {
                List<Row> rows = new ArrayList<>();
                for (Row row : session.execute(statement)) {
                    rows.add(row);
                }
                return rows;
            } catch (ReadTimeoutException e) {
                if (attempt == 3) {
                    throw e;
                }
                System.out.printf("[conformance] read again after a server read timeout: %s%n", e.getMessage());
            }
        }
    }

    // ---- comparing: Cassandra's token of each stored row against ringmap's for the row's key

    static void compare(CassandraCluster cluster, TestHttp ringmap, List<KeyTable> tables, String partitioner) {
        assertThat(mismatches(cluster, ringmap, tables, partitioner))
                .as("keys whose ringmap token differs from Cassandra's")
                .isEmpty();
    }

    /** Every key whose ringmap token differs from Cassandra's (and every table with too few rows), printed. */
    static List<String> mismatches(
            CassandraCluster cluster, TestHttp ringmap, List<KeyTable> tables, String partitioner) {
        long began = System.nanoTime();
        CqlSession session = cluster.session();
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        int viaGet = 0;
        for (KeyTable table : tables) {
            ringmap.awaitTable(KEYSPACE, table.name());
            List<String> cols = table.columns();
            List<Map<String, String>> keys = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            for (Row row : readAll(
                    session,
                    SimpleStatement.newInstance("SELECT token(" + String.join(", ", cols) + "), "
                            + String.join(", ", cols) + " FROM " + KEYSPACE + "." + table.name()))) {
                ColumnDefinitions defs = row.getColumnDefinitions();
                Map<String, String> key = new LinkedHashMap<>();
                for (int i = 0; i < cols.size(); i++) {
                    key.put(
                            cols.get(i),
                            KeyText.of(defs.get(i + 1).getType(), row.getObject(i + 1), keys.size() % 2 == 1));
                }
                keys.add(key);
                expected.add(tokenText(row.getObject(0)));
            }
            for (int from = 0; from < keys.size(); from += 5000) {
                List<Map<String, String>> batch = keys.subList(from, Math.min(keys.size(), from + 5000));
                JsonNode answer = ringmap.ok(
                        ringmap.post("/token", Map.of("keyspace", KEYSPACE, "table", table.name(), "keys", batch)),
                        "POST /token " + table);
                assertThat(answer.get("partitioner").asString()).isEqualTo(partitioner);
                JsonNode results = answer.get("results");
                assertThat(results.size()).isEqualTo(batch.size());
                for (int i = 0; i < batch.size(); i++) {
                    String got = results.get(i).get("token").asString();
                    if (!got.equals(expected.get(from + i))) {
                        mismatches.add(table.name() + " " + batch.get(i) + ": Cassandra token " + expected.get(from + i)
                                + ", ringmap " + got + " (serializedKey "
                                + results.get(i).get("serializedKey") + ")");
                    }
                }
            }
            // the single-key GET path too, for the first rows of every table
            for (int i = 0; i < Math.min(10, keys.size()); i++) {
                Map<String, String> params = new LinkedHashMap<>();
                params.put("keyspace", KEYSPACE);
                params.put("table", table.name());
                params.putAll(keys.get(i));
                JsonNode one = ringmap.ok(ringmap.get("/token", params), "GET /token " + keys.get(i));
                if (!one.get("token").asString().equals(expected.get(i))) {
                    mismatches.add(table.name() + " GET " + keys.get(i) + ": Cassandra token " + expected.get(i)
                            + ", ringmap " + one.get("token").asString());
                }
                viaGet++;
            }
            System.out.printf(
                    "[TokenConformanceIT] %s %s (%s): %d values compared%n",
                    partitioner, table.name(), String.join(", ", table.types()), keys.size());
            compared += keys.size();
            if (keys.size() < minimumRows(table)) {
                mismatches.add(
                        table.name() + ": only " + keys.size() + " rows to compare, wanted " + minimumRows(table));
            }
        }
        System.out.printf(
                "[TokenConformanceIT] %s: %d values compared over %d tables (+%d via GET), %d mismatches,"
                        + " %.1f s%n",
                partitioner, compared, tables.size(), viaGet, mismatches.size(), (System.nanoTime() - began) / 1e9);
        return mismatches;
    }

    /** Types with fewer distinct values than the random sample (boolean, tinyint) can only give that many rows. */
    static int minimumRows(KeyTable table) {
        if (table.types().equals(List.of("boolean"))) {
            return 2;
        }
        if (table.types().equals(List.of("tinyint"))) {
            return 256;
        }
        return table.randomValues();
    }

    /** Cassandra's token as ringmap prints it: Murmur3 bigint, Random varint, ByteOrdered key bytes in hex. */
    static String tokenText(Object token) {
        if (token instanceof Long l) {
            return Long.toString(l);
        }
        if (token instanceof BigInteger b) {
            return b.toString();
        }
        ByteBuffer bytes = ((ByteBuffer) token).duplicate();
        byte[] array = new byte[bytes.remaining()];
        bytes.get(array);
        return HexFormat.of().formatHex(array);
    }
}
