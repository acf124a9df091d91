package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringmap.conformance.ReplicaConformanceIT.Case;
import io.ringmap.replication.NetworkTopologyOptions;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterTest;
import io.ringmap.testcluster.CassandraLine;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.NodeSpec;
import io.ringmap.testcluster.StandardCluster;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.TestHttp;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * A node's two addresses, on a cluster whose nodes listen to each other on 127.0.0.4N and to clients on
 * 127.0.0.14N ({@link StandardCluster#DISTINCT_RPC_ADDRESSES}), with ringmap following it through an RPC address:
 * every node and replica carries its client address ({@code address}, {@code rpcPort}) and its internode address
 * ({@code broadcastAddress}, {@code broadcastPort}) as Cassandra's own tables report them, and replicas by
 * broadcast address equal {@code nodetool getendpoints} in order. Also checks ringmap's reading of a
 * NetworkTopologyStrategy {@code replication_factor} against what Cassandra stores for the same map.
 */
@CassandraClusterTest(StandardCluster.DISTINCT_RPC_ADDRESSES)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.cassandra.contact-points=127.0.0.141:9042", "spring.cassandra.local-datacenter=dc1",
            "management.server.port=0", "ringmap.topology.refresh-interval=5s"
        })
@DirtiesContext
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(providers = ClusterLocks.class)
@TimeBudget(seconds = 325)
class AddressConformanceIT {

    static final List<Case> CASES = List.of(
            new Case("addr_simple_2", "{'class': 'SimpleStrategy', 'replication_factor': 2}", true),
            // Cassandra expands replication_factor to every DC when it creates the keyspace
            new Case("addr_nts_rf", "{'class': 'NetworkTopologyStrategy', 'replication_factor': 1}", false),
            new Case("addr_nts_dc2", "{'class': 'NetworkTopologyStrategy', 'dc2': 1}", true));

    static long began;

    @BeforeAll
    static void createKeyspaces(CassandraCluster cluster) {
        began = System.nanoTime();
        ReplicaConformanceIT.create(cluster, CASES);
    }

    @AfterAll
    static void report() {
        System.out.printf(
                "[AddressConformanceIT] tests took %.1f s after the cluster was up%n",
                (System.nanoTime() - began) / 1e9);
    }

    @LocalServerPort
    int port;

    @Test
    @Order(1)
    void everyNodeReportsTheAddressClientsUseAndTheOneNodetoolPrints(CassandraCluster cluster) {
        TestHttp ringmap = new TestHttp(port);
        ReplicaConformanceIT.awaitRing(ringmap, cluster, CASES);
        // Cassandra's own view: broadcast address -> (broadcast RPC address, native port, storage port)
        Map<String, List<String>> cassandra = new TreeMap<>();
        CqlSession session = cluster.session();
        Row local = session.execute(
                        "SELECT broadcast_address, broadcast_port, rpc_address, rpc_port " + "FROM system.local")
                .one();
        cassandra.put(
                local.getInetAddress("broadcast_address").getHostAddress(),
                List.of(
                        local.getInetAddress("rpc_address").getHostAddress(),
                        Integer.toString(local.getInt("rpc_port")),
                        Integer.toString(local.getInt("broadcast_port"))));
        for (Row peer : session.execute("SELECT peer, peer_port, native_address, native_port FROM system.peers_v2")) {
            cassandra.put(
                    peer.getInetAddress("peer").getHostAddress(),
                    List.of(
                            peer.getInetAddress("native_address").getHostAddress(),
                            Integer.toString(peer.getInt("native_port")),
                            Integer.toString(peer.getInt("peer_port"))));
        }
        Map<String, List<String>> ours = new TreeMap<>();
        for (JsonNode node : ringmap.ok(ringmap.get("/ring"), "GET /ring").get("nodes")) {
            ours.put(
                    node.get("broadcastAddress").asString(),
                    List.of(
                            node.get("address").asString(),
                            node.get("rpcPort").asString(),
                            node.get("broadcastPort").asString()));
        }
        Map<String, List<String>> configured = new TreeMap<>();
        for (NodeSpec spec : cluster.spec().nodes()) {
            configured.put(spec.address(), List.of(spec.rpcAddress(), "9042", "7000"));
        }
        System.out.printf(
                "[AddressConformanceIT] nodes (broadcast -> rpc, native port, storage port): "
                        + "Cassandra %s, ringmap %s%n",
                cassandra, ours);
        assertThat(ours).isEqualTo(cassandra).isEqualTo(configured);
        // nodetool, too, knows the nodes by their broadcast addresses only
        String status = cluster.nodetool(0, "status");
        for (NodeSpec spec : cluster.spec().nodes()) {
            assertThat(status).contains(spec.address()).doesNotContain(spec.rpcAddress());
        }
    }

