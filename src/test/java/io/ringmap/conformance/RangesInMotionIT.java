package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import io.ringmap.RingmapApplication;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterExtension;
import io.ringmap.testcluster.CassandraLine;
import io.ringmap.testcluster.CassandraPartitioner;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.ClusterSpec;
import io.ringmap.testcluster.NodeSpec;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * Ranges in motion on real nodes (three seeds at 127.0.0.170-172, one token each; a single-token joiner at .173):
 * during a bootstrap, a move (the joined node's {@code nodetool move}) and a decommission, every keyspace's pending
 * ranges in ringmap equal those of
 * Cassandra's own {@code StorageService} (read over JMX as nodetool does), both in a ringmap reading the movement over
 * JMX (the test's context) and in one reading {@code system_views.gossip_info} (a second context). During the
 * decommission, with a pending replica stopped, real writes at every consistency level succeed or fail exactly as
 * {@code /replicas?consistency=} predicted for the key in both contexts; {@code safe-to-stop} refuses a node whose stop
 * breaks only writes that count the stopped pending replica, and once that node is stopped too, the writes again fall
 * as predicted.
 *
 * <p>Windows, waited for by condition, never by time: a joining or moving node waits the ring delay (lowered to
 * 15 s) after announcing its tokens before it streams, and the test checks it is still joining once its checks are done. The
 * decommission streams to the stopped pending replica, so it fails ({@code DECOMMISSION_FAILED}) and the node stays
 * LEAVING: that window lasts as long as the test needs (checked at its end too), and the per-class cluster is then
 * discarded.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.cassandra.contact-points=127.0.0.172:9042",
            "spring.cassandra.local-datacenter=dc1",
            "ringmap.topology.refresh-interval=2s",
            "ringmap.topology.cluster.reconnect-max-delay=2s",
            "ringmap.pending.source=jmx",
            "ringmap.pending.refresh-while-moving=1s",
            "ringmap.sizes.jmx.enabled=true",
            "ringmap.sizes.jmx.host=127.0.0.1",
            "ringmap.sizes.jmx.ports[127.0.0.170]=7368",
            "ringmap.sizes.jmx.ports[127.0.0.171]=7369",
            "ringmap.sizes.jmx.ports[127.0.0.172]=7370",
            "ringmap.sizes.jmx.ports[127.0.0.173]=7371",
            "management.server.port=0"
        })
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ResourceLock(providers = ClusterLocks.class)
// its ringmap closes with the class: a cached context would go on following (and reconnecting to) a cluster
// that is gone for the rest of the run
@DirtiesContext
@TimeBudget(seconds = 260)
class RangesInMotionIT {

    static final long CLASS_LOADED = System.nanoTime();

    static final String A = "127.0.0.170";
    static final String B = "127.0.0.171";
    static final String C = "127.0.0.172";
    static final String J = "127.0.0.173";
    static final int NODE_A = 0;
    static final int NODE_B = 1;
    static final int NODE_C = 2;

    /** How long a joining node waits after announcing its tokens (the bootstrap window the test works in). */
    static final Duration RING_DELAY = Duration.ofSeconds(15);

    static final ClusterSpec SPEC = ClusterSpec.of(
                    "motion",
                    CassandraPartitioner.MURMUR3,
                    List.of(
                            NodeSpec.withTokens(A, "dc1", "rack1", "-6148914691236517206"),
                            NodeSpec.withTokens(B, "dc1", "rack2", "0"),
                            NodeSpec.withTokens(C, "dc1", "rack3", "6148914691236517206")))
            .withHeap("256m", "384m")
            .withRingDelay(RING_DELAY);

    /** One token, so CQL's gossip (which names a joiner's first token only) sees all of it. */
    static final NodeSpec JOINER = NodeSpec.withTokens(J, "dc1", "rack1", "3074457345618258602");

    /** The ring once the joiner is in: keys are sampled in each of its ranges. */
    static final List<Long> JOINED_TOKENS =
            List.of(-6148914691236517206L, 0L, 3074457345618258602L, 6148914691236517206L);

    static final Map<String, String> KEYSPACES = new LinkedHashMap<>();

