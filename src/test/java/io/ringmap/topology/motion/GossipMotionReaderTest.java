package io.ringmap.topology.motion;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.pending.MotionKind;
import io.ringmap.pending.MotionReport;
import io.ringmap.pending.MotionSource;
import io.ringmap.pending.NodeMotion;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.token.LongToken;
import io.ringmap.topology.NodeTokens;
import io.ringmap.topology.TopologyModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Gossip statuses as Cassandra 5.0 writes them ({@code VersionedValue}: {@code BOOT,<first token>},
 * {@code BOOT_REPLACE,<ip:port>}, {@code LEAVING,<token>}, {@code MOVING,<token>}, {@code removing,<host id>}) read
 * into nodes in motion.
 */
class GossipMotionReaderTest {

    private static final TopologyModel MODEL = new TopologyModel(
            "c",
            "Murmur3Partitioner",
            List.of(ring("h1", "127.0.0.1", "-100"), ring("h2", "127.0.0.2", "0"), ring("h3", "127.0.0.3", "100")),
            Map.of(),
            List.of(),
            null);

    @Test
    void readsAJoiningNodeWithTheOneTokenGossipShowsAndSaysSo() {
        MotionReport report = GossipMotionReader.of(
                new RingNodes(MODEL),
                List.of(
                        status("h1", "127.0.0.1:7000", "NORMAL,-100"),
                        new GossipMotionReader.Status(
                                "h9", "127.0.0.9:7000", "127.0.0.9:9042", "dc1", "rack2", "BOOT,50")));

        assertThat(report.source()).isEqualTo(MotionSource.GOSSIP);
        assertThat(report.motions()).singleElement().satisfies(m -> {
            assertThat(m.kind()).isEqualTo(MotionKind.JOINING);
            assertThat(m.tokens()).containsExactly(new LongToken(50));
            assertThat(m.node().hostId()).isEqualTo("h9");
            assertThat(m.node().broadcastEndpoint()).isEqualTo("127.0.0.9:7000");
            assertThat(m.node().rpcEndpoint()).isEqualTo("127.0.0.9:9042");
            assertThat(m.node().rack()).isEqualTo("rack2");
        });
        assertThat(report.note()).contains("only the first token", "assumed live");
    }

    @Test
    void readsLeavingMovingRemovedAndReplacingNodesAgainstTheRing() {
        MotionReport report = GossipMotionReader.of(
                new RingNodes(MODEL),
                List.of(
                        status("h1", "127.0.0.1:7000", "LEAVING,-100"),
                        status("h2", "127.0.0.2:7000", "MOVING,40"),
                        status("h3", "127.0.0.3:7000", "removing,h3"),
                        new GossipMotionReader.Status(
                                "h8", "127.0.0.8:7000", null, "dc1", "rack1", "BOOT_REPLACE,127.0.0.3:7000")));

        assertThat(report.motions())
                .extracting(NodeMotion::kind, m -> m.node().hostId(), NodeMotion::tokens, NodeMotion::replacedHostId)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                MotionKind.LEAVING, "h1", List.of(new LongToken(-100)), null),
                        org.assertj.core.groups.Tuple.tuple(MotionKind.MOVING, "h2", List.of(new LongToken(40)), null),
                        org.assertj.core.groups.Tuple.tuple(
                                MotionKind.LEAVING, "h3", List.of(new LongToken(100)), null),
                        org.assertj.core.groups.Tuple.tuple(
                                MotionKind.REPLACING, "h8", List.of(new LongToken(100)), "h3"));
        assertThat(report.motions().get(0).node().state()).isEqualTo(NodeState.LEAVING);
    }

    @Test
    void normalLeftAndShutdownNodesAreNotInMotion() {
        MotionReport report = GossipMotionReader.of(
                new RingNodes(MODEL),
                List.of(
                        status("h1", "127.0.0.1:7000", "NORMAL,-100"), status("h2", "127.0.0.2:7000", "shutdown,true"),
                        status("h7", "127.0.0.7:7000", "LEFT,7,1733000000000"), status("h3", "127.0.0.3:7000", null)));

        assertThat(report.motions()).isEmpty();
        assertThat(report.note()).isNull();
    }

    private static GossipMotionReader.Status status(String hostId, String endpoint, String status) {
        return new GossipMotionReader.Status(hostId, endpoint, null, "dc1", "rack1", status);
    }

    private static NodeTokens ring(String hostId, String address, String token) {
        return new NodeTokens(
                new Node(hostId, address, "dc1", "rack1", NodeState.UP, 9042, address, 7000), List.of(token));
    }
}
