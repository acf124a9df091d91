package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
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
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The live topology source against a real three-node, two-DC cluster: node state changes, schema changes and a
 * whole-cluster outage reach the API within 10 s, and the service never restarts. Timings are printed.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.cassandra.contact-points=127.0.0.31:9042",
        "spring.cassandra.local-datacenter=dc1",
        "ringmap.topology.refresh-interval=5s",
        "management.server.port=0"})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(providers = ClusterLocks.class)
@TimeBudget(seconds = 115)
class LiveRefreshIT {

    static final ClusterSpec SPEC = ClusterSpec.of("live-refresh", CassandraPartitioner.MURMUR3, List.of(
            NodeSpec.withTokens("127.0.0.31", "dc1", "rack1", "-6148914691236517206"),
            NodeSpec.withTokens("127.0.0.32", "dc1", "rack2", "0"),
            NodeSpec.withTokens("127.0.0.33", "dc2", "rack1", "6148914691236517206")));

    @RegisterExtension
    static final CassandraClusterExtension CASSANDRA = CassandraClusterExtension.perClass(SPEC);

    @LocalServerPort
    int port;

    @Test
    @Order(1)
    void servesTheClusterRingWithEveryNodeUpIncludingTheRemoteDatacenter() {
        JsonNode ring = awaitJson("/ring", r -> TestHttp.nodeStates(r).equals(List.of("UP", "UP", "UP")),
                Duration.ofSeconds(60));

        assertThat(ring.get("partitioner").asString()).endsWith("Murmur3Partitioner");
        assertThat(ring.get("snapshot").get("source").asString()).isEqualTo("cluster:" + SPEC.clusterName());
        assertThat(ring.get("snapshot").get("stale").asBoolean()).isFalse();
        assertThat(TestHttp.nodeAddresses(ring)).containsExactly("127.0.0.31", "127.0.0.32", "127.0.0.33");
        JsonNode local = get("/replicas?keyspace=system&token=0").json();
        assertThat(local.get("replicas")).hasSize(1);
        JsonNode replicated = get("/replicas?keyspace=system_distributed&token=0").json();
        assertThat(replicated.get("replicas")).hasSize(3);
    }

    @Test
    @Order(2)
    void aStoppedNodeIsDownWithinTenSecondsAndUpAgainAfterItRestarts() {
        CassandraCluster cluster = CASSANDRA.cluster();

        long stopping = System.nanoTime();
        cluster.stopNode(2); // returns once the node's JVM has exited
        long stopped = System.nanoTime();
        awaitJson("/ring", r -> TestHttp.nodeState(r, "127.0.0.33").equals("DOWN"), Polling.PROMISE);
        JsonNode replicas = awaitJson("/replicas?keyspace=system_distributed&token=0",
                r -> TestHttp.replicaState(r, "127.0.0.33").equals("DOWN"), Polling.PROMISE);
        report("node stop requested -> DOWN in /ring and /replicas", stopping);
        report("node JVM exited -> DOWN in /ring and /replicas", stopped);
        assertThat(replicas.get("snapshot").get("stale").asBoolean()).isFalse();

        long starting = System.nanoTime();
        cluster.startNode(2); // returns once the node accepts CQL and the cluster agrees
        long started = System.nanoTime();
        awaitJson("/ring", r -> TestHttp.nodeState(r, "127.0.0.33").equals("UP"), Polling.PROMISE);
        awaitJson("/replicas?keyspace=system_distributed&token=0",
                r -> TestHttp.replicaState(r, "127.0.0.33").equals("UP"), Polling.PROMISE);
        report("node start requested -> UP", starting);
        report("node start (CQL ready) -> UP", started);
    }

    @Test
    @Order(3)
    void aNewKeyspaceAndTableAreAnswerableWithinTenSecondsAndGoneAfterTheyAreDropped() {
        CqlSession session = CASSANDRA.cluster().session();
        String path = "/token?keyspace=live_ks&table=readings&sensor=s-1";
        assertThat(get(path).status()).isEqualTo(404);

        session.execute("CREATE KEYSPACE live_ks WITH replication = "
                + "{'class': 'NetworkTopologyStrategy', 'dc1': 2, 'dc2': 1}");
        session.execute("CREATE TABLE live_ks.readings (sensor text, at timestamp, v int, PRIMARY KEY (sensor, at))");
        long created = System.nanoTime();
        TestHttp.Response answer = await(path, r -> r.status() == 200, Polling.PROMISE);
        report("CREATE KEYSPACE + TABLE -> /token answers", created);
        session.execute("INSERT INTO live_ks.readings (sensor, at, v) VALUES ('s-1', '2026-01-01', 1)");
        long token = session.execute("SELECT token(sensor) FROM live_ks.readings WHERE sensor = 's-1'").one()
                .getLong(0);
        assertThat(answer.json().get("token").asString()).isEqualTo(Long.toString(token));
        JsonNode replicas = await("/replicas?keyspace=live_ks&table=readings&sensor=s-1", r -> r.status() == 200,
                Polling.PROMISE).json();
        assertThat(replicas.get("replicas")).hasSize(3);

        session.execute("DROP KEYSPACE live_ks");
        long dropped = System.nanoTime();
        await(path, r -> r.status() == 404, Polling.PROMISE);
        report("DROP KEYSPACE -> /token 404", dropped);
    }

    @Test
    @Order(4)
    void withEveryNodeStoppedAnswersContinueStaleAndTurnFreshWhenTheClusterReturns() {
        CassandraCluster cluster = CASSANDRA.cluster();
        String path = "/replicas?keyspace=system_distributed&token=0";
        long versionBefore = get("/ring").json().get("snapshot").get("sequence").asLong();

        for (int i = 0; i < SPEC.nodes().size(); i++) {
            cluster.stopNode(i);
        }
        long stopped = System.nanoTime();
        JsonNode stale = awaitJson(path, r -> r.get("snapshot").get("stale").asBoolean(), Polling.PROMISE);
        report("every node stopped -> stale answers", stopped);
        assertThat(stale.get("snapshot").get("staleReason").asString()).isNotBlank();
        assertThat(stale.get("replicas")).hasSize(3);
        assertThat(get("/token?keyspace=system_schema&table=tables&keyspace_name=x").status()).isEqualTo(200);
        assertThat(get("/ring").json().get("snapshot").get("sequence").asLong()).isGreaterThanOrEqualTo(versionBefore);

        for (int i = 0; i < SPEC.nodes().size(); i++) {
            cluster.startNode(i);
        }
        long restarted = System.nanoTime();
        JsonNode fresh = awaitJson("/ring", r -> !r.get("snapshot").get("stale").asBoolean()
                && TestHttp.nodeStates(r).equals(List.of("UP", "UP", "UP")), Duration.ofSeconds(20));
        report("cluster restarted (CQL ready) -> fresh, all UP", restarted);
        assertThat(fresh.get("snapshot").get("staleReason")).isNull();
    }

    // ---- helpers

    TestHttp.Response get(String path) {
        return new TestHttp(port).get(path);
    }

    TestHttp.Response await(String path, Predicate<TestHttp.Response> condition, Duration within) {
        return new TestHttp(port).await(path, condition, within);
    }

    JsonNode awaitJson(String path, Predicate<JsonNode> condition, Duration within) {
        return new TestHttp(port).awaitJson(path, condition, within);
    }

    static void report(String what, long sinceNanos) {
        System.out.printf("[LiveRefreshIT] %s: %d ms%n", what, (System.nanoTime() - sinceNanos) / 1_000_000);
    }

}