    static {
        KEYSPACES.put("mo_one", "{'class': 'SimpleStrategy', 'replication_factor': 1}");
        KEYSPACES.put("mo_simple", "{'class': 'SimpleStrategy', 'replication_factor': 2}");
        KEYSPACES.put("mo_nts", "{'class': 'NetworkTopologyStrategy', 'dc1': 2}");
    }

    /** The levels whose count a pending replica changes (ANY always succeeds; LOCAL_ONE, THREE add nothing here). */
    static final List<String> LEVELS =
            List.of("ONE", "TWO", "QUORUM", "ALL", "LOCAL_QUORUM", "EACH_QUORUM", "SERIAL", "LOCAL_SERIAL");

    @RegisterExtension
    static final CassandraClusterExtension CASSANDRA = CassandraClusterExtension.perClass(SPEC);

    @LocalServerPort
    int port;

    /** ringmap reading the movement over JMX (this test's context). */
    TestHttp jmx;
    /** ringmap reading the movement from {@code system_views.gossip_info} (a second context, no JMX). */
    TestHttp gossip;

    ConfigurableApplicationContext gossipContext;
    /** The contexts compared with StorageService: both, or on Cassandra 4.0 (no gossip_info) the JMX one only. */
    List<TestHttp> readers;

    List<String> keys;
    final List<String> figures = new ArrayList<>();
    long began;

    @BeforeAll
    void createKeyspacesAndTheGossipContext() {
        began = System.nanoTime();
        CassandraCluster cluster = CASSANDRA.cluster();
        note("3-node cluster started in %.1f s", cluster.lastStartDuration().toMillis() / 1000.0);
        KEYSPACES.forEach((ks, replication) -> {
            cluster.executeSchemaChange("CREATE KEYSPACE " + ks + " WITH replication = " + replication);
            cluster.executeSchemaChange("CREATE TABLE " + ks + ".t (k text PRIMARY KEY, v int)");
        });
        jmx = new TestHttp(port);
        if (cluster.spec().line() == CassandraLine.V4_0) {
            // 4.0 has no system_views.gossip_info: a gossip context sees no movement and says so
            // (Cassandra40ConformanceIT), so the JMX context alone is compared here
            readers = List.of(jmx);
        } else {
            gossipContext = new SpringApplicationBuilder(RingmapApplication.class)
                    .run(
                            "--server.port=0",
                            "--management.server.port=0",
                            "--spring.cassandra.contact-points=" + C + ":9042",
                            "--spring.cassandra.local-datacenter=dc1",
                            "--ringmap.topology.refresh-interval=2s",
                            "--ringmap.topology.cluster.reconnect-max-delay=2s",
                            "--ringmap.pending.source=gossip",
                            "--ringmap.pending.refresh-while-moving=1s");
            gossip =
                    new TestHttp(Integer.parseInt(gossipContext.getEnvironment().getProperty("local.server.port")));
            readers = List.of(jmx, gossip);
        }
        for (TestHttp ringmap : readers) {
            KEYSPACES.keySet().forEach(ks -> ringmap.awaitTable(ks, "t"));
        }
        keys = RangeKeys.inEveryRange(1, JOINED_TOKENS.size(), key -> rangeEnd(token(key)));
        CqlSession session = cluster.session();
        for (String ks : KEYSPACES.keySet()) {
            for (String key : keys) {
                session.execute(SimpleStatement.newInstance("INSERT INTO " + ks + ".t (k, v) VALUES (?, 0)", key)
                        .setConsistencyLevel(DefaultConsistencyLevel.ALL));
            }
        }
        note("schema, data and the gossip context %.1f s", seconds(began));
    }

    @AfterAll
    void closeTheGossipContext() {
        if (gossipContext != null) {
            gossipContext.close();
        }
        note(
                "test class %.1f s (of which %.1f s before the first test: cluster start, Spring contexts, schema)",
                (System.nanoTime() - CLASS_LOADED) / 1e9, (began - CLASS_LOADED) / 1e9);
        figures.forEach(line -> System.out.println("[RangesInMotionIT] " + line));
    }

