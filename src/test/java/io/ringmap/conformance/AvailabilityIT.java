package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterExtension;
import io.ringmap.testcluster.CassandraPartitioner;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.ClusterSpec;
import io.ringmap.testcluster.NodeSpec;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * Consistency levels through outages on a real two-DC cluster (2 + 2 nodes at 127.0.0.50-53): with every node up,
 * one node stopped, then two, real reads and writes at every consistency level, for sampled keys in every token
 * range of three keyspaces (SimpleStrategy RF 3, NTS 2+2, NTS 2+1), succeed or fail with UnavailableException
 * exactly as ringmap's {@code /availability} predicted, and the predictions made beforehand with {@code down=} equal
 * the ones made once the nodes are really down. Coordinator: 127.0.0.50 (dc1). The cluster runs the tokens
 * {@code /tokens/balanced} proposes, and {@code /tokens/evaluate} of that layout matches {@code nodetool status}.
 *
 * <p>Two more keyspaces are transiently replicated (SimpleStrategy '3/1', NTS '2/1' + '2/1'). There Cassandra's
 * answer sometimes depends on what ringmap cannot know, and ringmap says so: a read contacts the coordinator's closest
 * live replicas, full or not (UNAVAILABLE_AT_SOME_COORDINATORS: ok or UnavailableException), and a write its cheap
 * quorum, saved only by rapid write protection (MAY_TIME_OUT: ok or WriteTimeoutException); every other prediction
 * must hold exactly, and SERIAL levels, refused by ringmap, must be refused by Cassandra.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.cassandra.contact-points=127.0.0.50:9042",
            "spring.cassandra.local-datacenter=dc1",
            "ringmap.topology.refresh-interval=5s",
            "management.server.port=0"
        })
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(providers = ClusterLocks.class)
// its ringmap closes with the class: a cached context would go on following (and reconnecting to) a cluster
// that is gone for the rest of the run
@DirtiesContext
@TimeBudget(seconds = 450)
class AvailabilityIT {

    /** Each DC divides the ring evenly and the DCs interleave: the tokens GET /tokens/balanced proposes for 2 x 2. */
    static final List<String> TOKENS =
            List.of("-6917529027641081856", "2305843009213693952", "-2305843009213693952", "6917529027641081856");

    static final ClusterSpec SPEC = ClusterSpec.of(
                    "availability",
                    CassandraPartitioner.MURMUR3,
                    List.of(
                            NodeSpec.withTokens("127.0.0.50", "dc1", "rack1", TOKENS.get(0)),
                            NodeSpec.withTokens("127.0.0.51", "dc1", "rack2", TOKENS.get(1)),
                            NodeSpec.withTokens("127.0.0.52", "dc2", "rack1", TOKENS.get(2)),
                            NodeSpec.withTokens("127.0.0.53", "dc2", "rack2", TOKENS.get(3))))
            .withHeap("256m", "384m");

    @RegisterExtension
    static final CassandraClusterExtension CASSANDRA = CassandraClusterExtension.perClass(SPEC);

    /** Keyspaces whose effective ownership is also compared with {@code nodetool status}. */
    static final Map<String, String> FULL_KEYSPACES = Map.of(
            "av_simple", "{'class': 'SimpleStrategy', 'replication_factor': 3}",
            "av_nts", "{'class': 'NetworkTopologyStrategy', 'dc1': 2, 'dc2': 2}",
            "av_nts21", "{'class': 'NetworkTopologyStrategy', 'dc1': 2, 'dc2': 1}");

    /**
     * Transiently replicated keyspaces (the harness sets {@code transient_replication_enabled: true}); Cassandra 5.0
     * accepts their tables only with {@code read_repair = 'NONE'} and refuses lightweight transactions on them.
     */
    static final Map<String, String> TRANSIENT_KEYSPACES = Map.of(
            "av_transient", "{'class': 'SimpleStrategy', 'replication_factor': '3/1'}",
            "av_transient_nts", "{'class': 'NetworkTopologyStrategy', 'dc1': '2/1', 'dc2': '2/1'}");

    static final Map<String, String> KEYSPACES = new java.util.TreeMap<>();

    static {
        KEYSPACES.putAll(FULL_KEYSPACES);
        KEYSPACES.putAll(TRANSIENT_KEYSPACES);
    }

