package io.ringmap.pending;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.replication.ReplicationStrategies;
import io.ringmap.replication.ReplicationStrategy;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.Rings;
import io.ringmap.ring.TokenRange;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pending ranges on hand-worked rings (single tokens 100, 200, 300, 400; a range is {@code (previous, token]}),
 * each expectation worked out on paper from the ring before and after the change.
 */
class PendingRangeCalculatorTest {

    private static final Partitioner P = Murmur3Partitioner.INSTANCE;

    /** A(100) B(200) C(300) D(400), all in dc1 on one rack. */
    private static final TokenRing FOUR = Rings.of(
            P,
            new Object[] {"A", "dc1", "r1", 100},
            new Object[] {"B", "dc1", "r1", 200},
            new Object[] {"C", "dc1", "r1", 300},
            new Object[] {"D", "dc1", "r1", 400});

    @Test
    void bootstrapIntoAnRf3RingMakesTheJoinerPendingForItsThreeFutureRanges() {
        // given N joining at 250: in the ring after, N is primary of (200,250], second of (100,200], third of (400,100]
        Node n = joiner("N", "dc1");
        ReplicationStrategy rf3 = simple(3);

        // when
        List<PendingRange> pending = PendingRangeCalculator.calculate(
                FOUR, rf3, List.of(new NodeMotion(n, MotionKind.JOINING, tokens(250), null, true)));

        // then
        assertThat(normalized(pending))
                .containsExactly(Map.entry("N", pieces(range(Long.MIN_VALUE, 250), range(400, Long.MAX_VALUE))));
        PendingReplicas replicas = PendingReplicas.of(pending);
        assertThat(replicas.replicasFor(t(250))).containsExactly(n);
        assertThat(replicas.replicasFor(t(251))).isEmpty();
        assertThat(replicas.replicasFor(t(Long.MIN_VALUE + 1))).containsExactly(n); // wraps past the ring's end
        // the range (200,300] is written to N only in its part (200,250]
        assertThat(replicas.parts(P, range(200, 300)))
                .containsExactly(new PendingReplicas.Part(range(200, 250), List.of(n)));
    }

    @Test
    void decommissionGivesEachLeavingRangeToTheNodeThatReplicatesItAfterwards() {
        // given D leaving an RF 3 ring: D replicates (100,200], (200,300], (300,400]; after it has left, they are
        // replicated by B,C,A / C,A,B / A,B,C, so A, B and C each gain one of them
        Node d = FOUR.nodes().get(3);

        // when
        List<PendingRange> pending = PendingRangeCalculator.calculate(
                FOUR,
                simple(3),
                List.of(new NodeMotion(d.withState(NodeState.LEAVING), MotionKind.LEAVING, tokens(400), null, true)));

        // then
        assertThat(normalized(pending))
                .containsExactly(
                        Map.entry("A", pieces(range(100, 200))),
                        Map.entry("B", pieces(range(200, 300))),
                        Map.entry("C", pieces(range(300, 400))));
    }

    @Test
    void moveGivesTheMoverAndItsNewNeighbourOnlyTheRangesTheyDoNotHoldYet() {
        // given B moving from 200 to 350 with RF 2: after the move (400,100] is on A,C, (100,300] on C,B, (300,350]
        // on B,D and (350,400] on D,A; B holds (400,200] today, C holds (100,300]
        Node b = FOUR.nodes().get(1);

        // when
        List<PendingRange> pending = PendingRangeCalculator.calculate(
                FOUR,
                simple(2),
                List.of(new NodeMotion(b.withState(NodeState.MOVING), MotionKind.MOVING, tokens(350), null, true)));

        // then: B gains (200,350], C gains (400,100]; D and A gain nothing they do not hold
        assertThat(normalized(pending))
                .containsExactly(
                        Map.entry("B", pieces(range(200, 350))),
                        Map.entry("C", pieces(range(Long.MIN_VALUE, 100), range(400, Long.MAX_VALUE))));
    }

    @Test
    void aReplacingNodeIsPendingForExactlyTheRangesOfTheNodeItReplaces() {
        // given R replacing C (token 300) in an RF 3 ring: C replicates (400,100], (100,200], (200,300]
        Node r = joiner("R", "dc1");

        // when
        List<PendingRange> pending = PendingRangeCalculator.calculate(
                FOUR, simple(3), List.of(new NodeMotion(r, MotionKind.REPLACING, tokens(300), "C", true)));

        // then
        assertThat(normalized(pending))
                .containsExactly(Map.entry("R", pieces(range(Long.MIN_VALUE, 300), range(400, Long.MAX_VALUE))));
    }