    @Test
    @Order(1)
    void duringABootstrapPendingRangesEqualStorageServicesWithJmxAndWithGossip() throws Exception {
        CassandraCluster cluster = CASSANDRA.cluster();
        long t0 = System.nanoTime();
        int joiner = cluster.startJoining(JOINER);
        try (Oracle oracle = Oracle.of(cluster, NODE_C)) {
            record Seen(List<String> joining, Set<String> pendingOfMoOne) {}
            Polling.until(
                    J + " joining with pending ranges in StorageService",
                    Duration.ofSeconds(90),
                    Duration.ofMillis(250),
                    () -> new Seen(oracle.joining(), oracle.pending("mo_one")),
                    seen -> seen.joining().contains(J) && !seen.pendingOfMoOne().isEmpty());
            note("bootstrap: %s JOINING with pending ranges after %.1f s", J, seconds(t0));
            long window = System.nanoTime();
            if (gossip != null) {
                gossip.await(
                        "/ring",
                        r -> r.status() == 200
                                && r.json()
                                        .get("moving")
                                        .valueStream()
                                        .anyMatch(
                                                m -> m.get("address").asString().equals(J)),
                        Duration.ofSeconds(5));
                note("bootstrap: the gossip context showed %s joining %.1f s after StorageService", J, seconds(window));
            }
            assertPendingRangesEqual(oracle, "bootstrap");
            for (TestHttp ringmap : readers) {
                assertOnlyMoving(ringmap, "JOINING", JOINER.initialTokens());
            }
            assertThat(oracle.joining()).as("still joining after the checks").contains(J);
            note("bootstrap: checks took %.1f s inside the window", seconds(window));
        }
        cluster.awaitReady();
        assertThat(cluster.node(joiner).isMember()).isTrue();
        for (TestHttp ringmap : readers) {
            ringmap.await(
                    "/ring",
                    r -> r.status() == 200
                            && !r.json()
                                    .get("snapshot")
                                    .get("motion")
                                    .get("inMotion")
                                    .asBoolean(),
                    Polling.PROMISE);
        }
        note("bootstrap: %s NORMAL after %.1f s", J, seconds(t0));
    }

    /**
     * Where the joined node moves ({@code nodetool move}): still between B and C, so the decommission below finds it
     * the next node after the leaver, as it expects. The move hands (1537228672809129301, 3074457345618258602] from
     * the mover to C in every keyspace (C and A replicate it at RF 2), so each has a pending range.
     */
    static final String MOVE_TO = "1537228672809129301";

    @Test
    @Order(2)
    void duringAMovePendingRangesEqualStorageServicesWithJmxAndWithGossip() throws Exception {
        CassandraCluster cluster = CASSANDRA.cluster();
        Assumptions.assumeFalse(
                cluster.spec().line().clusterMetadata(),
                "a 6.0 move is held and compared at each of its steps by Cassandra60ConformanceIT");
        int mover = indexOf(cluster, J);
        long t0 = System.nanoTime();
        try (Oracle oracle = Oracle.of(cluster, NODE_C)) {
            // the mover announces MOVING, waits the ring delay, streams, then is NORMAL at its new token
            CompletableFuture<Void> move = CompletableFuture.runAsync(() -> cluster.nodetool(mover, "move", MOVE_TO));
            Polling.until(
                    J + " moving with pending ranges in StorageService",
                    Duration.ofSeconds(60),
                    Duration.ofMillis(250),
                    () -> {
                        if (move.isCompletedExceptionally()) {
                            move.join(); // throws what failed
                        }
                        return oracle.moving().contains(J)
                                && !oracle.pending("mo_one").isEmpty();
                    });
            note("move: %s MOVING with pending ranges after %.1f s", J, seconds(t0));
            long window = System.nanoTime();
            assertPendingRangesEqual(oracle, "move");
            for (TestHttp ringmap : readers) {
                // gossip names the token it moves to; StorageService's MBean does not (its pending ranges are then
                // Cassandra's own, compared above)
                assertOnlyMoving(ringmap, "MOVING", ringmap == jmx ? List.of() : List.of(MOVE_TO));
            }
            assertThat(oracle.moving()).as("still moving after the checks").contains(J);
            note("move: checks took %.1f s inside the window", seconds(window));
            move.get(3, java.util.concurrent.TimeUnit.MINUTES);
        }
        for (TestHttp ringmap : readers) {
            ringmap.await(
                    "/ring",
                    r -> r.status() == 200
                            && !r.json()
                                    .get("snapshot")
                                    .get("motion")
                                    .get("inMotion")
                                    .asBoolean()
                            && r.json()
                                    .get("nodes")
                                    .valueStream()
                                    .anyMatch(n -> n.get("address").asString().equals(J)
                                            && n.get("tokens")
                                                    .valueStream()
                                                    .map(JsonNode::asString)
                                                    .toList()
                                                    .equals(List.of(MOVE_TO))),
                    Polling.PROMISE);
        }
        note("move: %s NORMAL at %s after %.1f s", J, MOVE_TO, seconds(t0));
    }

