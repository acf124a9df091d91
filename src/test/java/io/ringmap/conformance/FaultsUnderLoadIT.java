package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterExtension;
import io.ringmap.testcluster.CassandraPartitioner;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.ClusterSpec;
import io.ringmap.testcluster.NodeSpec;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * Cassandra's bad days under load: a load generator keeps {@code /replicas}, {@code /token} and {@code /splits} busy
 * from several threads while schemas change, a node is killed with SIGKILL, and the whole cluster stops and comes back
 * without the node ringmap first connected to, which is gone for good. Every answer is checked against what Cassandra
 * says ({@code SELECT token(...)}, {@code nodetool getendpoints}; node states against {@code nodetool status}).
 * Figures (requests sent, failed, wrong, time to DOWN/UP) are printed. The third node is in a second data centre, so
 * the live ring is followed beyond the driver's local DC too. Restarts one node at a time are {@link RollingRestartIT}'s
 * (guided by ringmap, under load), and a node killed and replaced under load {@link MembershipUnderLoadIT}'s.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.cassandra.contact-points=127.0.0.82:9042",
            "spring.cassandra.local-datacenter=dc1",
            "ringmap.topology.refresh-interval=5s",
            "ringmap.topology.cluster.reconnect-max-delay=2s",
            // the test reads the ring's health details, which mode none shows nobody by default
            "management.endpoint.health.show-details=always",
            "management.server.port=0"
        })
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ResourceLock(providers = ClusterLocks.class)
// its ringmap closes with the class: a cached context would go on following (and reconnecting to) a cluster
// that is gone for the rest of the run
@DirtiesContext
@TimeBudget(seconds = 450)
class FaultsUnderLoadIT {

    static final ClusterSpec SPEC = ClusterSpec.of(
                    "faults",
                    CassandraPartitioner.MURMUR3,
                    List.of(
                            NodeSpec.withTokens("127.0.0.82", "dc1", "rack1", "-6148914691236517206"),
                            NodeSpec.withTokens("127.0.0.83", "dc1", "rack2", "0"),
                            NodeSpec.withTokens("127.0.0.84", "dc2", "rack1", "6148914691236517206")))
            .withHeap("256m", "384m");

    static final List<String> ADDRESSES =
            SPEC.nodes().stream().map(NodeSpec::address).toList();

    static final int KEYS = 40;
    static final int THREADS = 3;

    @RegisterExtension
    static final CassandraClusterExtension CASSANDRA = CassandraClusterExtension.perClass(SPEC);

    @LocalServerPort
    int port;

    /** Cassandra's answers: token and replicas (getendpoints order) of every key of faults.t. */
    final Map<String, String> tokens = new HashMap<>();

    final Map<String, List<String>> endpoints = new HashMap<>();
    final List<String> keys = new ArrayList<>();
    LoadGenerator load;
    long began;

    @BeforeAll
    void createTheTableAndAskCassandra() {
        began = System.nanoTime();
        CassandraCluster cluster = CASSANDRA.cluster();
        cluster.executeSchemaChange(
                "CREATE KEYSPACE faults WITH replication = " + "{'class': 'SimpleStrategy', 'replication_factor': 2}");
        cluster.executeSchemaChange("CREATE TABLE faults.t (k text PRIMARY KEY, v int)");
        CqlSession session = cluster.session();
        for (int i = 0; i < KEYS; i++) {
            String key = "key-" + i;
            keys.add(key);
            // ALL: the read must see the write whichever replica answers
            session.execute(SimpleStatement.newInstance("INSERT INTO faults.t (k, v) VALUES ('" + key + "', " + i + ")")
                    .setConsistencyLevel(DefaultConsistencyLevel.ALL));
            tokens.put(
                    key,
                    Long.toString(session.execute(
                                    SimpleStatement.newInstance("SELECT token(k) FROM faults.t WHERE k = '" + key + "'")
                                            .setConsistencyLevel(DefaultConsistencyLevel.ALL))
                            .one()
                            .getLong(0)));
        }
        endpoints.putAll(CassandraAnswers.getEndpoints(cluster, 0, "faults", "t", keys));
        await("/splits?keyspace=faults&table=t&n=8", r -> r.status() == 200, Duration.ofSeconds(60));
        load = LoadGenerator.replicasTokensAndSplits(http(), THREADS, "faults", "t", "k", tokens, () -> endpoints, 8);
    }