    @Test
    void networkTopologyBootstrapOnlyMovesRangesWithinTheJoinersDatacenter() {
        // given dc1 = A(100), C(300); dc2 = B(200), D(400); one replica per DC; N joins dc2 at 350. After the join,
        // dc2's replica of (200,300] and of the new (300,350] is N (the first dc2 node clockwise), D keeps (350,400]
        TokenRing twoDcs = Rings.of(
                P,
                new Object[] {"A", "dc1", "r1", 100},
                new Object[] {"B", "dc2", "r1", 200},
                new Object[] {"C", "dc1", "r1", 300},
                new Object[] {"D", "dc2", "r1", 400});
        Node n = joiner("N", "dc2");
        ReplicationStrategy nts = ReplicationStrategies.of(
                Map.of("class", "NetworkTopologyStrategy", "dc1", "1", "dc2", "1"), 0, List.of("dc1", "dc2"));

        // when
        List<PendingRange> pending = PendingRangeCalculator.calculate(
                twoDcs, nts, List.of(new NodeMotion(n, MotionKind.JOINING, tokens(350), null, true)));

        // then
        assertThat(normalized(pending)).containsExactly(Map.entry("N", pieces(range(200, 350))));
    }

    @Test
    void vnodeBootstrapPendingRangesAreExactlyWhatTheJoinerReplicatesOnceJoined() {
        // given a random vnode ring with NTS over two DCs and a vnode joiner
        TokenRing ring = Rings.vnodes(7, 4, List.of("dc1", "dc2"), 2, 8);
        Map<String, String> replication = Map.of("class", "NetworkTopologyStrategy", "dc1", "3", "dc2", "2");
        ReplicationStrategy nts = ReplicationStrategies.of(replication, 0, List.of("dc1", "dc2"));
        Node n = new Node("joiner", "10.9.9.9", "dc1", "rack1", NodeState.JOINING);
        List<Token> joinTokens = List.of(t(11), t(-4_000_000_000_000_000_000L), t(5_000_000_000_000_000_000L));

        // when
        List<PendingRange> pending = PendingRangeCalculator.calculate(
                ring, nts, List.of(new NodeMotion(n, MotionKind.JOINING, joinTokens, null, true)));

        // then: the oracle is the ring after the join, placed independently
        var after = new java.util.LinkedHashMap<Node, List<Token>>();
        List<List<Token>> byNode = ring.tokensByNode();
        for (int i = 0; i < ring.nodes().size(); i++) {
            after.put(ring.nodes().get(i), byNode.get(i));
        }
        after.put(n, joinTokens);
        TokenRing joined = TokenRing.of(P, after);
        var table = nts.placeAll(joined);
        int index = joined.nodes().indexOf(n);
        List<TokenRange> expected = new java.util.ArrayList<>();
        for (int i = 0; i < joined.size(); i++) {
            for (int r = 0; r < table[i].size(); r++) {
                if (table[i].node(r) == index) {
                    expected.add(joined.rangeAt(i));
                }
            }
        }
        assertThat(pending).isNotEmpty();
        assertThat(normalized(pending)).containsExactly(Map.entry("10.9.9.9", new RangePieces(P).normalize(expected)));
    }

    @Test
    void aPendingRangeThatWrapsStaysOneRangeAsCassandraReportsIt() {
        // given B leaving an RF 2 ring: (400,100] (A,B) goes to A,C and (100,200] (B,C) to C,D once B has left;
        // Cassandra's subtraction cuts only at the subtracted ranges' bounds, so StorageService reports (400,100]
        // whole (found on real nodes: 127.0.0.170-173, getPendingRangeToEndpointWithPortMap)
        Node b = FOUR.nodes().get(1);

        // when
        List<PendingRange> pending = PendingRangeCalculator.calculate(
                FOUR,
                simple(2),
                List.of(new NodeMotion(b.withState(NodeState.LEAVING), MotionKind.LEAVING, tokens(200), null, true)));

        // then
        assertThat(pending)
                .containsExactlyInAnyOrder(
                        new PendingRange(range(400, 100), FOUR.nodes().get(2)),
                        new PendingRange(range(100, 200), FOUR.nodes().get(3)));
    }

    @Test
    void noMotionMeansNoPendingRange() {
        assertThat(PendingRangeCalculator.calculate(FOUR, simple(3), List.of())).isEmpty();
    }

    private static Map<String, List<TokenRange>> normalized(List<PendingRange> pending) {
        return PendingReplicas.of(pending).normalized(P);
    }

    private static List<TokenRange> pieces(TokenRange... ranges) {
        return List.of(ranges);
    }

    private static ReplicationStrategy simple(int rf) {
        return ReplicationStrategies.of(
                Map.of("class", "SimpleStrategy", "replication_factor", Integer.toString(rf)), 0, List.of("dc1"));
    }

    private static Node joiner(String name, String dc) {
        return new Node(name, name, dc, "r1", NodeState.JOINING);
    }

    private static List<Token> tokens(long... values) {
        return java.util.Arrays.stream(values)
                .mapToObj(v -> (Token) new LongToken(v))
                .toList();
    }

    private static Token t(long v) {
        return new LongToken(v);
    }

    private static TokenRange range(long start, long end) {
        return new TokenRange(t(start), t(end));
    }
}
