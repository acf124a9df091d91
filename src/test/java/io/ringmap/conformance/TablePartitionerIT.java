package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import io.ringmap.cql.CqlIdentifiers;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterTest;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.StandardCluster;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.TestHttp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * Tables partitioned by a partitioner of their own ({@code LocalPartitioner}) are told apart exactly as Cassandra
 * tells them apart: for every table of the cluster's system keyspaces, Cassandra's {@code SELECT token(<key>)} is
 * typed {@code bigint} when the table uses the cluster's Murmur3Partitioner and typed like the key otherwise. ringmap
 * must refuse exactly the second kind (422 {@code table-partitioner}) and, for the first kind, give the token
 * Cassandra computes for every row those tables hold. Read-only, on the shared six-node two-DC cluster.
 */
@CassandraClusterTest(StandardCluster.TWO_DC)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.cassandra.contact-points=127.0.0.1:9042", "spring.cassandra.local-datacenter=dc1",
            "management.server.port=0", "ringmap.topology.refresh-interval=5s"
        })
@DirtiesContext
@ResourceLock(providers = ClusterLocks.class)
@TimeBudget(seconds = 10)
class TablePartitionerIT {

    static final List<String> SYSTEM_KEYSPACES =
            List.of("system", "system_schema", "system_auth", "system_distributed", "system_traces");

    @LocalServerPort
    int port;