    @AfterAll
    void stopTheLoad() {
        if (load != null) {
            load.close();
            load.figures().print("FaultsUnderLoadIT", "total");
        }
        System.out.printf("[FaultsUnderLoadIT] total %d s%n", (System.nanoTime() - began) / 1_000_000_000);
    }

    @Test
    @Order(0)
    void servesTheClusterRingWithEveryNodeUpIncludingTheRemoteDatacenter() {
        JsonNode ring = awaitJson(
                "/ring", r -> TestHttp.nodeStates(r).equals(List.of("UP", "UP", "UP")), Duration.ofSeconds(60));

        assertThat(ring.get("partitioner").asString()).endsWith("Murmur3Partitioner");
        assertThat(ring.get("snapshot").get("source").asString()).isEqualTo("cluster:" + SPEC.clusterName());
        assertThat(ring.get("snapshot").get("stale").asBoolean()).isFalse();
        assertThat(TestHttp.nodeAddresses(ring)).containsExactlyElementsOf(ADDRESSES);
        assertThat(ring.get("nodes"))
                .filteredOn(n -> n.get("address").asString().equals("127.0.0.84"))
                .singleElement()
                .satisfies(n -> assertThat(n.get("datacenter").asString()).isEqualTo("dc2"));
        // LocalStrategy: the coordinator alone; system_distributed (SimpleStrategy RF 3): every node, both DCs
        assertThat(get("/replicas?keyspace=system&token=0").json().get("replicas"))
                .hasSize(1);
        assertThat(get("/replicas?keyspace=system_distributed&token=0").json().get("replicas"))
                .hasSize(3);
    }