    @Test
    @Order(3)
    void duringADecommissionWithAPendingReplicaStoppedWritesFailExactlyAsPredicted() throws Exception {
        CassandraCluster cluster = CASSANDRA.cluster();
        int joined = indexOf(cluster, J);
        long t0 = System.nanoTime();
        try (Oracle oracle = Oracle.of(cluster, NODE_C)) {
            // the joined node gains ranges when 127.0.0.171 leaves: stopped first, it is a pending replica down
            stop(cluster, oracle, joined, J);
            CompletableFuture<Void> decommission = CompletableFuture.runAsync(() -> cluster.decommission(NODE_B));
            if (cluster.spec().line().clusterMetadata()) {
                heldBeforeItsFirstMove(cluster, oracle, joined, decommission, t0);
                return;
            }
            Polling.until(
                    B + " leaving with pending ranges in StorageService",
                    Duration.ofSeconds(60),
                    Duration.ofMillis(250),
                    () -> oracle.leaving().contains(B)
                            && !oracle.pending("mo_one").isEmpty());
            note("decommission: %s LEAVING after %.1f s", B, seconds(t0));
            long window = System.nanoTime();
            assertPendingRangesEqual(oracle, "decommission");
            assertThat(oracle.pendingEndpoints("mo_simple")).contains(J);

            // (C, A] of mo_simple has the stopped J pending: a ONE write there needs both A and B, a ONE read either;
            // stopping A breaks nothing but those writes, so safe-to-stop must refuse it
            for (TestHttp ringmap : readers) {
                TestHttp.Response refused =
                        ringmap.get("/availability/safe-to-stop?node=" + A + "&consistency=ONE&keyspace=mo_simple");
                assertThat(refused.status()).as(refused.body()).isEqualTo(409);
                assertThat(refused.body()).contains("urn:ringmap:problem:unsafe-to-stop", "mo_simple");
                JsonNode ifStopped = ringmap.ok(
                                ringmap.get("/availability?consistency=ONE&keyspace=mo_simple&down=" + A),
                                "/availability")
                        .get("keyspaces")
                        .get(0);
                assertThat(ifStopped.get("unavailableForWrites").asInt()).isPositive();
                assertThat(ifStopped.get("unavailableForReads").asInt()).isZero();
            }
            List<String> mismatches = new ArrayList<>(writesAsPredicted("decommission, pending " + J + " stopped"));

            stop(cluster, oracle, NODE_A, A);
            Map<String, String> outcomes = new LinkedHashMap<>();
            mismatches.addAll(writesAsPredicted("decommission, pending " + J + " and " + A + " stopped", outcomes));
            // the refusal was right: with A stopped, mo_simple's ONE writes in (C, A] fail, its ONE reads do not
            String inCA = keys.stream()
                    .filter(k -> rangeEnd(token(k)) == JOINED_TOKENS.get(0))
                    .findFirst()
                    .orElseThrow();
            assertThat(outcomes.get("mo_simple ONE " + inCA)).isEqualTo("unavailable");
            assertThat(AvailabilityIT.read(cluster.session(), coordinator(cluster), "mo_simple", inCA, "ONE"))
                    .isEqualTo("ok");
            assertThat(oracle.leaving()).as("still leaving after the checks").contains(B);
            note(
                    "decommission: checks took %.1f s inside the window; decommission %s",
                    seconds(window),
                    decommission.isDone()
                            ? (decommission.isCompletedExceptionally() ? "failed" : "done")
                            : "still running");
            assertThat(mismatches).isEmpty();
        }
    }

