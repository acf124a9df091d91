package io.ringmap.topology;

import static io.ringmap.topology.DriverStubs.column;
import static io.ringmap.topology.DriverStubs.keyspace;
import static io.ringmap.topology.DriverStubs.metadata;
import static io.ringmap.topology.DriverStubs.node;
import static io.ringmap.topology.DriverStubs.table;
import static io.ringmap.topology.DriverStubs.tokenMap;
import static io.ringmap.topology.DriverStubs.udt;
import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import io.ringmap.schema.KeyColumn;
import io.ringmap.schema.TableSchema;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClusterModelReaderTest {

    static final String MURMUR3 = "org.apache.cassandra.dht.Murmur3Partitioner";
    static final Map<String, String> LOCAL = Map.of("class", "org.apache.cassandra.locator.LocalStrategy");
    static final Map<String, String> NTS =
            Map.of("class", "org.apache.cassandra.locator.NetworkTopologyStrategy", "dc1", "2", "dc2", "1");

    final Node n1 = node("127.0.0.1", "dc1", "rack1", NodeState.UP);
    final Node n2 = node("127.0.0.2", "dc1", "rack2", NodeState.DOWN);
    final Node n3 = node("127.0.0.3", "dc2", "rack1", NodeState.UNKNOWN);

    @Test
    void mapsEveryDriverNodeStateToTheSameRingState() {
        for (NodeState driver : NodeState.values()) {
            assertThat(ClusterModelReader.state(driver).name()).isEqualTo(driver.name());
        }
    }

    @Test
    void readsNodesSortedByAddressWithTheirTokensInRingOrderAsTheTokenMapPrintsThem() {
        // given nodes listed out of address order, with vnode tokens out of ring order
        Map<Node, List<Long>> tokens = new LinkedHashMap<>();
        tokens.put(n3, List.of(Long.MAX_VALUE, 100L));
        tokens.put(n1, List.of(5L, Long.MIN_VALUE + 1, -7L));
        tokens.put(n2, List.of(0L));
        Metadata metadata =
                metadata("Test Cluster", List.of(n3, n1, n2), Optional.of(tokenMap(MURMUR3, tokens)), List.of());

        // when
        TopologyModel model =
                ClusterModelReader.read(metadata, ks -> true, null, Map.of()).orElseThrow();

        // then
        assertThat(model.clusterName()).isEqualTo("Test Cluster");
        assertThat(model.partitioner()).isEqualTo(MURMUR3);
        assertThat(model.nodes())
                .extracting(nt -> nt.node().address())
                .containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3");
        assertThat(model.nodes().get(0).tokens()).containsExactly("-9223372036854775807", "-7", "5");
        assertThat(model.nodes().get(2).tokens()).containsExactly("100", "9223372036854775807");
        assertThat(model.nodes()).extracting(nt -> nt.node().state().name()).containsExactly("UP", "DOWN", "UNKNOWN");
        assertThat(model.nodes().get(0).node().datacenter()).isEqualTo("dc1");
        assertThat(model.nodes().get(1).node().rack()).isEqualTo("rack2");
        assertThat(model.nodes().get(0).node().hostId())
                .isEqualTo(n1.getHostId().toString());
    }

    @Test
    void theSystemTablesTokensReplaceTheDriversWhichKeepsAMovedNodeAtItsOldToken() {
        // the driver's token map: n1 at 5, n2 at 0, n3 at 100 (n2 moved to 50 since: the driver ignores MOVED_NODE)
        Map<Node, List<Long>> tokens = new LinkedHashMap<>();
        tokens.put(n1, List.of(5L));
        tokens.put(n2, List.of(0L));
        tokens.put(n3, List.of(100L));
        Metadata metadata =
                metadata("Test Cluster", List.of(n1, n2, n3), Optional.of(tokenMap(MURMUR3, tokens)), List.of());

        // the tables: n2 at 50, n3 listed without tokens (joining), n1 not listed (the driver's stays)
        TopologyModel model = ClusterModelReader.read(
                        metadata,
                        ks -> true,
                        null,
                        Map.of(n2.getHostId(), java.util.Set.of("50"), n3.getHostId(), java.util.Set.of()))
                .orElseThrow();

        assertThat(model.nodes()).extracting(nt -> nt.node().address()).containsExactly("127.0.0.1", "127.0.0.2");
        assertThat(model.nodes().get(0).tokens()).containsExactly("5");
        assertThat(model.nodes().get(1).tokens()).containsExactly("50");
    }

    @Test
    void equalClusterStatesGiveEqualModelsWhateverOrderTheDriverListsThemIn() {
        Map<Node, List<Long>> tokens = Map.of(n1, List.of(1L, 2L), n2, List.of(3L), n3, List.of(4L));
        KeyspaceMetadata a = keyspace(
                "a", false, NTS, table("t", column("k", DataTypes.INT)), table("u", column("k", DataTypes.TEXT)));
        KeyspaceMetadata b = keyspace("b", false, LOCAL);
        Metadata one = metadata("c", List.of(n1, n2, n3), Optional.of(tokenMap(MURMUR3, tokens)), List.of(a, b));
        Metadata two = metadata("c", List.of(n3, n2, n1), Optional.of(tokenMap(MURMUR3, tokens)), List.of(b, a));

        assertThat(ClusterModelReader.read(one, ks -> true, "127.0.0.1", Map.of()))
                .isEqualTo(ClusterModelReader.read(two, ks -> true, "127.0.0.1", Map.of()));
    }

    @Test
    void readsBothAddressesOfEveryNodeAndKeepsNodesThatShareAnIpApart() {
        // given two nodes sharing one client IP on different ports (allowed since Cassandra 4.0), each with its own
        // internode address, and a third whose addresses differ (NAT)
        Node a = node("10.1.0.1", 9042, "192.168.0.1", 7000, "dc1", "rack1", NodeState.UP);
        Node b = node("10.1.0.1", 9043, "192.168.0.1", 7001, "dc1", "rack2", NodeState.UP);
        Node c = node("10.1.0.3", 9042, "192.168.0.3", 7000, "dc1", "rack1", NodeState.UP);
        Metadata metadata = metadata(
                "c",
                List.of(a, b, c),
                Optional.of(tokenMap(MURMUR3, Map.of(a, List.of(-100L), b, List.of(0L), c, List.of(100L)))),
                List.of(keyspace(
                        "ks",
                        false,
                        Map.of("class", "org.apache.cassandra.locator.SimpleStrategy", "replication_factor", "2"))));

        // when
        TopologyModel model =
                ClusterModelReader.read(metadata, ks -> true, null, Map.of()).orElseThrow();
        var holder = new io.ringmap.snapshot.SnapshotHolder(java.time.Clock.systemUTC());
        holder.publish(model, "cluster:c");
        var snapshot = holder.current();

        // then
        List<io.ringmap.ring.Node> nodes = snapshot.tokenRing().nodes();
        assertThat(nodes).hasSize(3);
        assertThat(nodes)
                .extracting(io.ringmap.ring.Node::rpcEndpoint)
                .containsExactly("10.1.0.1:9042", "10.1.0.1:9043", "10.1.0.3:9042");
        assertThat(nodes)
                .extracting(io.ringmap.ring.Node::broadcastEndpoint)
                .containsExactly("192.168.0.1:7000", "192.168.0.1:7001", "192.168.0.3:7000");
        assertThat(nodes).extracting(io.ringmap.ring.Node::hostId).doesNotHaveDuplicates();
        var placed = (io.ringmap.ring.KeyspacePlacement.Placed)
                snapshot.keyspace("ks").orElseThrow();
        var replicas = snapshot.ring()
                .lookup(placed, new io.ringmap.token.LongToken(-50))
                .replicas();
        assertThat(nodes.get(replicas.node(0)).rpcEndpoint()).isEqualTo("10.1.0.1:9043");
        assertThat(nodes.get(replicas.node(1)).rpcEndpoint()).isEqualTo("10.1.0.3:9042");
    }

    @Test
    void leavesOutNodesWithoutTokensSinceTheyOwnNoRange() {
        Metadata metadata =
                metadata("c", List.of(n1, n2), Optional.of(tokenMap(MURMUR3, Map.of(n1, List.of(0L)))), List.of());

        TopologyModel model =
                ClusterModelReader.read(metadata, ks -> true, null, Map.of()).orElseThrow();

        assertThat(model.nodes()).extracting(nt -> nt.node().address()).containsExactly("127.0.0.1");
    }

    @Test
    void readsNothingUntilTheDriverHasATokenMap() {
        Metadata metadata = metadata("c", List.of(n1), Optional.empty(), List.of());

        assertThat(ClusterModelReader.read(metadata, ks -> true, null, Map.of()))
                .isEmpty();
    }

    @Test
    void keepsReplicationMapsVerbatimIncludingSystemKeyspacesAndSkipsVirtualAndFilteredOnes() {
        Metadata metadata = metadata(
                "c",
                List.of(n1),
                Optional.of(tokenMap(MURMUR3, Map.of(n1, List.of(0L)))),
                List.of(
                        keyspace("system", false, LOCAL),
                        keyspace("iot", false, NTS),
                        keyspace("other", false, NTS),
                        keyspace("system_views", true, Map.of())));

        TopologyModel model = ClusterModelReader.read(metadata, ks -> !ks.equals("other"), "127.0.0.1", Map.of())
                .orElseThrow();

        assertThat(model.replication()).containsOnlyKeys("system", "iot");
        assertThat(model.replication().get("system")).isEqualTo(LOCAL);
        assertThat(model.replication().get("iot")).isEqualTo(NTS);
        assertThat(model.localAddress()).isEqualTo("127.0.0.1");
    }

    @Test
    void readsCompositePartitionKeysInKeyOrderIncludingFrozenUserDefinedTypes() {
        UserDefinedType udt = udt("iot", "place", new LinkedHashMap<>(Map.of("city", DataTypes.TEXT)));
        Metadata metadata = metadata(
                "c",
                List.of(n1),
                Optional.of(tokenMap(MURMUR3, Map.of(n1, List.of(0L)))),
                List.of(keyspace(
                        "iot",
                        false,
                        NTS,
                        table("readings", column("sensor", DataTypes.TEXT), column("day", DataTypes.DATE)),
                        table("by_place", column("place", udt)))));

        TopologyModel model =
                ClusterModelReader.read(metadata, ks -> true, null, Map.of()).orElseThrow();

        assertThat(model.tables())
                .containsExactly(
                        new TableSchema("iot", "by_place", List.of(new KeyColumn("place", udt))),
                        new TableSchema(
                                "iot",
                                "readings",
                                List.of(
                                        new KeyColumn("sensor", DataTypes.TEXT),
                                        new KeyColumn("day", DataTypes.DATE))));
    }

    @Test
    void leavesOutATableWhoseKeyTypeCannotBeServedButKeepsTheRest() {
        Metadata metadata = metadata(
                "c",
                List.of(n1),
                Optional.of(tokenMap(MURMUR3, Map.of(n1, List.of(0L)))),
                List.of(keyspace(
                        "ks",
                        false,
                        NTS,
                        table("custom", column("k", DataTypes.custom("org.example.MyType"))),
                        table("plain", column("k", DataTypes.BIGINT)))));

        TopologyModel model =
                ClusterModelReader.read(metadata, ks -> true, null, Map.of()).orElseThrow();

        assertThat(model.tables()).extracting(TableSchema::table).containsExactly("plain");
        assertThat(model.replication()).containsKey("ks");
    }

    @Test
    void connectionRetriesDoubleFromHalfASecondUpToTheConfiguredMaximum() {
        Duration max = Duration.ofSeconds(5);

        assertThat(ClusterSessions.backoff(1, max)).isEqualTo(Duration.ofMillis(500));
        assertThat(ClusterSessions.backoff(2, max)).isEqualTo(Duration.ofSeconds(1));
        assertThat(ClusterSessions.backoff(4, max)).isEqualTo(Duration.ofSeconds(4));
        assertThat(ClusterSessions.backoff(5, max)).isEqualTo(max);
        assertThat(ClusterSessions.backoff(1000, max)).isEqualTo(max);
    }
}
