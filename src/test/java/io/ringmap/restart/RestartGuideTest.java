package io.ringmap.restart;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link RestartGuide}'s waits on hand-built views of three nodes, N1 restarted (its generation 200 from 100). */
class RestartGuideTest {

    private static final Instant AT = Instant.parse("2026-12-05T12:00:00Z");

    @Test
    void aRestartedNodeSeenBackByEveryPeerIsNoReasonToWait() {
        TokenRing ring = ring(NodeState.UP);

        assertThat(RestartGuide.waits(ring, List.of(0), views(200, 200, true))).isEmpty();
    }

    @Test
    void aPeerThatStillHoldsTheOldGenerationIsNamed() {
        TokenRing ring = ring(NodeState.UP);

        List<RestartGuide.Wait> waits = RestartGuide.waits(ring, List.of(0), views(200, 100, true));

        assertThat(waits).singleElement().satisfies(w -> {
            assertThat(w.node()).isEqualTo("127.0.0.1");
            assertThat(w.peer()).isEqualTo("127.0.0.3");
            assertThat(w.reason())
                    .isEqualTo("127.0.0.3 still has 127.0.0.1 at generation 100 (shutdown), not the "
                            + "200 it restarted with: it has not seen it back");
        });
    }

    @Test
    void aNodeDownInRingmapsViewOrWithoutItsOwnViewIsWaitedFor() {
        Map<String, NodeView> views = views(200, 200, true);
        views.put(
                "127.0.0.1",
                NodeView.unreadable(
                        "127.0.0.1",
                        AT,
                        "system_views.gossip_info",
                        "native transport not open: the driver has 127.0.0.1 DOWN with 0 open connections"));

        List<RestartGuide.Wait> waits = RestartGuide.waits(ring(NodeState.DOWN), List.of(0), views);

        assertThat(waits)
                .extracting(RestartGuide.Wait::reason)
                .containsExactly(
                        "127.0.0.1 is DOWN in ringmap's view of the ring (the driver's)",
                        "127.0.0.1's native transport is not open or its own view could not be read: native transport not "
                                + "open: the driver has 127.0.0.1 DOWN with 0 open connections");
    }

    @Test
    void aPeerDownInRingmapsViewIsWaitedForNotAssumedToHaveSeenTheNodeBack() {
        // N1 restarted and back in every view read; N3 (not restarted) is down, so its view was not read
        Map<String, NodeView> views = views(200, 200, true);
        views.remove("127.0.0.3");
        TokenRing ring = ring(NodeState.UP, NodeState.DOWN);

        List<RestartGuide.Wait> waits = RestartGuide.waits(ring, List.of(0), views);

        assertThat(waits).singleElement().satisfies(w -> {
            assertThat(w.node()).isEqualTo("127.0.0.1");
            assertThat(w.peer()).isEqualTo("127.0.0.3");
            assertThat(w.reason()).isEqualTo("127.0.0.3 is DOWN in ringmap's view: it cannot have seen 127.0.0.1 back");
        });
    }

    @Test
    void anUnreadablePeerViewIsNamedOnceAndANativeTransportNotReadyIsWaitedFor() {
        Map<String, NodeView> views = views(200, 200, false);
        views.put(
                "127.0.0.2", NodeView.unreadable("127.0.0.2", AT, "system_views.gossip_info", "no answer within PT2S"));

        List<RestartGuide.Wait> waits = RestartGuide.waits(ring(NodeState.UP), List.of(0), views);

        assertThat(waits).extracting(RestartGuide.Wait::peer).containsExactly("127.0.0.2", "127.0.0.3");
        assertThat(waits.get(0).reason()).isEqualTo("127.0.0.2's own view could not be read: no answer within PT2S");
        assertThat(waits.get(1).reason()).contains("native transport not ready yet");
    }

    private static TokenRing ring(NodeState first) {
        return ring(first, NodeState.UP);
    }

    /** N1 in state {@code first}, N2 UP, N3 in state {@code third}. */
    private static TokenRing ring(NodeState first, NodeState third) {
        Map<Node, List<LongToken>> tokens = new LinkedHashMap<>();
        for (int i = 0; i < 3; i++) {
            NodeState state = i == 0 ? first : i == 2 ? third : NodeState.UP;
            tokens.put(
                    new Node("N" + (i + 1), "127.0.0." + (i + 1), "dc1", "rack1", state),
                    List.of(new LongToken(i * 1000L)));
        }
        return TokenRing.of(Murmur3Partitioner.INSTANCE, tokens);
    }

    /** N1's own view says generation {@code own}; N2 sees it at {@code own}, N3 at {@code seenByN3}. */
    private static Map<String, NodeView> views(int own, int seenByN3, boolean ready) {
        Map<String, NodeView> out = new LinkedHashMap<>();
        out.put("127.0.0.1", view("127.0.0.1", own, "NORMAL", true));
        out.put("127.0.0.2", view("127.0.0.2", own, "NORMAL", true));
        out.put("127.0.0.3", view("127.0.0.3", seenByN3, seenByN3 == own ? "NORMAL" : "shutdown", ready));
        return out;
    }

    private static NodeView view(String node, int generationOfN1, String statusOfN1, boolean ready) {
        Map<String, NodeView.Member> members = new LinkedHashMap<>();
        members.put("127.0.0.1", new NodeView.Member("127.0.0.1", generationOfN1, statusOfN1, ready));
        members.put("127.0.0.2", new NodeView.Member("127.0.0.2", 50, "NORMAL", true));
        members.put("127.0.0.3", new NodeView.Member("127.0.0.3", 60, "NORMAL", true));
        return new NodeView(node, AT, "system_views.gossip_info", members, null);
    }
}
