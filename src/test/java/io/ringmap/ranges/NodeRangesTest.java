package io.ringmap.ranges;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.problem.ProblemException;
import io.ringmap.problem.ProblemKind;
import io.ringmap.replication.Placements;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.Rings;
import io.ringmap.ring.TokenRing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodeRangesTest {

    @Test
    void aNodesRangesAreTheRangesOfTheWholeMapThatNameIt() {
        // given a vnode ring of two DCs and a keyspace with three replicas in one and two in the other
        TokenRing ring = Rings.vnodes(3, 4, List.of("dc1", "dc2"), 2, 16);
        RingSnapshot snapshot = RingSnapshot.of(
                ring,
                Placements.place(
                        ring, Map.of("ks", Map.of("class", "NetworkTopologyStrategy", "dc1", "3", "dc2", "2")), 0));
        KeyspacePlacement.Placed ks =
                (KeyspacePlacement.Placed) snapshot.keyspace("ks").orElseThrow();
        RangeMap map = RangeMap.of(ring, ks);
        for (int node = 0; node < ring.nodes().size(); node++) {
            // when one node's ranges are asked for, by address and by host id
            NodeRanges mine = NodeRanges.of(ring, ks, ring.nodes().get(node).address());
            NodeRanges byHostId = NodeRanges.of(ring, ks, ring.nodes().get(node).hostId());
            // then they are the map's ranges that list it, in ring order, with its place among their replicas
            List<Integer> expected = new ArrayList<>();
            int primaries = 0;
            for (int i = 0; i < map.replicas().length; i++) {
                int[] replicas = map.replicas()[i];
                for (int r = 0; r < replicas.length; r++) {
                    if (replicas[r] == node) {
                        expected.add(i);
                        primaries += r == 0 ? 1 : 0;
                    }
                }
            }
            assertThat(mine.node()).isEqualTo(node);
            assertThat(mine.ranges()).extracting(NodeRanges.Range::index).containsExactlyElementsOf(expected);
            assertThat(mine.primaries()).isEqualTo(primaries);
            for (NodeRanges.Range r : mine.ranges()) {
                assertThat(r.replicas()).containsExactly(map.replicas()[r.index()]);
                assertThat(r.replicas()[r.position()]).isEqualTo(node);
            }
            assertThat(byHostId).usingRecursiveComparison().isEqualTo(mine);
        }
    }

    @Test
    void aNameOutsideTheRingIsAProblemNamingTheParameter() {
        TokenRing ring = Rings.reference();
        RingSnapshot snapshot = RingSnapshot.of(
                ring,
                Placements.place(ring, Map.of("ks", Map.of("class", "SimpleStrategy", "replication_factor", "3")), 0));
        KeyspacePlacement.Placed ks =
                (KeyspacePlacement.Placed) snapshot.keyspace("ks").orElseThrow();
        assertThatThrownBy(() -> NodeRanges.of(ring, ks, "10.0.0.9"))
                .isInstanceOfSatisfying(ProblemException.class, e -> {
                    assertThat(e.problem().kind()).isEqualTo(ProblemKind.UNKNOWN_NODE);
                    assertThat(e.problem().properties()).containsEntry("parameter", "node");
                    assertThat(e.problem().detail()).startsWith("node '10.0.0.9' is not in the ring");
                });
    }
}
