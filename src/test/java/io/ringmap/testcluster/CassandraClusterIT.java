package io.ringmap.testcluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import io.ringmap.testsupport.Polling;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.parallel.ResourceLock;

/** Smoke test of the harness itself against the six-node, two-DC cluster that later suites share. */
@CassandraClusterTest(StandardCluster.TWO_DC)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(providers = ClusterLocks.class)
@TimeBudget(seconds = 75)
class CassandraClusterIT {

    private static final List<String> KEYS =
            List.of("ringmap", "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf");

    @BeforeAll
    static void createSchema(CassandraCluster cluster) {
        cluster.executeSchemaChange("CREATE KEYSPACE IF NOT EXISTS harness_simple WITH replication = "
                + "{'class': 'SimpleStrategy', 'replication_factor': 3}");
        cluster.executeSchemaChange("CREATE KEYSPACE IF NOT EXISTS harness_nts WITH replication = "
                + "{'class': 'NetworkTopologyStrategy', 'dc1': 2, 'dc2': 2}");
        for (String keyspace : List.of("harness_simple", "harness_nts")) {
            cluster.executeSchemaChange("CREATE TABLE IF NOT EXISTS " + keyspace + ".t (k text PRIMARY KEY, v int)");
            for (String key : KEYS) {
                cluster.session()
                        .execute(SimpleStatement.newInstance(
                                        "INSERT INTO " + keyspace + ".t (k, v) VALUES (?, ?)", key, key.length())
                                .setConsistencyLevel(ConsistencyLevel.ALL));
            }
        }
    }

    @Test
    @Order(1)
    void everyNodeIsUpAndNormalInNodetoolStatus(CassandraCluster cluster) {
        String status = cluster.nodetool(0, "status");

        for (CassandraNode node : cluster.nodes()) {
            assertThat(status).containsPattern(Pattern.compile("(?m)^UN\\s+" + Pattern.quote(node.address()) + "\\s"));
        }
        assertThat(status).contains("Datacenter: dc1", "Datacenter: dc2");
    }

    @Test
    @Order(2)
    void everyNodeOwnsItsInitialToken(CassandraCluster cluster) {
        TokenMap tokenMap = cluster.session().getMetadata().getTokenMap().orElseThrow();

        for (CassandraNode expected : cluster.nodes()) {
            Node node = expected.in(cluster.session()).orElseThrow();
            assertThat(tokenMap.getTokens(node).stream().map(tokenMap::format))
                    .as("tokens of %s", expected.address())
                    .containsExactlyElementsOf(expected.spec().initialTokens());
        }
    }

    @Test
    @Order(3)
    void tokenFunctionAnswersTheSameInBothDatacentersAsTheDriverComputes(CassandraCluster cluster) {
        TokenMap tokenMap = cluster.session().getMetadata().getTokenMap().orElseThrow();

        for (String key : KEYS) {
            long fromDc1 = selectToken(cluster.session("dc1"), "harness_simple", key);
            long fromDc2 = selectToken(cluster.session("dc2"), "harness_simple", key);

            assertThat(fromDc2).isEqualTo(fromDc1);
            assertThat(tokenMap.format(tokenMap.newToken(keyBytes(key)))).isEqualTo(Long.toString(fromDc1));
        }
    }

    @Test
    @Order(4)
    void getendpointsNamesTheThreeNodesFromTheTokenOwnerForSimpleStrategy(CassandraCluster cluster) {
        List<NodeSpec> ring = cluster.spec().nodes().stream()
                .sorted(Comparator.comparingLong(
                        node -> Long.parseLong(node.initialTokens().get(0))))
                .toList();

        for (String key : KEYS) {
            long token = selectToken(cluster.session(), "harness_simple", key);

            List<String> endpoints = getendpoints(cluster, 2, "harness_simple", key);

            assertThat(endpoints)
                    .as("replicas of %s (token %d)", key, token)
                    .containsExactlyInAnyOrderElementsOf(nextNodesClockwise(ring, token, 3));
        }
    }