    @Test
    @Order(2)
    void replicasByBroadcastAddressEqualNodetoolGetendpointsAndCarryTheirClientAddress(CassandraCluster cluster) {
        TestHttp ringmap = new TestHttp(port);
        ReplicaConformanceIT.awaitRing(ringmap, cluster, CASES);
        ReplicaConformanceIT.compare(cluster, ringmap, CASES, "distinct-rpc");
        Map<String, String> rpcByBroadcast = new HashMap<>();
        cluster.spec().nodes().forEach(n -> rpcByBroadcast.put(n.address(), n.rpcAddress()));
        int replicas = 0;
        for (Case c : CASES) {
            JsonNode answer = ringmap.ok(
                    ringmap.post(
                            "/replicas",
                            Map.of(
                                    "keyspace",
                                    c.keyspace(),
                                    "tokens",
                                    List.of("-9223372036854775807", "-1", "0", "1", "9223372036854775807"))),
                    "POST /replicas");
            for (JsonNode result : answer.get("results")) {
                for (JsonNode replica : result.get("replicas")) {
                    assertThat(replica.get("address").asString())
                            .isEqualTo(rpcByBroadcast.get(
                                    replica.get("broadcastAddress").asString()));
                    assertThat(replica.get("rpcPort").asInt()).isEqualTo(9042);
                    assertThat(replica.get("broadcastPort").asInt()).isEqualTo(7000);
                    replicas++;
                }
            }
        }
        System.out.printf("[AddressConformanceIT] %d replicas carry both addresses%n", replicas);
    }

    @Test
    @Order(3)
    void replicationFactorReadsAsCassandraStoresIt(CassandraCluster cluster) {
        TestHttp ringmap = new TestHttp(port);
        List<String> datacenters = ringmap.ok(ringmap.get("/ring"), "GET /ring")
                .get("nodes")
                .valueStream()
                .map(n -> n.get("datacenter").asString())
                .distinct()
                .toList();
        List<Map<String, String>> inputs = List.of(
                Map.of("replication_factor", "1"),
                Map.of("replication_factor", "2", "dc2", "1"),
                Map.of("replication_factor", "1", "dc1", "0"),
                Map.of("replication_factor", "3", "dc1", "1", "dc2", "2"),
                Map.of());
        CqlSession session = cluster.session();
        long t0 = System.nanoTime();
        for (int i = 0; i < inputs.size(); i++) {
            String keyspace = "addr_prepare_" + i;
            Map<String, String> input = new LinkedHashMap<>();
            input.put("class", "NetworkTopologyStrategy");
            input.putAll(new TreeMap<>(inputs.get(i)));
            StringBuilder cql = new StringBuilder("{");
            input.forEach((k, v) -> cql.append(cql.length() > 1 ? ", " : "")
                    .append('\'')
                    .append(k)
                    .append("': '")
                    .append(v)
                    .append('\''));
            cql.append('}');
            session.execute(SimpleStatement.newInstance("DROP KEYSPACE IF EXISTS " + keyspace)
                    .setTimeout(Duration.ofSeconds(60)));
            if (inputs.get(i).isEmpty() && cluster.spec().line() == CassandraLine.V4_0) {
                // 4.1 added default_keyspace_rf; 4.0 refuses a NetworkTopologyStrategy naming no data centre, and
                // ringmap's what-if reading then says which default it assumed (docs/conformance.md)
                assertThatThrownBy(() -> session.execute(SimpleStatement.newInstance(
                                        "CREATE KEYSPACE " + keyspace + " WITH replication = " + cql)
                                .setTimeout(Duration.ofSeconds(60))))
                        .hasMessageContaining("at least one datacenter must be present");
                System.out.printf("[AddressConformanceIT] CREATE KEYSPACE ... %s: refused by Cassandra 4.0%n", cql);
                continue;
            }
            session.execute(SimpleStatement.newInstance("CREATE KEYSPACE " + keyspace + " WITH replication = " + cql)
                    .setTimeout(Duration.ofSeconds(60)));
            Map<String, String> stored = new TreeMap<>(session.execute(SimpleStatement.newInstance(
                            "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace))
                    .one()
                    .getMap("replication", String.class, String.class));
            Map<String, String> expanded =
                    NetworkTopologyOptions.prepare(input, datacenters).stored();
            System.out.printf(
                    "[AddressConformanceIT] CREATE KEYSPACE ... %s: Cassandra stores %s, ringmap reads " + "%s%n",
                    cql, stored, expanded);
            assertThat(expanded).as("ringmap's reading of %s", cql).isEqualTo(stored);
        }
    }
}