    /**
     * Cassandra 6.0's leave with a replica that gains ranges stopped: its first step (PREPARE_LEAVE) commits, and the
     * next waits at its progress barrier for the nodes affected to have seen it, so nothing moves (Cassandra has no
     * pending range) until the stopped node is back. ringmap names the step, shows no pending range either, and
     * predicts the writes on the unchanged placements; once the node is back the leave goes on to its end.
     */
    void heldBeforeItsFirstMove(
            CassandraCluster cluster, Oracle oracle, int stopped, CompletableFuture<Void> decommission, long t0)
            throws Exception {
        Polling.until(
                B + " prepared to leave (next step START_LEAVE)",
                Duration.ofSeconds(60),
                Duration.ofMillis(250),
                () -> Cassandra60ConformanceIT.nextStep(cluster, B),
                "START_LEAVE"::equals);
        note("decommission: %s at PREPARE_LEAVE after %.1f s, %s stopped", B, seconds(t0), J);
        long window = System.nanoTime();
        for (TestHttp ringmap : readers) {
            ringmap.await(
                    "/ring",
                    r -> r.status() == 200
                            && r.json()
                                    .get("moving")
                                    .valueStream()
                                    .anyMatch(m ->
                                            m.get("broadcastAddress").asString().equals(B)
                                                    && m.path("step").asString().equals("PREPARE_LEAVE")),
                    Duration.ofSeconds(10));
            for (String ks : KEYSPACES.keySet()) {
                JsonNode ranges = ringmap.ok(ringmap.get("/ranges?keyspace=" + ks), "/ranges");
                assertThat(ranges.get("snapshot").get("motion").get("source").asString())
                        .isEqualTo("CLUSTER_METADATA");
                assertThat(ranges.get("pendingRanges"))
                        .as("%s: ringmap's pending ranges", ks)
                        .isEmpty();
            }
        }
        for (String ks : KEYSPACES.keySet()) {
            assertThat(oracle.pending(ks))
                    .as("%s: Cassandra's pending ranges", ks)
                    .isEmpty();
        }
        List<String> mismatches = writesAsPredicted("decommission held at PREPARE_LEAVE, " + J + " stopped");
        assertThat(Cassandra60ConformanceIT.nextStep(cluster, B))
                .as("still held after the checks")
                .isEqualTo("START_LEAVE");
        note("decommission: checks took %.1f s while the leave was held", seconds(window));
        assertThat(mismatches).isEmpty();

        cluster.startNode(stopped);
        decommission.get(5, java.util.concurrent.TimeUnit.MINUTES);
        for (TestHttp ringmap : readers) {
            ringmap.await(
                    "/ring", r -> r.status() == 200 && r.json().get("moving").isEmpty(), Polling.PROMISE);
        }
        note("decommission: %s left once %s was back, %.1f s after it began", B, J, seconds(t0));
    }

    /** {@code /ring}'s {@code moving}: the joined node alone, in {@code state}, with {@code tokens}. */
    static void assertOnlyMoving(TestHttp ringmap, String state, List<String> tokens) {
        JsonNode moving = ringmap.ok(ringmap.get("/ring"), "/ring").get("moving");
        assertThat(moving).hasSize(1);
        assertThat(moving.get(0).get("address").asString()).isEqualTo(J);
        assertThat(moving.get(0).get("state").asString()).isEqualTo(state);
        assertThat(moving.get(0)
                        .get("tokens")
                        .valueStream()
                        .map(JsonNode::asString)
                        .toList())
                .isEqualTo(tokens);
    }

    // ---- pending ranges: ringmap against StorageService

    /** Every keyspace's pending ranges in both contexts equal StorageService's (read before and after, unchanged). */
    void assertPendingRangesEqual(Oracle oracle, String step) throws Exception {
        for (String ks : KEYSPACES.keySet()) {
            Set<String> cassandra = oracle.pending(ks);
            assertThat(cassandra)
                    .as("%s: Cassandra's pending ranges of %s", step, ks)
                    .isNotEmpty();
            for (TestHttp ringmap : readers) {
                String source = sourceOf(ringmap);
                Set<String> seen = Polling.until(
                        step + ": ringmap (" + source + ") shows the pending ranges of " + ks
                                + " that StorageService has, " + cassandra,
                        Polling.PROMISE,
                        Duration.ofMillis(250),
                        () -> pendingRanges(ringmap, ks, source),
                        cassandra::equals);
                assertThat(seen).isEqualTo(oracle.pending(ks));
            }
            note("%s: %s pending %s (both contexts equal StorageService's)", step, ks, cassandra);
        }
    }