    @Test
    @Order(5)
    void getendpointsAgreesWithTheDriverForNetworkTopologyStrategy(CassandraCluster cluster) {
        TokenMap tokenMap = cluster.session().getMetadata().getTokenMap().orElseThrow();

        for (String key : KEYS) {
            Set<String> driverReplicas =
                    tokenMap.getReplicas(CqlIdentifier.fromCql("harness_nts"), keyBytes(key)).stream()
                            .map(node -> node.getBroadcastRpcAddress()
                                    .orElseThrow()
                                    .getAddress()
                                    .getHostAddress())
                            .collect(Collectors.toSet());

            List<String> endpoints = getendpoints(cluster, 3, "harness_nts", key);

            assertThat(endpoints)
                    .as("replicas of %s", key)
                    .hasSize(4)
                    .containsExactlyInAnyOrderElementsOf(driverReplicas);
            assertThat(endpoints.stream().map(address -> datacenterOf(cluster, address)))
                    .containsExactlyInAnyOrder("dc1", "dc1", "dc2", "dc2");
        }
    }

    @Test
    @Order(6)
    void stoppedNodeRestartsAsTheSameNodeWithItsData(CassandraCluster cluster) throws InterruptedException {
        int index = 4;
        CassandraNode node = cluster.node(index);
        UUID hostId;
        try (CqlSession dc2 = cluster.newSession("dc2")) {
            hostId = dc2.execute(SimpleStatement.newInstance("SELECT host_id FROM system.local")
                            .setNode(node.in(dc2).orElseThrow()))
                    .one()
                    .getUuid("host_id");
        }

        Instant stopping = Instant.now();
        cluster.stopNode(index);
        System.out.printf(
                "node %s stopped in %d ms%n",
                node.address(), Duration.between(stopping, Instant.now()).toMillis());

        assertThat(node.isRunning()).isFalse();
        awaitStatus(cluster, "DN", node.address());

        cluster.startNode(index);
        System.out.printf(
                "node %s back in %.1f s%n",
                node.address(), cluster.lastStartDuration().toMillis() / 1000.0);

        try (CqlSession dc2 = cluster.newSession("dc2")) {
            Node restarted = node.in(dc2).orElseThrow();
            assertThat(dc2.execute(SimpleStatement.newInstance("SELECT host_id FROM system.local")
                                    .setNode(restarted))
                            .one()
                            .getUuid("host_id"))
                    .isEqualTo(hostId);
            Row row = dc2.execute(SimpleStatement.newInstance("SELECT v FROM harness_nts.t WHERE k = ?", "ringmap")
                            .setNode(restarted)
                            .setConsistencyLevel(ConsistencyLevel.LOCAL_ONE))
                    .one();
            assertThat(row).isNotNull();
            assertThat(row.getInt("v")).isEqualTo("ringmap".length());
        }
        awaitStatus(cluster, "UN", node.address());
    }

    private static long selectToken(CqlSession session, String keyspace, String key) {
        Row row = session.execute(
                        SimpleStatement.newInstance("SELECT token(k) FROM " + keyspace + ".t WHERE k = ?", key))
                .one();
        assertThat(row).as("row %s", key).isNotNull();
        return row.getLong(0);
    }

    private static List<String> getendpoints(CassandraCluster cluster, int node, String keyspace, String key) {
        return cluster.nodetool(node, "getendpoints", keyspace, "t", key)
                .lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .toList();
    }

    // (start, end] ranges: the owner of a token is the first node whose token is >= it, wrapping past the last
    private static List<String> nextNodesClockwise(List<NodeSpec> ring, long token, int count) {
        int owner = 0;
        while (owner < ring.size()
                && Long.parseLong(ring.get(owner).initialTokens().get(0)) < token) {
            owner++;
        }
        final int first = owner % ring.size();
        return IntStream.range(0, count)
                .mapToObj(i -> ring.get((first + i) % ring.size()).address())
                .toList();
    }

    private static String datacenterOf(CassandraCluster cluster, String address) {
        return cluster.nodes().stream()
                .filter(node -> node.address().equals(address))
                .findFirst()
                .orElseThrow()
                .spec()
                .datacenter();
    }

    private static ByteBuffer keyBytes(String key) {
        return TypeCodecs.TEXT.encode(key, ProtocolVersion.DEFAULT);
    }

    /** Gossip needs a moment to spread a node's state; poll nodetool status on the first node. */
    private static void awaitStatus(CassandraCluster cluster, String state, String address) {
        Pattern line = Pattern.compile("(?m)^" + state + "\\s+" + Pattern.quote(address) + "\\s");
        Polling.until(
                "nodetool status shows " + address + " " + state,
                Duration.ofSeconds(60),
                Duration.ofSeconds(1),
                () -> cluster.nodetool(0, "status"),
                status -> line.matcher(status).find());
    }
}