    @Test
    void refusesExactlyTheTablesWhoseTokenIsNotARingPositionAndHashesTheRestAsCassandraDoes(CassandraCluster cluster) {
        long began = System.nanoTime();
        TestHttp ringmap = new TestHttp(port);
        ringmap.awaitTable("system", "local");
        CqlSession session = cluster.session();
        Map<String, String> cassandraOwn = new TreeMap<>();
        Map<String, String> ringmapOwn = new TreeMap<>();
        int tables = 0;
        int rowsCompared = 0;
        List<String> mismatches = new ArrayList<>();
        List<String> notServed = new ArrayList<>();
        for (String ks : SYSTEM_KEYSPACES) {
            // from Cassandra's own schema tables (the test session's driver metadata leaves system keyspaces out)
            List<String> tableNames = session
                    .execute(SimpleStatement.newInstance(
                            "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?", ks))
                    .all()
                    .stream()
                    .map(r -> r.getString("table_name"))
                    .toList();
            for (String tableName : tableNames) {
                String name = ks + "." + tableName;
                TreeMap<Integer, String> byPosition = new TreeMap<>();
                for (Row c : session.execute(SimpleStatement.newInstance(
                        "SELECT column_name, kind, position FROM "
                                + "system_schema.columns WHERE keyspace_name = ? AND table_name = ?",
                        ks,
                        tableName))) {
                    if ("partition_key".equals(c.getString("kind"))) {
                        byPosition.put(c.getInt("position"), c.getString("column_name"));
                    }
                }
                List<String> key = List.copyOf(byPosition.values());
                String tokenOf = "token("
                        + String.join(
                                ", ",
                                key.stream().map(CqlIdentifiers::identifier).toList()) + ")";
                String from = CqlIdentifiers.qualified(ks, tableName);
                String select = "SELECT " + tokenOf + ", "
                        + String.join(
                                ", ",
                                key.stream().map(CqlIdentifiers::identifier).toList()) + " FROM " + from + " LIMIT 200";
                PreparedStatement tokens = session.prepare(select);
                DataType tokenType = tokens.getResultSetDefinitions().get(0).getType();
                tables++;
                if (!DataTypes.BIGINT.equals(tokenType)) {
                    cassandraOwn.put(name, tokenType.asCql(false, true));
                }
                TestHttp.Response splits = ringmap.get("/splits", Map.of("keyspace", ks, "table", tableName, "n", "1"));
                if (splits.status() == 422) {
                    JsonNode problem = splits.json();
                    assertThat(problem.get("type").asString()).isEqualTo("urn:ringmap:problem:table-partitioner");
                    if (DataTypes.BIGINT.equals(tokenType)) {
                        // a partitioner of its own whose tokens are longs too (6.0's system.local_metadata_log:
                        // Long.MAX_VALUE - epoch): shown by value, the rows' tokens are not the ring's hash of the key
                        String byValue = notTheRingsHash(session, tokens, key);
                        if (byValue != null) {
                            cassandraOwn.put(name, byValue);
                        }
                        ringmapOwn.put(name, byValue != null ? byValue : tokenType.asCql(false, true));
                        continue;
                    }
                    ringmapOwn.put(name, tokenType.asCql(false, true));
                    System.out.printf(
                            "[TablePartitionerIT] %s: token() is %s; ringmap: %s%n",
                            name,
                            tokenType.asCql(false, true),
                            problem.get("detail").asString());
                    continue;
                }
                if (splits.status() == 404) {
                    // a key type ringmap cannot serve leaves the table out (logged); nothing to compare
                    notServed.add(name);
                    continue;
                }
                assertThat(splits.status())
                        .as("GET /splits for %s: %s", name, splits.body())
                        .isEqualTo(200);
                // every row the table holds (at most 200): Cassandra's token against ringmap's
                for (Row row : session.execute(
                        tokens.bind().setTimeout(Duration.ofSeconds(30)).setConsistencyLevel(ConsistencyLevel.ONE))) {
                    Map<String, String> keyText = new LinkedHashMap<>();
                    for (int c = 0; c < key.size(); c++) {
                        keyText.put(
                                key.get(c),
                                KeyText.of(
                                        tokens.getResultSetDefinitions()
                                                .get(c + 1)
                                                .getType(),
                                        row.getObject(c + 1),
                                        false));
                    }
                    JsonNode answer = ringmap.ok(
                            ringmap.post(
                                    "/token", Map.of("keyspace", ks, "table", tableName, "keys", List.of(keyText))),
                            "POST /token " + name);
                    String ours = answer.get("results").get(0).get("token").asString();
                    String theirs = Long.toString(row.getLong(0));
                    if (!ours.equals(theirs)) {
                        mismatches.add(name + " " + keyText + ": Cassandra " + theirs + ", ringmap " + ours);
                    }
                    rowsCompared++;
                }
            }
        }
        System.out.printf(
                "[TablePartitionerIT] %d system tables: own partitioner per Cassandra %s, refused by "
                        + "ringmap %s; not served %s; %d rows' tokens compared, %d mismatches, %.1f s%n",
                tables,
                cassandraOwn,
                ringmapOwn,
                notServed,
                rowsCompared,
                mismatches.size(),
                (System.nanoTime() - began) / 1e9);
        assertThat(cassandraOwn).as("tables whose token() is not a bigint").isNotEmpty();
        assertThat(ringmapOwn).as("tables ringmap refuses").isEqualTo(cassandraOwn);
        assertThat(mismatches).isEmpty();
        assertThat(rowsCompared).isPositive();
        // the other routes refuse it too
        for (String table : ringmapOwn.keySet()) {
            String[] parts = table.split("\\.", 2);
            assertThat(ringmap.post(
                                    "/token",
                                    Map.of(
                                            "keyspace",
                                            parts[0],
                                            "table",
                                            parts[1],
                                            "keys",
                                            List.of(Map.of("id", "50554d6e-29bb-11e5-b345-feff819cdc9f"))))
                            .status())
                    .isEqualTo(422);
        }
    }

    /**
     * "bigint, not the ring's hash" when the table's rows (a single bigint key column, at most 20 read) have tokens
     * other than Murmur3's of their key, null when that cannot be shown (other keys, no rows, or equal tokens).
     */
    private static String notTheRingsHash(CqlSession session, PreparedStatement tokens, List<String> key) {
        if (key.size() != 1
                || !DataTypes.BIGINT.equals(
                        tokens.getResultSetDefinitions().get(1).getType())) {
            return null;
        }
        int rows = 0;
        for (Row row : session.execute(
                tokens.bind().setTimeout(Duration.ofSeconds(30)).setConsistencyLevel(ConsistencyLevel.ONE))) {
            byte[] bytes =
                    java.nio.ByteBuffer.allocate(8).putLong(row.getLong(1)).array();
            if (LineConformance.MURMUR3.tokenFor(bytes).toString().equals(Long.toString(row.getLong(0)))) {
                return null;
            }
            if (++rows == 20) {
                break;
            }
        }
        return rows == 0 ? null : "bigint, not the ring's hash";
    }
}
