package io.ringmap.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.ring.NodeState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.junit.jupiter.api.Test;

class StaticTopologyParserTest {

    private static String resource(String path) throws IOException {
        try (var in = StaticTopologyParserTest.class.getResourceAsStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsTheBundledReferenceTopology() throws IOException {
        TopologyModel model = StaticTopologyParser.parse(resource("/topology/default.yaml"), "default.yaml");
        assertThat(model.partitioner()).isEqualTo("Murmur3Partitioner");
        assertThat(model.nodes()).extracting(n -> n.node().address())
                .containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4");
        assertThat(model.nodes().get(3).tokens()).containsExactly("9223372036854775807");
        assertThat(model.replication().get("iot_multi_dc")).containsEntry("dc1", "2").containsEntry("dc2", "2");
        assertThat(model.tables()).hasSize(2);
        assertThat(model.tables().get(0).columnNames()).containsExactly("sensor_id", "day");
    }

    @Test
    void buildsASnapshotOfTheVnodeSample() throws IOException {
        RingService ring = new RingService(Clock.systemUTC());
        TopologySnapshot s = ring.publish(StaticTopologyParser.parse(resource("/topology/vnodes.yaml"), "vnodes"),
                "static:vnodes");
        assertThat(s.ring().ring().nodes()).hasSize(12);
        assertThat(s.ring().ring().size()).isEqualTo(12 * 16);
        assertThat(s.ring().keyspaces()).containsKeys("shop", "iot", "analytics", "system");
    }

    @Test
    void networkTopologyStrategyWithOnlyReplicationFactorPlacesReplicasInEveryDatacentre() {
        String yaml = """
                partitioner: Murmur3Partitioner
                nodes:
                  - {address: 10.0.0.1, datacenter: dc1, rack: r1, tokens: ["-100"]}
                  - {address: 10.0.0.2, datacenter: dc2, rack: r1, tokens: ["0"]}
                  - {address: 10.0.0.3, datacenter: dc1, rack: r2, tokens: ["100"]}
                keyspaces:
                  ks:
                    replication: {class: NetworkTopologyStrategy, replication_factor: 2}
                """;
        TopologySnapshot s = new RingService(Clock.systemUTC()).publish(StaticTopologyParser.parse(yaml, "t"), "t");
        var placed = (io.ringmap.ring.KeyspacePlacement.Placed) s.ring().keyspace("ks").orElseThrow();
        var replicas = s.ring().lookup(placed, new io.ringmap.token.LongToken(1)).replicas();
        java.util.List<String> addresses = new java.util.ArrayList<>();
        for (int i = 0; i < replicas.size(); i++) {
            addresses.add(s.ring().ring().nodes().get(replicas.node(i)).address());
        }
        // dc1 holds 2 of its 2 nodes, dc2 its only node, which the expanded RF 2 exceeds
        assertThat(addresses).containsExactly("10.0.0.3", "10.0.0.1", "10.0.0.2");
        assertThat(placed.warnings()).anySatisfy(w -> assertThat(w).contains("replication_factor 2 expanded"))
                .anySatisfy(w -> assertThat(w).contains("'dc2' exceeds its 1 nodes"));
    }

    @Test
    void readsBroadcastAddressesAndPortsAndNodesSharingAnIp() {
        String yaml = """
                partitioner: Murmur3Partitioner
                nodes:
                  - {address: 10.0.0.1, rpcPort: 9042, broadcastAddress: 192.168.0.1, datacenter: dc1, rack: r1,
                     tokens: ["-100"]}
                  - {address: 10.0.0.1, rpcPort: 9043, broadcastAddress: 192.168.0.1, broadcastPort: 7001,
                     datacenter: dc1, rack: r1, tokens: ["0"]}
                  - {address: 10.0.0.3, datacenter: dc1, rack: r1, tokens: ["100"]}
                keyspaces:
                  ks: {replication: {class: SimpleStrategy, replication_factor: 3}}
                """;
        TopologySnapshot s = new RingService(Clock.systemUTC()).publish(StaticTopologyParser.parse(yaml, "t"), "t");
        var nodes = s.ring().ring().nodes();
        assertThat(nodes).extracting(io.ringmap.ring.Node::hostId)
                .containsExactly("10.0.0.1:9042", "10.0.0.1:9043", "10.0.0.3");
        assertThat(nodes).extracting(io.ringmap.ring.Node::broadcastEndpoint)
                .containsExactly("192.168.0.1:7000", "192.168.0.1:7001", "10.0.0.3:7000");
        assertThat(nodes).extracting(io.ringmap.ring.Node::rpcEndpoint)
                .containsExactly("10.0.0.1:9042", "10.0.0.1:9043", "10.0.0.3:9042");
        var placed = (io.ringmap.ring.KeyspacePlacement.Placed) s.ring().keyspace("ks").orElseThrow();
        assertThat(s.ring().lookup(placed, new io.ringmap.token.LongToken(-5)).replicas().nodes())
                .containsExactly(1, 2, 0);
        assertThatThrownBy(() -> StaticTopologyParser.parse(yaml.replace("rpcPort: 9043", "rpcPort: 70000"), "t"))
                .hasMessageContaining("nodes[1].rpcPort '70000' is not a port");
    }

    @Test
    void keepsTheSnapshotWhenNothingChanged() throws IOException {
        RingService ring = new RingService(Clock.systemUTC());
        TopologyModel model = StaticTopologyParser.parse(resource("/topology/default.yaml"), "default.yaml");
        TopologySnapshot first = ring.publish(model, "static:x");
        TopologySnapshot again = ring.publish(StaticTopologyParser.parse(resource("/topology/default.yaml"), "d"),
                "static:x");
        assertThat(again).isSameAs(first);
        assertThat(again.version()).isEqualTo(1);
    }

    @Test
    void replacesOnlyNodeStatesWhenTheRingShapeIsUnchanged() throws IOException {
        RingService ring = new RingService(Clock.systemUTC());
        String yaml = resource("/topology/default.yaml");
        TopologySnapshot first = ring.publish(StaticTopologyParser.parse(yaml, "d"), "static:x");
        String down = yaml.replace("rack: rack1, tokens: [\"-4611686018427387904\"]",
                "rack: rack1, state: DOWN, tokens: [\"-4611686018427387904\"]");
        TopologySnapshot second = ring.publish(StaticTopologyParser.parse(down, "d"), "static:x");
        assertThat(second.version()).isEqualTo(2);
        assertThat(second.ring().ring().nodes().get(0).state()).isEqualTo(NodeState.DOWN);
        assertThat(second.ring().keyspaces().get("iot")).isSameAs(first.ring().keyspaces().get("iot"));
    }

    @Test
    void namesTheOffendingEntry() {
        assertThatThrownBy(() -> StaticTopologyParser.parse("partitioner: Murmur3Partitioner\nnodes:\n"
                + "  - {address: 10.0.0.1, datacenter: dc1, tokens: [\"1\"]}\n", "t.yaml"))
                .hasMessageContaining("t.yaml: nodes[0].rack is required");
        assertThatThrownBy(() -> StaticTopologyParser.parse("partitioner: Murmur3Partitioner\nnodes: []\n", "t.yaml"))
                .hasMessageContaining("'nodes' must be a non-empty list");
        assertThatThrownBy(() -> StaticTopologyParser.parse("partitioner: Murmur3Partitioner\nnodes:\n"
                + "  - {address: a, datacenter: d, rack: r, tokens: [\"1\"]}\nkeyspaces:\n  k:\n"
                + "    replication: {class: SimpleStrategy, replication_factor: 1}\n    tables:\n      t:\n"
                + "        partitionKey: [{name: c, type: wibble}]\n", "t.yaml"))
                .hasMessageContaining("keyspaces.k.tables.t.partitionKey[0]").hasMessageContaining("wibble");
    }

    @Test
    void refusesARingWithADuplicateToken() {
        RingService ring = new RingService(Clock.systemUTC());
        TopologyModel model = StaticTopologyParser.parse("partitioner: Murmur3Partitioner\nnodes:\n"
                + "  - {address: a, datacenter: d, rack: r, tokens: [\"1\"]}\n"
                + "  - {address: b, datacenter: d, rack: r, tokens: [\"1\"]}\n", "t.yaml");
        assertThatThrownBy(() -> ring.publish(model, "static:t")).hasMessageContaining("token 1 is owned by both");
    }

    @Test
    void readsAThousandNodeVnodeTopology() {
        StringBuilder yaml = new StringBuilder("partitioner: Murmur3Partitioner\nnodes:\n");
        java.util.SplittableRandom random = new java.util.SplittableRandom(1);
        for (int n = 0; n < 1000; n++) {
            yaml.append("  - {address: 10.0.").append(n / 250).append('.').append(n % 250)
                    .append(", datacenter: dc1, rack: r1, tokens: [");
            for (int v = 0; v < 256; v++) {
                yaml.append(v == 0 ? "" : ", ").append('"').append(random.nextLong()).append('"');
            }
            yaml.append("]}\n");
        }
        assertThat(yaml.length()).isGreaterThan(3 * 1024 * 1024);
        TopologyModel model = StaticTopologyParser.parse(yaml.toString(), "big.yaml");
        assertThat(model.nodes()).hasSize(1000);
        assertThat(model.nodes().get(999).tokens()).hasSize(256);
    }
}