    static final List<String> LEVELS = List.of(
            "ANY",
            "ONE",
            "TWO",
            "THREE",
            "QUORUM",
            "ALL",
            "LOCAL_QUORUM",
            "EACH_QUORUM",
            "SERIAL",
            "LOCAL_SERIAL",
            "LOCAL_ONE");

    /** Predictions made with down= before the nodes stop, compared once they have. */
    static final Map<String, Map<String, JsonNode>> PREDICTED_BEFOREHAND = new LinkedHashMap<>();

    static List<String> keys;
    static int requests;

    @LocalServerPort
    int port;

    TestHttp http() {
        return new TestHttp(port);
    }

    @Test
    @Order(1)
    void withEveryNodeUpEveryValidRequestSucceeds() {
        long started = System.nanoTime();
        CassandraCluster cluster = CASSANDRA.cluster();
        KEYSPACES.forEach((ks, replication) -> {
            cluster.executeSchemaChange("CREATE KEYSPACE IF NOT EXISTS " + ks + " WITH replication = " + replication);
            cluster.executeSchemaChange("CREATE TABLE IF NOT EXISTS " + ks + ".t (k text PRIMARY KEY, v int)"
                    + (TRANSIENT_KEYSPACES.containsKey(ks) ? " WITH read_repair = 'NONE'" : ""));
        });
        KEYSPACES.keySet().forEach(ks -> http().awaitTable(ks, "t"));
        http().await(
                        "/ring",
                        r -> r.status() == 200
                                && !r.body().contains("\"DOWN\"")
                                && !r.body().contains("\"UNKNOWN\""),
                        Duration.ofSeconds(60));
        keys = RangeKeys.inEveryRange(2, TOKENS.size(), key -> rangeEnd(token(key)));
        balancedTokensOwnWhatNodetoolStatusReports();

        PREDICTED_BEFOREHAND.put("127.0.0.53", predictions("127.0.0.53"));
        PREDICTED_BEFOREHAND.put("127.0.0.53,127.0.0.51", predictions("127.0.0.53,127.0.0.51"));
        List<String> mismatches = compare(predictions(null));
        report("every node up", started);
        assertThat(mismatches).isEmpty();
    }

    @Test
    @Order(2)
    void withOneNodeStoppedRequestsFailExactlyWherePredicted() {
        long started = System.nanoTime();
        // what ringmap says before: 127.0.0.51 can stop alone at QUORUM on av_nts, but not with 127.0.0.53 down
        assertThat(http().get("/availability/safe-to-stop?node=127.0.0.51&consistency=QUORUM&keyspace=av_nts")
                        .status())
                .isEqualTo(200);
        TestHttp.Response refused = http().get(
                        "/availability/safe-to-stop?node=127.0.0.51&consistency=QUORUM&keyspace=av_nts&down=127.0.0.53");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.body()).contains("urn:ringmap:problem:unsafe-to-stop", "keyspace av_nts would lose QUORUM");