    @Test
    @Order(1)
    void schemaChangesUnderLoadFailNothingAndNewTablesAnswerWithinTenSeconds() {
        CassandraCluster cluster = CASSANDRA.cluster();
        LoadGenerator.Figures before = load.figures();
        long t0 = System.nanoTime();
        cluster.executeSchemaChange("CREATE KEYSPACE faults_ddl WITH replication = "
                + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
        cluster.executeSchemaChange("CREATE TABLE faults_ddl.a (id int PRIMARY KEY, v text)");
        await("/token?keyspace=faults_ddl&table=a&id=7", r -> r.status() == 200, Polling.PROMISE);
        report("CREATE KEYSPACE + TABLE -> answerable", t0);

        List<String> ids = List.of("1", "2", "3", "4", "5", "6", "7", "8");
        long t1 = System.nanoTime();
        cluster.executeSchemaChange("ALTER KEYSPACE faults_ddl WITH replication = "
                + "{'class': 'SimpleStrategy', 'replication_factor': 3}");
        Map<String, List<String>> expected = CassandraAnswers.getEndpoints(cluster, 0, "faults_ddl", "a", ids);
        for (String id : ids) {
            await(
                    "/replicas?keyspace=faults_ddl&table=a&id=" + id,
                    r -> r.status() == 200
                            && CassandraAnswers.sameReplicas(TestHttp.replicaAddresses(r.json()), expected.get(id)),
                    Polling.PROMISE);
        }
        report("ALTER KEYSPACE RF 1 -> 3 -> replicas equal getendpoints", t1);

        cluster.executeSchemaChange("ALTER TABLE faults_ddl.a ADD w int");
        cluster.executeSchemaChange("CREATE TABLE faults_ddl.b (x text, y int, z int, PRIMARY KEY ((x, y), z))");
        long t2 = System.nanoTime();
        await("/splits?keyspace=faults_ddl&table=b&n=4", r -> r.status() == 200, Polling.PROMISE);
        report("CREATE TABLE (composite key) -> answerable", t2);
        cluster.executeSchemaChange("DROP TABLE faults_ddl.a");
        await("/token?keyspace=faults_ddl&table=a&id=7", r -> r.status() == 404, Polling.PROMISE);
        cluster.executeSchemaChange("DROP KEYSPACE faults_ddl");
        await("/token?keyspace=faults_ddl&table=b&x=a&y=1", r -> r.status() == 404, Polling.PROMISE);
        LoadGenerator.Figures during = load.figures().minus(before);
        during.print("FaultsUnderLoadIT", "schema changes");
        assertThat(during.failed()).as(load.failures()).isZero();
        assertThat(during.wrong()).as(load.failures()).isZero();
    }

    /**
     * A node killed with SIGKILL (no drain, no shutdown announcement) must be DOWN in ringmap within
     * {@link Polling#PROMISE} from the driver alone, as {@code nodetool status} says. Then every other node stops:
     * answers go on from the last snapshot, marked stale, and the service stays ready. Then the cluster comes back
     * without 127.0.0.82, ringmap's only configured contact point, which never returns: ringmap must find the cluster
     * again through the nodes it learned of, without a restart, and see the contact point DOWN.
     */
    @Test
    @Order(2)
    void aKilledNodeIsDownAtOnceAndWithEveryNodeStoppedAnswersContinueStaleThenRecoverWithoutTheContactPoint() {
        CassandraCluster cluster = CASSANDRA.cluster();
        LoadGenerator.Figures before = load.figures();
        long sequenceBefore =
                get("/ring").json().get("snapshot").get("sequence").asLong();
        long killed = System.nanoTime();
        cluster.killNode(1);
        long down = awaitState(ADDRESSES.get(1), "DOWN", Polling.PROMISE);
        report(ADDRESSES.get(1) + " killed (kill -9) -> DOWN", killed);
        assertThat(Duration.ofNanos(down - killed)).isLessThanOrEqualTo(Polling.PROMISE);
        assertStatesMatchNodetool(cluster, 0);
        long t0 = System.nanoTime();
        cluster.stopNode(0);
        cluster.stopNode(2);
        JsonNode stale = awaitJson("/ring", r -> r.get("snapshot").get("stale").asBoolean(), Polling.PROMISE);
        report("every node stopped -> stale", t0);
        assertThat(stale.get("snapshot").get("staleReason").asString()).isNotBlank();
        assertThat(stale.get("snapshot").get("sequence").asLong()).isGreaterThanOrEqualTo(sequenceBefore);
        JsonNode staleReplicas =
                get("/replicas?keyspace=system_distributed&token=0").json();
        assertThat(staleReplicas.get("snapshot").get("stale").asBoolean()).isTrue();
        assertThat(staleReplicas.get("replicas")).hasSize(3);
        assertThat(get("/token?keyspace=system_schema&table=tables&keyspace_name=x")
                        .status())
                .isEqualTo(200);
        // the documented policy: a stale snapshot keeps the service ready and live
        assertThat(managementGet("/readyz").status()).isEqualTo(200);
        assertThat(managementGet("/livez").status()).isEqualTo(200);
        JsonNode health = managementGet("/actuator/health").json();
        assertThat(health.at("/components/ring/details/stale").asBoolean()).isTrue();
        Polling.hold(Duration.ofMillis(3000)); // the load keeps going against the stale snapshot
        long t1 = System.nanoTime();
        cluster.startNodes(1, 2); // 127.0.0.82 stays down for good
        awaitJson(
                "/ring",
                r -> !r.get("snapshot").get("stale").asBoolean()
                        && TestHttp.nodeStates(r).equals(List.of("DOWN", "UP", "UP")),
                Duration.ofSeconds(30));
        report("cluster started again without its contact point (CQL ready) -> fresh, the others UP", t1);
        assertStatesMatchNodetool(cluster, 1);
        LoadGenerator.Figures during = load.figures().minus(before);
        during.print("FaultsUnderLoadIT", "a node killed, the whole cluster down, up without the contact point");
        assertThat(during.failed()).as(load.failures()).isZero();
        assertThat(during.wrong()).as(load.failures()).isZero();
    }

    /**
     * After the outage (the whole cluster stopped and started again, the node that held the driver's control
     * connection gone for good), schema changes still reach the answers. They did not once: a schema refresh asked while the control connection was
     * down left the driver's schema refresh stuck for the life of the session (see {@code ClusterTopologySource}
     * and {@link SchemaRefreshAfterOutageIT}); ringmap now replaces such a session.
     */
    @Test
    @Order(3)
    void schemaChangesAfterRestartsAreAnswerableWithinTenSeconds() {
        CassandraCluster cluster = CASSANDRA.cluster();
        long t0 = System.nanoTime();
        LoadGenerator.Figures before = load.figures();
        cluster.executeSchemaChange("CREATE KEYSPACE faults_after WITH replication = "
                + "{'class': 'SimpleStrategy', 'replication_factor': 2}");
        cluster.executeSchemaChange("CREATE TABLE faults_after.t (id int PRIMARY KEY)");
        await("/token?keyspace=faults_after&table=t&id=1", r -> r.status() == 200, Polling.PROMISE);
        report("after restarts: CREATE KEYSPACE + TABLE -> answerable", t0);
        long t1 = System.nanoTime();
        cluster.executeSchemaChange("CREATE TABLE faults.after (id int PRIMARY KEY)");
        await("/token?keyspace=faults&table=after&id=1", r -> r.status() == 200, Polling.PROMISE);
        report("after restarts: CREATE TABLE -> answerable", t1);
        LoadGenerator.Figures during = load.figures().minus(before);
        during.print("FaultsUnderLoadIT", "schema changes after restarts");
        assertThat(during.failed()).as(load.failures()).isZero();
        assertThat(during.wrong()).as(load.failures()).isZero();
    }

    // ---- Cassandra's view

    /**
     * {@code nodetool status} of a running node (UN/DN per address) and ringmap's /ring agree; retried for up to
     * 30 s, since gossip and the driver notice a dead node at different moments.
     */
    void assertStatesMatchNodetool(CassandraCluster cluster, int askNode) {
        Polling.until(
                "nodetool status and ringmap's /ring agree",
                Duration.ofSeconds(30),
                Duration.ofMillis(500),
                () -> {
                    Map<String, String> expected = CassandraAnswers.status(cluster, askNode);
                    JsonNode ring = get("/ring").json();
                    Map<String, String> actual = new LinkedHashMap<>();
                    for (String address : expected.keySet()) {
                        actual.put(address, TestHttp.nodeState(ring, address));
                    }
                    return Map.of("nodetool status", expected, "ringmap's /ring", actual);
                },
                views -> views.get("nodetool status").size() == ADDRESSES.size()
                        && views.get("nodetool status").equals(views.get("ringmap's /ring")));
    }

    // ---- HTTP

    @org.springframework.beans.factory.annotation.Value("${local.management.port}")
    int managementPort;

    TestHttp http() {
        return new TestHttp(port);
    }

    TestHttp.Response get(String path) {
        return http().get(path);
    }

    TestHttp.Response managementGet(String path) {
        return new TestHttp(managementPort).get(path);
    }

    TestHttp.Response await(String path, Predicate<TestHttp.Response> condition, Duration within) {
        return http().await(path, condition, within);
    }

    JsonNode awaitJson(String path, Predicate<JsonNode> condition, Duration within) {
        return http().awaitJson(path, condition, within);
    }

    long awaitState(String address, String state, Duration within) {
        return http().awaitNodeState(address, state, within);
    }

    static void report(String what, long sinceNanos) {
        System.out.printf("[FaultsUnderLoadIT] %s: %d ms%n", what, (System.nanoTime() - sinceNanos) / 1_000_000);
    }
}
