package io.ringmap.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.NodeState;
import io.ringmap.testsupport.MovingClock;
import io.ringmap.topology.StaticTopologyParser;
import io.ringmap.topology.TopologyModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SnapshotHolderTest {

    private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

    private static String resource(String path) throws IOException {
        try (var in = SnapshotHolderTest.class.getResourceAsStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void buildsASnapshotOfTheVnodeSample() throws IOException {
        SnapshotHolder holder = new SnapshotHolder(Clock.systemUTC());
        holder.publish(StaticTopologyParser.parse(resource("/topology/vnodes.yaml"), "vnodes"), "static:vnodes");
        ServedSnapshot s = holder.current();
        assertThat(s.tokenRing().nodes()).hasSize(12);
        assertThat(s.tokenRing().size()).isEqualTo(12 * 16);
        assertThat(s.ring().keyspaces()).containsKeys("shop", "iot", "analytics", "system");
        assertThat(s.partitioner().name()).isEqualTo("Murmur3Partitioner");
    }

    private static ServedSnapshot publish(String yaml) {
        SnapshotHolder holder = new SnapshotHolder(Clock.systemUTC());
        holder.publish(StaticTopologyParser.parse(yaml, "t"), "static:t");
        return holder.current();
    }

    @Test
    void networkTopologyStrategyWithOnlyReplicationFactorPlacesReplicasInEveryDatacentre() {
        ServedSnapshot s = publish("""
                partitioner: Murmur3Partitioner
                nodes:
                  - {address: 10.0.0.1, datacenter: dc1, rack: r1, tokens: ["-100"]}
                  - {address: 10.0.0.2, datacenter: dc2, rack: r1, tokens: ["0"]}
                  - {address: 10.0.0.3, datacenter: dc1, rack: r2, tokens: ["100"]}
                keyspaces:
                  ks:
                    replication: {class: NetworkTopologyStrategy, replication_factor: 2}
                """);
        var placed = (io.ringmap.ring.KeyspacePlacement.Placed) s.keyspace("ks").orElseThrow();
        var replicas =
                s.ring().lookup(placed, new io.ringmap.token.LongToken(1)).replicas();
        java.util.List<String> addresses = new java.util.ArrayList<>();
        for (int i = 0; i < replicas.size(); i++) {
            addresses.add(s.tokenRing().nodes().get(replicas.node(i)).address());
        }
        // dc1 holds 2 of its 2 nodes, dc2 its only node, which the expanded RF 2 exceeds
        assertThat(addresses).containsExactly("10.0.0.3", "10.0.0.1", "10.0.0.2");
        assertThat(placed.warnings())
                .anySatisfy(w -> assertThat(w).contains("replication_factor 2 expanded"))
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
        ServedSnapshot s = publish(yaml);
        var nodes = s.tokenRing().nodes();
        assertThat(nodes)
                .extracting(io.ringmap.ring.Node::hostId)
                .containsExactly("10.0.0.1:9042", "10.0.0.1:9043", "10.0.0.3");
        assertThat(nodes)
                .extracting(io.ringmap.ring.Node::broadcastEndpoint)
                .containsExactly("192.168.0.1:7000", "192.168.0.1:7001", "10.0.0.3:7000");
        assertThat(nodes)
                .extracting(io.ringmap.ring.Node::rpcEndpoint)
                .containsExactly("10.0.0.1:9042", "10.0.0.1:9043", "10.0.0.3:9042");
        var placed = (io.ringmap.ring.KeyspacePlacement.Placed) s.keyspace("ks").orElseThrow();
        assertThat(s.ring()
                        .lookup(placed, new io.ringmap.token.LongToken(-5))
                        .replicas()
                        .nodes())
                .containsExactly(1, 2, 0);
        assertThatThrownBy(() -> StaticTopologyParser.parse(yaml.replace("rpcPort: 9043", "rpcPort: 70000"), "t"))
                .hasMessageContaining("nodes[1].rpcPort '70000' is not a port");
    }

    @Test
    void keepsTheSnapshotWhenNothingChanged() throws IOException {
        SnapshotHolder holder = new SnapshotHolder(Clock.systemUTC());
        TopologyModel model = StaticTopologyParser.parse(resource("/topology/default.yaml"), "default.yaml");
        holder.publish(model, "static:x");
        TopologySnapshot first = holder.latest();
        holder.publish(StaticTopologyParser.parse(resource("/topology/default.yaml"), "d"), "static:x");
        TopologySnapshot again = holder.latest();
        assertThat(again).isSameAs(first);
        assertThat(again.version()).isEqualTo(1);
    }

    @Test
    void replacesOnlyNodeStatesWhenTheRingShapeIsUnchanged() throws IOException {
        SnapshotHolder holder = new SnapshotHolder(Clock.systemUTC());
        String yaml = resource("/topology/default.yaml");
        holder.publish(StaticTopologyParser.parse(yaml, "d"), "static:x");
        TopologySnapshot first = holder.latest();
        String down = yaml.replace(
                "rack: rack1, tokens: [\"-4611686018427387904\"]",
                "rack: rack1, state: DOWN, tokens: [\"-4611686018427387904\"]");
        holder.publish(StaticTopologyParser.parse(down, "d"), "static:x");
        TopologySnapshot second = holder.latest();
        assertThat(second.version()).isEqualTo(2);
        assertThat(second.tokenRing().nodes().get(0).state()).isEqualTo(NodeState.DOWN);
        assertThat(second.ring().keyspaces().get("iot"))
                .isSameAs(first.ring().keyspaces().get("iot"));
    }

    @Test
    void refusesARingWithADuplicateToken() {
        SnapshotHolder holder = new SnapshotHolder(Clock.systemUTC());
        TopologyModel model = StaticTopologyParser.parse(
                "partitioner: Murmur3Partitioner\nnodes:\n"
                        + "  - {address: a, datacenter: d, rack: r, tokens: [\"1\"]}\n"
                        + "  - {address: b, datacenter: d, rack: r, tokens: [\"1\"]}\n",
                "t.yaml");
        assertThatThrownBy(() -> holder.publish(model, "static:t")).hasMessageContaining("token 1 is owned by both");
        assertThat(holder.peek()).isEmpty();
    }

    @Test
    void answersNothingBeforeTheFirstPublication() {
        SnapshotHolder holder = new SnapshotHolder(Clock.systemUTC());
        holder.connecting("connecting to Cassandra");
        assertThatThrownBy(holder::current)
                .isInstanceOf(NoSnapshotException.class)
                .hasMessageContaining("connecting to Cassandra");
        assertThat(holder.latest()).isNull();
    }

    @Test
    void takesCreationTimeAndAgeFromTheInjectedClock() throws IOException {
        // given
        MovingClock clock = new MovingClock(T0);
        SnapshotHolder holder = new SnapshotHolder(clock);
        holder.publish(StaticTopologyParser.parse(resource("/topology/default.yaml"), "d"), "static:x");

        // when
        clock.set(T0.plusSeconds(90));
        ServedSnapshot served = holder.current();

        // then
        assertThat(served.createdAt()).isEqualTo(T0);
        assertThat(served.readAt()).isEqualTo(T0.plusSeconds(90));
        assertThat(served.age()).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void marksTheSnapshotStaleAndFreshAgainWithoutANewVersion() throws IOException {
        // given
        MovingClock clock = new MovingClock(T0);
        SnapshotHolder holder = new SnapshotHolder(clock);
        TopologyModel model = StaticTopologyParser.parse(resource("/topology/default.yaml"), "d");
        holder.publish(model, "static:x");

        // when
        clock.set(T0.plusSeconds(5));
        holder.markStale("all nodes DOWN");
        ServedSnapshot stale = holder.current();
        clock.set(T0.plusSeconds(9));
        holder.publish(model, "static:x");
        ServedSnapshot fresh = holder.current();

        // then
        assertThat(stale.stale()).isTrue();
        assertThat(stale.staleReason()).isEqualTo("all nodes DOWN");
        assertThat(stale.lastContact()).isEqualTo(T0);
        assertThat(fresh.stale()).isFalse();
        assertThat(fresh.lastContact()).isEqualTo(T0.plusSeconds(9));
        assertThat(fresh.version()).isEqualTo(1);
    }

    @Test
    void warnsThatLocalStrategyAnswersForTheFirstNodeWhenTheLocalNodeIsNotInTheRing() {
        // given a local node that is not one of the ring's nodes
        SnapshotHolder holder = new SnapshotHolder(Clock.systemUTC());

        // when
        holder.publish(StaticTopologyParser.parse(twoNodesWithLocalNode("10.9.9.9"), "t.yaml"), "static:t");

        // then the first node answers, and the LocalStrategy keyspace says which and why
        KeyspacePlacement.Placed system =
                (KeyspacePlacement.Placed) holder.current().keyspace("system").orElseThrow();
        assertThat(system.replicasAt(0).node(0)).isZero();
        assertThat(system.warnings())
                .singleElement()
                .asString()
                .contains("the local node 10.9.9.9 is not in the ring")
                .contains("answers for 10.0.0.1");
        KeyspacePlacement.Placed shop =
                (KeyspacePlacement.Placed) holder.current().keyspace("shop").orElseThrow();
        assertThat(shop.warnings()).isEmpty();
    }

    @Test
    void resolvesLocalStrategyToTheLocalNodeWithoutAWarning() {
        SnapshotHolder holder = new SnapshotHolder(Clock.systemUTC());
        holder.publish(StaticTopologyParser.parse(twoNodesWithLocalNode("10.0.0.2"), "t.yaml"), "static:t");
        KeyspacePlacement.Placed system =
                (KeyspacePlacement.Placed) holder.current().keyspace("system").orElseThrow();
        assertThat(holder.current()
                        .tokenRing()
                        .nodes()
                        .get(system.replicasAt(0).node(0))
                        .address())
                .isEqualTo("10.0.0.2");
        assertThat(system.warnings()).isEmpty();
    }

    /** Two nodes, a LocalStrategy keyspace and a SimpleStrategy one. */
    private static String twoNodesWithLocalNode(String localNode) {
        return """
                partitioner: Murmur3Partitioner
                localNode: %s
                nodes:
                  - {address: 10.0.0.1, datacenter: dc1, rack: r1, tokens: ["0"]}
                  - {address: 10.0.0.2, datacenter: dc1, rack: r1, tokens: ["100"]}
                keyspaces:
                  system:
                    replication: {class: LocalStrategy}
                  shop:
                    replication: {class: SimpleStrategy, replication_factor: 1}
                """.formatted(localNode);
    }
}
