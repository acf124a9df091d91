package io.ringmap.replication;

import static io.ringmap.replication.PlacementTestSupport.nts;
import static io.ringmap.replication.PlacementTestSupport.replicas;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.Rings;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.Murmur3Partitioner;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NetworkTopologyStrategyTest {

    private static final Murmur3Partitioner P = Murmur3Partitioner.INSTANCE;

    /** dc1: a(r1)@100 b(r1)@200 c(r2)@300 d(r2)@400 e(r3)@500; dc2: x(r1)@150 y(r1)@250 */
    private final TokenRing ring = Rings.of(
            P,
            new Object[] {"a", "dc1", "r1", 100},
            new Object[] {"b", "dc1", "r1", 200},
            new Object[] {"c", "dc1", "r2", 300},
            new Object[] {"d", "dc1", "r2", 400},
            new Object[] {"e", "dc1", "r3", 500},
            new Object[] {"x", "dc2", "r1", 150},
            new Object[] {"y", "dc2", "r1", 250});

    @Test
    void placesTheReferenceMultiDcKeyspace() {
        TokenRing reference = Rings.reference();
        assertThat(replicas(reference, nts("dc1", "2", "dc2", "2"), 1523456789012345678L))
                .containsExactly("127.0.0.3", "127.0.0.4", "127.0.0.1", "127.0.0.2");
    }

    @Test
    void prefersRacksNotYetUsedWhenRfIsBelowTheRackCount() {
        // from 100: a(r1), b(r1) skipped, c(r2) -> a, c
        assertThat(replicas(ring, nts("dc1", "2"), 50)).containsExactly("a", "c");
    }

    @Test
    void takesOneNodePerRackWhenRfEqualsTheRackCount() {
        assertThat(replicas(ring, nts("dc1", "3"), 50)).containsExactly("a", "c", "e");
        assertThat(replicas(ring, nts("dc1", "3"), 450)).containsExactly("e", "a", "c");
    }

    @Test
    void fillsWithTheFirstRackRepeatsWhenRfExceedsTheRackCount() {
        // RF 4, 3 racks: one repeat allowed, the first met in ring order (b, right after a)
        assertThat(replicas(ring, nts("dc1", "4"), 50)).containsExactly("a", "b", "c", "e");
        assertThat(new HashSet<>(replicas(ring, nts("dc1", "4"), 50))).isEqualTo(Set.of("a", "b", "c", "e"));
    }

    @Test
    void takesEveryNodeOfADcWhenRfExceedsItsNodeCount() {
        assertThat(replicas(ring, nts("dc2", "3"), 50)).containsExactly("x", "y");
        var placement = Placements.place(ring, Map.of("ks", nts("dc2", "3")), 0).get("ks");
        assertThat(((KeyspacePlacement.Placed) placement).warnings())
                .singleElement()
                .asString()
                .contains("exceeds its 2 nodes");
    }

    @Test
    void interleavesDcsInRingWalkOrder() {
        assertThat(replicas(ring, nts("dc1", "2", "dc2", "1"), 120)).containsExactly("x", "b", "c");
    }

    @Test
    void ignoresADcWithoutNodesButWarns() {
        assertThat(replicas(ring, nts("dc1", "1", "dc9", "3"), 50)).containsExactly("a");
    }

    @Test
    void agreesWithTheSkippedNodesFormulationOnVnodeRings() {
        TokenRing vnodes = Rings.vnodes(11, 9, List.of("dc1", "dc2"), 3, 16);
        for (String rf : List.of("1", "2", "3", "4", "5", "10")) {
            Map<String, String> replication = nts("dc1", rf, "dc2", "2");
            RingSnapshot snapshot = RingSnapshot.of(vnodes, Placements.place(vnodes, Map.of("ks", replication), 0));
            KeyspacePlacement.Placed ks =
                    (KeyspacePlacement.Placed) snapshot.keyspace("ks").orElseThrow();
            for (int i = 0; i < vnodes.size(); i++) {
                ReplicaSet set = ks.replicasAt(i);
                List<Integer> got = new ArrayList<>();
                for (int r = 0; r < set.size(); r++) {
                    got.add(set.node(r));
                }
                assertThat(new HashSet<>(got))
                        .as("token index %d rf %s", i, rf)
                        .isEqualTo(
                                new HashSet<>(skippedNodes(vnodes, i, Map.of("dc1", Integer.parseInt(rf), "dc2", 2))));
                assertThat(got.get(0)).isEqualTo(vnodes.ownerAt(i));
            }
        }
    }

    /** The pre-4.0 formulation: racks first, then the skipped nodes in ring order (an independent oracle). */
    private static List<Integer> skippedNodes(TokenRing ring, int start, Map<String, Integer> rfs) {
        Map<String, List<Integer>> replicas = new LinkedHashMap<>();
        Map<String, Set<String>> seenRacks = new LinkedHashMap<>();
        Map<String, List<Integer>> skipped = new LinkedHashMap<>();
        Map<String, Set<String>> allRacks = new LinkedHashMap<>();
        Map<String, Integer> nodeCount = new LinkedHashMap<>();
        for (Node n : ring.nodes()) {
            allRacks.computeIfAbsent(n.datacenter(), k -> new HashSet<>()).add(n.rack());
            nodeCount.merge(n.datacenter(), 1, Integer::sum);
        }
        rfs.keySet().forEach(dc -> {
            replicas.put(dc, new ArrayList<>());
            seenRacks.put(dc, new HashSet<>());
            skipped.put(dc, new ArrayList<>());
        });
        for (int step = 0; step < ring.size(); step++) {
            int node = ring.ownerAt((start + step) % ring.size());
            Node n = ring.nodes().get(node);
            String dc = n.datacenter();
            int rf = Math.min(rfs.get(dc), nodeCount.get(dc));
            List<Integer> dcReplicas = replicas.get(dc);
            if (dcReplicas.size() >= rf || dcReplicas.contains(node)) {
                continue;
            }
            if (seenRacks.get(dc).size() == allRacks.get(dc).size()) {
                dcReplicas.add(node);
            } else if (seenRacks.get(dc).contains(n.rack())) {
                if (!skipped.get(dc).contains(node)) {
                    skipped.get(dc).add(node);
                }
            } else {
                dcReplicas.add(node);
                seenRacks.get(dc).add(n.rack());
                if (seenRacks.get(dc).size() == allRacks.get(dc).size()) {
                    for (int s : skipped.get(dc)) {
                        if (dcReplicas.size() < rf && !dcReplicas.contains(s)) {
                            dcReplicas.add(s);
                        }
                    }
                }
            }
        }
        List<Integer> all = new ArrayList<>();
        replicas.values().forEach(all::addAll);
        return all;
    }

    @Test
    void walksTheRingOfASingleTokenPerDcCluster() {
        TokenRing two = Rings.of(P, new Object[] {"a", "dc1", "r1", -10}, new Object[] {"b", "dc2", "r1", 10});
        assertThat(replicas(two, nts("dc1", "1", "dc2", "1"), 11)).containsExactly("a", "b");
        assertThat(replicas(two, nts("dc1", "1", "dc2", "1"), -10)).containsExactly("a", "b");
        assertThat(replicas(two, nts("dc1", "1", "dc2", "1"), 0)).containsExactly("b", "a");
    }
}