    /**
     * Where a context reads the movement from: its configured source (JMX or gossip) before Cassandra 6.0, and on 6.0
     * the cluster metadata whatever the setting, which both contexts then read (ClusterMotionReader).
     */
    String sourceOf(TestHttp ringmap) {
        if (CASSANDRA.cluster().spec().line().clusterMetadata()) {
            return "CLUSTER_METADATA";
        }
        return ringmap == jmx ? "JMX" : "GOSSIP";
    }

    /** ringmap's pending ranges of {@code ks} as "start end address", empty until the answer is read from source. */
    static Set<String> pendingRanges(TestHttp ringmap, String ks, String source) {
        JsonNode ranges = ringmap.ok(ringmap.get("/ranges?keyspace=" + ks), "/ranges");
        Set<String> out = new TreeSet<>();
        if (!ranges.get("snapshot").get("motion").get("source").asString().equals(source)) {
            return out;
        }
        List<String> nodes = new ArrayList<>();
        ranges.get("nodes").forEach(n -> nodes.add(n.get("address").asString()));
        ranges.get("pendingNodes").forEach(n -> nodes.add(n.get("address").asString()));
        for (JsonNode r : ranges.get("pendingRanges")) {
            for (JsonNode i : r.get("replicas")) {
                out.add(r.get("start").asString() + " " + r.get("end").asString() + " " + nodes.get(i.asInt()));
            }
        }
        return out;
    }

    // ---- writes against predictions

    List<String> writesAsPredicted(String step) {
        return writesAsPredicted(step, new LinkedHashMap<>());
    }

    /**
     * A real write per keyspace, level and key through coordinator 127.0.0.172, each compared with what
     * {@code /replicas?consistency=} predicted for that key in both contexts; {@code outcomes} receives Cassandra's
     * answers as "keyspace level key" -> outcome. Returns the disagreements.
     */
    List<String> writesAsPredicted(String step, Map<String, String> outcomes) {
        long t0 = System.nanoTime();
        CqlSession session = CASSANDRA.cluster().session();
        Node coordinator = coordinator(CASSANDRA.cluster());
        List<String> mismatches = new ArrayList<>();
        Map<String, Integer> tally = new java.util.TreeMap<>();
        for (String ks : KEYSPACES.keySet()) {
            for (String level : LEVELS) {
                for (String key : keys) {
                    Map<String, JsonNode> verdicts = new LinkedHashMap<>();
                    for (TestHttp ringmap : readers) {
                        verdicts.put(
                                ringmap == jmx ? "JMX" : "gossip",
                                ringmap.ok(
                                                ringmap.get("/replicas?keyspace=" + ks + "&table=t&k=" + key
                                                        + "&consistency=" + level + "&dc=dc1"),
                                                "/replicas")
                                        .get("consistency")
                                        .get("write"));
                    }
                    String actual = AvailabilityIT.write(session, coordinator, ks, key, level);
                    outcomes.put(ks + " " + level + " " + key, actual);
                    tally.merge(actual, 1, Integer::sum);
                    verdicts.forEach((source, verdict) -> {
                        List<String> expected = AvailabilityIT.outcomes(verdict);
                        if (!expected.contains(actual)) {
                            mismatches.add(step + ": " + ks + " " + level + " write of " + key + " (token "
                                    + token(key) + "): ringmap (" + source + ") " + expected + " ("
                                    + verdict.get("reason").asString() + "), Cassandra " + actual);
                        }
                    });
                }
            }
        }
        note("%s: %d real writes in %.1f s, %s", step, outcomes.size(), seconds(t0), tally);
        return mismatches;
    }

    static Node coordinator(CassandraCluster cluster) {
        return cluster.session()
                .getMetadata()
                .findNode(new InetSocketAddress(C, 9042))
                .orElseThrow();
    }

