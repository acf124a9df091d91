package io.ringmap.restart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.consistency.Availability;
import io.ringmap.consistency.ConsistencyLevel;
import io.ringmap.consistency.WriteReplicas;
import io.ringmap.pending.MotionKind;
import io.ringmap.pending.MotionReport;
import io.ringmap.pending.MotionSource;
import io.ringmap.pending.NodeMotion;
import io.ringmap.pending.RingMotion;
import io.ringmap.replication.Placements;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Waves of {@link RestartPlanner} on hand-built rings, each wave checked against {@link Availability#of}. */
class RestartPlannerTest {

    private static final Map<String, String> NTS_3_3 =
            Map.of("class", "NetworkTopologyStrategy", "dc1", "3", "dc2", "3");
    private static final Map<String, String> NTS_DC1_3 = Map.of("class", "NetworkTopologyStrategy", "dc1", "3");

    @Test
    void twoDatacentresOfThreeRacksRestartOneRackOfEachPerWaveAtLocalQuorum() {
        // given 2 DCs x 3 racks, one node per rack, RF 3 per DC: each rack holds one replica of every range per DC
        Ring ring = ring(
                List.of("dc1:rack1", "dc2:rack1", "dc1:rack2", "dc2:rack2", "dc1:rack3", "dc2:rack3"),
                Map.of("ks", NTS_3_3));

        // when LOCAL_QUORUM is kept for clients in both DCs
        RestartPlan plan = ring.plan(
                List.of(
                        ring.keep(ConsistencyLevel.LOCAL_QUORUM, "dc1", "ks"),
                        ring.keep(ConsistencyLevel.LOCAL_QUORUM, "dc2", "ks")),
                ring.all(),
                Integer.MAX_VALUE);

        // then three waves, each one whole rack of each DC, against six one node at a time
        assertThat(plan.oneAtATime()).isEqualTo(6);
        assertThat(plan.waves())
                .extracting(Wave::wholeRacks)
                .containsExactly(
                        List.of("dc1/rack1", "dc2/rack1"),
                        List.of("dc1/rack2", "dc2/rack2"),
                        List.of("dc1/rack3", "dc2/rack3"));
        assertThat(plan.waves()).allSatisfy(w -> {
            assertThat(w.nodes()).hasSize(2);
            assertThat(w.checks()).hasSize(2).allSatisfy(c -> {
                assertThat(c.unavailableForReads()).isZero();
                assertThat(c.unavailableForWrites()).isZero();
                assertThat(c.reason()).contains("has 2 live replicas where LOCAL_QUORUM needs 2");
            });
        });
        ring.assertEachWaveKeepsTheLevels(plan, ConsistencyLevel.LOCAL_QUORUM);
    }

    @Test
    void aRackOfTwoNodesGoesWholeAndParallelismBoundsTheWave() {
        // given one DC of three racks with two nodes each, RF 3: a rack holds exactly one replica of each range
        Ring ring = ring(
                List.of("dc1:rack1", "dc1:rack2", "dc1:rack3", "dc1:rack1", "dc1:rack2", "dc1:rack3"),
                Map.of("ks", NTS_DC1_3));
        List<LevelKept> quorum = List.of(ring.keep(ConsistencyLevel.QUORUM, null, "ks"));

        RestartPlan racks = ring.plan(quorum, ring.all(), Integer.MAX_VALUE);
        RestartPlan single = ring.plan(quorum, ring.all(), 1);
        RestartPlan three = ring.plan(quorum, ring.all(), 3);

        assertThat(racks.waves()).extracting(Wave::nodes).containsExactly(List.of(0, 3), List.of(1, 4), List.of(2, 5));
        assertThat(racks.waves())
                .extracting(Wave::wholeRacks)
                .containsExactly(List.of("dc1/rack1"), List.of("dc1/rack2"), List.of("dc1/rack3"));
        assertThat(single.waves())
                .hasSize(6)
                .allSatisfy(w -> assertThat(w.nodes()).hasSize(1));
        // a rack of two fits a wave of three, the third node of another rack does not keep QUORUM
        assertThat(three.waves()).extracting(Wave::nodes).containsExactly(List.of(0, 3), List.of(1, 4), List.of(2, 5));
        ring.assertEachWaveKeepsTheLevels(racks, ConsistencyLevel.QUORUM);
    }

    @Test
    void eachKeyspaceKeepsItsOwnLevel() {
        // given two keyspaces of RF 3 on three racks of one node each
        Ring ring = ring(List.of("dc1:rack1", "dc1:rack2", "dc1:rack3"), Map.of("a", NTS_DC1_3, "b", NTS_DC1_3));

        // when only a's ONE is kept, two racks can go together; with b at QUORUM beside it, one at a time
        RestartPlan one = ring.plan(List.of(ring.keep(ConsistencyLevel.ONE, null, "a")), ring.all(), Integer.MAX_VALUE);
        RestartPlan both = ring.plan(
                List.of(ring.keep(ConsistencyLevel.ONE, null, "a"), ring.keep(ConsistencyLevel.QUORUM, null, "b")),
                ring.all(),
                Integer.MAX_VALUE);

        assertThat(one.waves()).extracting(Wave::nodes).containsExactly(List.of(0, 1), List.of(2));
        assertThat(both.waves()).extracting(Wave::nodes).containsExactly(List.of(0), List.of(1), List.of(2));
        assertThat(both.waves().get(0).checks())
                .extracting(WaveCheck::keyspace, WaveCheck::level)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("a", ConsistencyLevel.ONE),
                        org.assertj.core.groups.Tuple.tuple("b", ConsistencyLevel.QUORUM));
    }

    @Test
    void aLevelNoSingleStopKeepsIsRefusedNamingTheBlockingRanges() {
        // given RF 1: every range has one replica, so no node can stop at ONE
        Ring ring = ring(
                List.of("dc1:rack1", "dc1:rack2", "dc1:rack3"),
                Map.of("single", Map.of("class", "NetworkTopologyStrategy", "dc1", "1"), "safe", NTS_DC1_3));

        assertThatThrownBy(() -> ring.plan(
                        List.of(ring.keep(ConsistencyLevel.ONE, null, "single", "safe")),
                        List.of(1),
                        Integer.MAX_VALUE))
                .isInstanceOfSatisfying(RestartRefusedException.class, e -> {
                    assertThat(e.blocking()).singleElement().satisfies(b -> {
                        assertThat(b.node()).isEqualTo("127.0.0.2");
                        assertThat(b.keyspace()).isEqualTo("single");
                        assertThat(b.level()).isEqualTo(ConsistencyLevel.ONE);
                        assertThat(b.replicas()).containsExactly("127.0.0.2");
                        assertThat(b.start())
                                .isEqualTo(ring.snapshot.tokenRing().tokenAt(0).toString());
                        assertThat(b.end())
                                .isEqualTo(ring.snapshot.tokenRing().tokenAt(1).toString());
                    });
                    assertThat(e.problem().detail()).contains("1 range loses", "keyspace single", "at ONE");
                });
    }

    @Test
    void aRefusalListsAtMostTheBoundButCountsEveryBlockingRange() {
        Ring ring = ring(
                List.of("dc1:rack1", "dc1:rack2", "dc1:rack3"),
                Map.of("single", Map.of("class", "NetworkTopologyStrategy", "dc1", "1")));

        assertThatThrownBy(() -> RestartPlanner.plan(
                        ring.snapshot,
                        ring.now(),
                        List.of(ring.keep(ConsistencyLevel.ONE, null, "single")),
                        ring.all(),
                        3,
                        2,
                        Long.MAX_VALUE))
                .isInstanceOfSatisfying(RestartRefusedException.class, e -> {
                    assertThat(e.blocking()).hasSize(2);
                    assertThat(e.problem().detail())
                            .startsWith("no wave order keeps the levels: 3 ranges lose their level");
                });
    }

    @Test
    void aPendingReplicaThatIsDownCountsForWritesAndBlocksTheNaturalReplicasBesideIt() {
        // given SimpleStrategy RF 2 on four single-rack nodes; at ONE, two nodes that share no range can go together
        Map<String, Map<String, String>> replication =
                Map.of("ks", Map.of("class", "SimpleStrategy", "replication_factor", "2"));
        Ring ring = ring(List.of("dc1:rack1", "dc1:rack1", "dc1:rack1", "dc1:rack1"), replication);
        RestartPlan still =
                ring.plan(List.of(ring.keep(ConsistencyLevel.ONE, null, "ks")), ring.all(), Integer.MAX_VALUE);
        assertThat(still.waves()).hasSize(2);

        // when a fifth node joins between N2 and N3 and is down: writes to the ranges it gains need 1 + 1 natural
        Node joiner = new Node("N5", "127.0.0.5", "dc1", "rack1", NodeState.JOINING);
        long between = (ring.token(1) + ring.token(2)) / 2;
        RingMotion motion = RingMotion.of(
                ring.snapshot.tokenRing(),
                replication,
                new MotionReport(
                        MotionSource.GOSSIP,
                        List.of(new NodeMotion(
                                joiner, MotionKind.JOINING, List.of(new LongToken(between)), null, false)),
                        Map.of(),
                        null));
        WriteReplicas moving = new WriteReplicas(
                ring.snapshot.tokenRing(),
                Availability.liveNodes(ring.snapshot.tokenRing(), List.of()),
                motion,
                Set.of());

        // then the natural replicas of those ranges cannot stop even alone, and the refusal names the writes
        assertThatThrownBy(() -> RestartPlanner.plan(
                        ring.snapshot,
                        moving,
                        List.of(ring.keep(ConsistencyLevel.ONE, null, "ks")),
                        ring.all(),
                        Integer.MAX_VALUE,
                        100,
                        Long.MAX_VALUE))
                .isInstanceOfSatisfying(RestartRefusedException.class, e -> {
                    assertThat(e.blocking())
                            .isNotEmpty()
                            .allSatisfy(b -> assertThat(b.reason()).contains("pending"));
                    assertThat(e.blocking()).extracting(BlockingRange::node).contains("127.0.0.3");
                });
    }

    @Test
    void aPlanBeyondItsBudgetOfRangeChecksIsTooLarge() {
        // given six nodes, one keyspace: each stop check looks at six ranges
        Ring ring = ring(
                List.of("dc1:rack1", "dc1:rack2", "dc1:rack3", "dc1:rack1", "dc1:rack2", "dc1:rack3"),
                Map.of("ks", NTS_DC1_3));
        List<LevelKept> quorum = List.of(ring.keep(ConsistencyLevel.QUORUM, null, "ks"));

        // then six checks (one per node, before any wave) fit 36 ranges, the waves do not
        assertThatThrownBy(() -> RestartPlanner.plan(ring.snapshot, ring.now(), quorum, ring.all(), 6, 20, 36))
                .isInstanceOfSatisfying(
                        io.ringmap.planning.PlanException.class,
                        e -> assertThat(e.getMessage())
                                .isEqualTo(
                                        "42 range checks to plan 6 nodes (or more), more than the 36 a restart plan makes "
                                                + "(ringmap.plan.restart.max-range-checks)"));
    }

    // --- a hand-built ring: node i at address 127.0.0.(i+1), tokens evenly spaced in the given order

    private static Ring ring(List<String> dcRacks, Map<String, Map<String, String>> replication) {
        Map<Node, List<LongToken>> tokens = new LinkedHashMap<>();
        long step = Long.MAX_VALUE / dcRacks.size() * 2;
        for (int i = 0; i < dcRacks.size(); i++) {
            String[] dcRack = dcRacks.get(i).split(":");
            tokens.put(
                    new Node("N" + (i + 1), "127.0.0." + (i + 1), dcRack[0], dcRack[1], NodeState.UP),
                    List.of(new LongToken(Long.MIN_VALUE + step / 2 + i * step)));
        }
        TokenRing tokenRing = TokenRing.of(Murmur3Partitioner.INSTANCE, tokens);
        return new Ring(RingSnapshot.of(tokenRing, Placements.place(tokenRing, replication, 0)));
    }

    private record Ring(RingSnapshot snapshot) {

        LevelKept keep(ConsistencyLevel level, String dc, String... keyspaces) {
            List<KeyspacePlacement.Placed> placed = new ArrayList<>();
            for (String k : keyspaces) {
                placed.add((KeyspacePlacement.Placed) snapshot.keyspaces().get(k));
            }
            return new LevelKept(level, dc, placed);
        }

        List<Integer> all() {
            return IntStream.range(0, snapshot.tokenRing().nodes().size())
                    .boxed()
                    .toList();
        }

        long token(int node) {
            return Long.parseLong(
                    snapshot.tokenRing().tokensByNode().get(node).get(0).toString());
        }

        WriteReplicas now() {
            return new WriteReplicas(
                    snapshot.tokenRing(),
                    Availability.liveNodes(snapshot.tokenRing(), List.of()),
                    RingMotion.none(null),
                    Set.of());
        }

        RestartPlan plan(List<LevelKept> keeps, List<Integer> nodes, int parallelism) {
            return RestartPlanner.plan(snapshot, now(), keeps, nodes, parallelism, 100, Long.MAX_VALUE);
        }

        /** The oracle: with each wave's nodes down, Availability.of finds no range failing at the level. */
        void assertEachWaveKeepsTheLevels(RestartPlan plan, ConsistencyLevel level) {
            for (Wave w : plan.waves()) {
                boolean[] live = Availability.liveNodes(snapshot.tokenRing(), w.nodes());
                for (WaveCheck c : w.checks()) {
                    Availability.KeyspaceAvailability a = Availability.of(
                            snapshot,
                            (KeyspacePlacement.Placed) snapshot.keyspaces().get(c.keyspace()),
                            level,
                            c.coordinatorDc(),
                            live);
                    assertThat(a.unavailableForReads()).isZero();
                    assertThat(a.unavailableForWrites()).isZero();
                }
                // and one more node of any other wave would break it
                for (Wave other : plan.waves()) {
                    if (other != w) {
                        List<Integer> more = new ArrayList<>(w.nodes());
                        more.add(other.nodes().get(0));
                        boolean[] after = Availability.liveNodes(snapshot.tokenRing(), more);
                        assertThat(w.checks())
                                .anySatisfy(c -> assertThat(Availability.of(
                                                        snapshot,
                                                        (KeyspacePlacement.Placed) snapshot.keyspaces()
                                                                .get(c.keyspace()),
                                                        level,
                                                        c.coordinatorDc(),
                                                        after)
                                                .unavailableForReads())
                                        .isPositive());
                    }
                }
            }
        }
    }
}