        stop(3);
        Map<String, JsonNode> now = predictions(null);
        assertSamePredictions(now, PREDICTED_BEFOREHAND.get("127.0.0.53"));
        List<String> mismatches = compare(now);
        report("127.0.0.53 stopped", started);
        assertThat(mismatches).isEmpty();
        assertThat(now.get("QUORUM").toString()).contains("\"safeToStop\"");
    }

    @Test
    @Order(3)
    void withTwoNodesStoppedRequestsFailExactlyWherePredicted() {
        long started = System.nanoTime();
        stop(1);
        Map<String, JsonNode> now = predictions(null);
        assertSamePredictions(now, PREDICTED_BEFOREHAND.get("127.0.0.53,127.0.0.51"));
        List<String> mismatches = compare(now);
        report("127.0.0.53 and 127.0.0.51 stopped", started);
        System.out.printf("[AvailabilityIT] %d real requests compared with ringmap's predictions%n", requests);
        System.out.printf(
                "[AvailabilityIT] transient keyspaces' real requests: %d ms; uncertain predictions: %s%n",
                transientNanos / 1_000_000, UNCERTAIN);
        assertThat(mismatches).isEmpty();
        // something is really lost now: QUORUM on av_nts (2 of 4 live) fails everywhere
        JsonNode nts = keyspace(now.get("QUORUM"), "av_nts");
        assertThat(nts.get("writeShareLost").asDouble()).isEqualTo(1.0);
    }

    /**
     * The cluster runs the tokens GET /tokens/balanced proposes for 2 x 2; POST /tokens/evaluate of that layout must
     * give, per keyspace, the effective ownership {@code nodetool status <keyspace>} reports.
     */
    void balancedTokensOwnWhatNodetoolStatusReports() {
        long started = System.nanoTime();
        JsonNode balanced = http().ok(http().get("/tokens/balanced?nodes=dc1:2,dc2:2"), "/tokens/balanced");
        assertThat(balanced.get("initialTokens")
                        .get("dc1")
                        .valueStream()
                        .map(JsonNode::asString)
                        .toList())
                .containsExactly(TOKENS.get(0), TOKENS.get(1));
        assertThat(balanced.get("initialTokens")
                        .get("dc2")
                        .valueStream()
                        .map(JsonNode::asString)
                        .toList())
                .containsExactly(TOKENS.get(2), TOKENS.get(3));
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (NodeSpec n : SPEC.nodes()) {
            nodes.add(Map.of(
                    "address",
                    n.address(),
                    "datacenter",
                    n.datacenter(),
                    "rack",
                    n.rack(),
                    "tokens",
                    n.initialTokens()));
        }
        JsonNode evaluation = http().ok(
                        http().post("/tokens/evaluate", Map.of("mode", "replace", "nodes", nodes)), "/tokens/evaluate");
        for (String ks : FULL_KEYSPACES.keySet()) {
            Map<String, Double> nodetool = new LinkedHashMap<>();
            for (String line :
                    CASSANDRA.cluster().nodetool(0, "status", ks).lines().toList()) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 2 && f[0].length() == 2 && f[1].startsWith("127.0.0.")) {
                    for (String field : f) {
                        if (field.endsWith("%")) {
                            nodetool.put(f[1], Double.parseDouble(field.substring(0, field.length() - 1)));
                        }
                    }
                }
            }
            assertThat(nodetool).as("nodetool status %s", ks).hasSize(4);
            for (JsonNode n : evaluation.get("nodes")) {
                double predicted = n.get("effectiveOwnership").get(ks).asDouble() * 100;
                assertThat(predicted)
                        .as(
                                "effective ownership of %s on %s",
                                ks, n.get("address").asString())
                        .isCloseTo(nodetool.get(n.get("address").asString()), org.assertj.core.data.Offset.offset(0.1));
            }
            System.out.printf("[AvailabilityIT] nodetool status %s: %s%n", ks, nodetool);
        }
        report("balanced tokens vs nodetool status", started);
    }

    // ---- predictions and real requests

    /** /availability at every level, with the coordinator's DC dc1. */
    Map<String, JsonNode> predictions(String down) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (String level : LEVELS) {
            out.put(
                    level,
                    http().ok(
                                    http().get("/availability?consistency=" + level + "&dc=dc1&limit=100000"
                                            + (down == null ? "" : "&down=" + down)),
                                    "/availability " + level));
        }
        return out;
    }

    void assertSamePredictions(Map<String, JsonNode> now, Map<String, JsonNode> beforehand) {
        for (String level : LEVELS) {
            for (String ks : KEYSPACES.keySet()) {
                assertThat(keyspace(now.get(level), ks).get("unavailableRanges"))
                        .as("%s %s predicted with down= before the stop", level, ks)
                        .isEqualTo(keyspace(beforehand.get(level), ks).get("unavailableRanges"));
            }
        }
    }

    /** Runs a real read and write per keyspace, level and key; returns every disagreement with the prediction. */
    List<String> compare(Map<String, JsonNode> predictions) {
        CqlSession session = CASSANDRA.cluster().session();
        Node coordinator = session.getMetadata()
                .findNode(new InetSocketAddress("127.0.0.50", 9042))
                .orElseThrow();
        List<String> mismatches = new ArrayList<>();
        for (String ks : KEYSPACES.keySet()) {
            for (String level : LEVELS) {
                JsonNode unavailable = keyspace(predictions.get(level), ks).get("unavailableRanges");
                for (String key : keys) {
                    String end = rangeEnd(token(key));
                    JsonNode outage = unavailable
                            .valueStream()
                            .filter(r -> r.get("end").asString().equals(end))
                            .findFirst()
                            .orElse(null);
                    // the same prediction for the key itself, from /replicas?consistency=: how the request fails
                    JsonNode perKey = http().ok(
                                    http().get("/replicas?keyspace=" + ks + "&table=t&k=" + key + "&consistency="
                                            + level + "&dc=dc1"),
                                    "/replicas")
                            .get("consistency");
                    JsonNode writeVerdict = perKey.get("write");
                    JsonNode readVerdict = perKey.get("read");
                    // /availability lists a range when a valid request is not achievable
                    boolean writeFails = writeVerdict.get("valid").asBoolean()
                            && !writeVerdict.get("achievable").asBoolean();
                    boolean readFails = readVerdict.get("valid").asBoolean()
                            && !readVerdict.get("achievable").asBoolean();
                    boolean listedWrite =
                            outage != null && !outage.get("writable").asBoolean();
                    boolean listedRead =
                            outage != null && !outage.get("readable").asBoolean();
                    if (writeFails != listedWrite || readFails != listedRead) {
                        mismatches.add(ks + " " + level + " " + key + ": /replicas says write fails " + writeFails
                                + ", read fails " + readFails + "; /availability says " + listedWrite + ", "
                                + listedRead);
                    }
                    List<String> expectedWrite = outcomes(writeVerdict);
                    List<String> expectedRead = outcomes(readVerdict);
                    long began = System.nanoTime();
                    String write = write(session, coordinator, ks, key, level);
                    String read = read(session, coordinator, ks, key, level);
                    if (TRANSIENT_KEYSPACES.containsKey(ks)) {
                        transientNanos += System.nanoTime() - began;
                    }
                    tally(ks, "write", expectedWrite, write);
                    tally(ks, "read", expectedRead, read);
                    if (!expectedWrite.contains(write)) {
                        mismatches.add(ks + " " + level + " write " + key + " (range ending " + end + "): ringmap "
                                + expectedWrite + " ("
                                + writeVerdict.get("reason").asString() + "), Cassandra "
                                + write);
                    }
                    if (!expectedRead.contains(read)) {
                        mismatches.add(ks + " " + level + " read " + key + " (range ending " + end + "): ringmap "
                                + expectedRead + " ("
                                + readVerdict.get("reason").asString() + "), Cassandra "
                                + read);
                    }
                }
            }
        }
        return mismatches;
    }

    /**
     * The outcomes ringmap's verdict allows: one when it is certain; two where transient replication makes Cassandra's
     * answer depend on what ringmap cannot know (the coordinator's proximity order for reads, the table's recent write
     * latencies for rapid write protection).
     */
    static List<String> outcomes(JsonNode verdict) {
        if (!verdict.get("valid").asBoolean()) {
            return List.of("invalid");
        }
        JsonNode failure = verdict.get("failure");
        String kind = failure == null || failure.isNull() ? "NONE" : failure.asString();
        return switch (kind) {
            case "NONE" -> List.of("ok");
            case "UNAVAILABLE" -> List.of("unavailable");
            case "UNAVAILABLE_AT_SOME_COORDINATORS" -> List.of("ok", "unavailable");
            case "MAY_TIME_OUT" -> List.of("ok", "timeout");
            case "TIMES_OUT" -> List.of("timeout");
            default -> List.of("unexpected failure " + kind);
        };
    }

    /** Per transient keyspace, how the uncertain predictions fell: "ks read [ok, unavailable] -> unavailable" = n. */
    static final Map<String, Integer> UNCERTAIN = new java.util.TreeMap<>();

    static long transientNanos;

    static void tally(String ks, String kind, List<String> expected, String actual) {
        if (expected.size() > 1) {
            UNCERTAIN.merge(ks + " " + kind + " " + expected + " -> " + actual, 1, Integer::sum);
        }
    }

    static String write(CqlSession session, Node coordinator, String ks, String key, String level) {
        SimpleStatement s;
        if (level.endsWith("SERIAL")) {
            // SERIAL levels apply to conditional writes: Paxos at the level, then a commit any live replica accepts
            s = SimpleStatement.newInstance("INSERT INTO " + ks + ".t (k, v) VALUES (?, 1) IF NOT EXISTS", key)
                    .setSerialConsistencyLevel(DefaultConsistencyLevel.valueOf(level))
                    .setConsistencyLevel(
                            level.equals("SERIAL") ? DefaultConsistencyLevel.ONE : DefaultConsistencyLevel.LOCAL_ONE);
        } else {
            s = SimpleStatement.newInstance("INSERT INTO " + ks + ".t (k, v) VALUES (?, 1)", key)
                    .setConsistencyLevel(DefaultConsistencyLevel.valueOf(level));
        }
        return run(session, s.setNode(coordinator));
    }

    static String read(CqlSession session, Node coordinator, String ks, String key, String level) {
        return run(
                session,
                SimpleStatement.newInstance("SELECT v FROM " + ks + ".t WHERE k = ?", key)
                        .setConsistencyLevel(DefaultConsistencyLevel.valueOf(level))
                        .setNode(coordinator));
    }

    static String run(CqlSession session, SimpleStatement statement) {
        requests++;
        try {
            session.execute(statement.setTimeout(Duration.ofSeconds(20)));
            return "ok";
        } catch (UnavailableException e) {
            return "unavailable";
        } catch (InvalidQueryException e) {
            return "invalid";
        } catch (com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException e) {
            return "timeout";
        } catch (com.datastax.oss.driver.api.core.servererrors.ServerError e) {
            // Cassandra 5.0 refuses lightweight transactions on transient keyspaces with a server error
            // (ReplicaPlans.forPaxos: Replicas.temporaryAssertFull throws UnsupportedOperationException)
            return e.getMessage().contains("transient replicas are currently unsupported") ? "invalid" : "failed: " + e;
        } catch (AllNodesFailedException e) {
            // the default retry policy tries the next node on Unavailable; the plan has only the coordinator
            List<Throwable> errors =
                    e.getAllErrors().values().stream().flatMap(List::stream).toList();
            if (!errors.isEmpty() && errors.stream().allMatch(UnavailableException.class::isInstance)) {
                return "unavailable";
            }
            return "failed: " + errors;
        } catch (RuntimeException e) {
            return "failed: " + e;
        }
    }

    // ---- keys, tokens and nodes

    final Map<String, Long> tokens = new LinkedHashMap<>();

    long token(String key) {
        return tokens.computeIfAbsent(
                key,
                k -> Long.parseLong(http().ok(http().get("/token?keyspace=av_simple" + "&table=t&k=" + k), "/token")
                        .get("token")
                        .asString()));
    }

    /** The end token of the node-owned range holding {@code token}. */
    static String rangeEnd(long token) {
        List<Long> sorted = TOKENS.stream().map(Long::parseLong).sorted().toList();
        return sorted.stream()
                .filter(t -> t >= token)
                .findFirst()
                .orElse(sorted.get(0))
                .toString();
    }

    static JsonNode keyspace(JsonNode availability, String ks) {
        return availability
                .get("keyspaces")
                .valueStream()
                .filter(k -> k.get("keyspace").asString().equals(ks))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no keyspace " + ks + " in " + availability));
    }

    /** Stops a node and waits until the coordinator's gossip and ringmap both count it down. */
    void stop(int index) {
        CassandraCluster cluster = CASSANDRA.cluster();
        String address = SPEC.nodes().get(index).address();
        cluster.stopNode(index);
        Polling.until(
                "127.0.0.50 sees " + address + " down",
                Duration.ofSeconds(60),
                Duration.ofMillis(500),
                () -> cluster.nodetool(0, "status"),
                status -> status.lines().anyMatch(l -> l.startsWith("DN") && l.contains(address + " ")));
        http().await(
                        "/ring",
                        r -> r.status() == 200
                                && TestHttp.nodeState(r.json(), address).equals("DOWN"),
                        Duration.ofSeconds(30));
    }

    static void report(String phase, long sinceNanos) {
        System.out.printf("[AvailabilityIT] %s: %d ms%n", phase, (System.nanoTime() - sinceNanos) / 1_000_000);
    }
}