    /** Stops a node and waits until the coordinator's StorageService and both ringmap contexts count it down. */
    void stop(CassandraCluster cluster, Oracle oracle, int index, String address) {
        long t0 = System.nanoTime();
        cluster.stopNode(index);
        Polling.until(
                C + " counts " + address + " unreachable",
                Duration.ofSeconds(30),
                Duration.ofMillis(250),
                () -> oracle.unreachable().contains(address));
        for (TestHttp ringmap : readers) {
            ringmap.await(
                    "/ring",
                    r -> r.status() == 200
                            && TestHttp.nodeState(r.json(), address).equals("DOWN"),
                    Polling.PROMISE);
        }
        note("%s stopped, unreachable for %s and DOWN in ringmap after %.1f s", address, C, seconds(t0));
    }

    // ---- keys and tokens

    final Map<String, Long> tokens = new LinkedHashMap<>();

    long token(String key) {
        return tokens.computeIfAbsent(
                key,
                k -> Long.parseLong(jmx.ok(jmx.get("/token?keyspace=mo_one&table=t&k=" + k), "/token")
                        .get("token")
                        .asString()));
    }

    static long rangeEnd(long token) {
        return JOINED_TOKENS.stream().filter(t -> t >= token).findFirst().orElse(JOINED_TOKENS.get(0));
    }

    static int indexOf(CassandraCluster cluster, String address) {
        for (int i = 0; i < cluster.nodes().size(); i++) {
            if (cluster.node(i).address().equals(address) && cluster.node(i).isMember()) {
                return i;
            }
        }
        throw new AssertionError("no member " + address);
    }

    void note(String format, Object... args) {
        String line = String.format(format, args);
        figures.add(line);
        System.out.println("[RangesInMotionIT] " + line);
    }

    static double seconds(long sinceNanos) {
        return (System.nanoTime() - sinceNanos) / 1e9;
    }

    /** Cassandra's own view, from one node's StorageService over JMX, as nodetool reads it. */
    record Oracle(JMXConnector connector, MBeanServerConnection mbeans, ObjectName storage) implements AutoCloseable {

        @SuppressWarnings("BanJNDI") // JMX over RMI to the test's own node, as nodetool connects
        static Oracle of(CassandraCluster cluster, int index) throws IOException, JMException {
            JMXConnector connector =
                    JMXConnectorFactory.connect(new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:"
                            + cluster.node(index).jmxPort() + "/jmxrmi"));
            return new Oracle(
                    connector,
                    connector.getMBeanServerConnection(),
                    new ObjectName("org.apache.cassandra.db:type=StorageService"));
        }

        List<String> joining() throws Exception {
            return addresses("JoiningNodes");
        }

        List<String> leaving() throws Exception {
            return addresses("LeavingNodes");
        }

        List<String> moving() throws Exception {
            return addresses("MovingNodes");
        }

        List<String> unreachable() throws Exception {
            return addresses("UnreachableNodes");
        }

        @SuppressWarnings("unchecked")
        private List<String> addresses(String attribute) throws Exception {
            return (List<String>) mbeans.getAttribute(storage, attribute);
        }

        /** {@code getPendingRangeToEndpointWithPortMap(ks)} as "start end address". */
        @SuppressWarnings("unchecked")
        Set<String> pending(String ks) throws Exception {
            Map<List<String>, List<String>> map = (Map<List<String>, List<String>>)
                    mbeans.invoke(storage, "getPendingRangeToEndpointWithPortMap", new Object[] {ks}, new String[] {
                        String.class.getName()
                    });
            Set<String> out = new TreeSet<>();
            map.forEach((range, endpoints) -> endpoints.forEach(
                    e -> out.add(range.get(0) + " " + range.get(1) + " " + e.substring(0, e.lastIndexOf(':')))));
            return out;
        }

        Set<String> pendingEndpoints(String ks) throws Exception {
            Set<String> out = new TreeSet<>();
            pending(ks).forEach(p -> out.add(p.substring(p.lastIndexOf(' ') + 1)));
            return out;
        }

        @Override
        public void close() throws IOException {
            connector.close();
        }
    }
}
