package io.ringmap.replication;

import static io.ringmap.replication.PlacementTestSupport.replicas;
import static io.ringmap.replication.PlacementTestSupport.simple;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.ring.Rings;
import io.ringmap.ring.TokenRing;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimpleStrategyTest {

    private final TokenRing ring = Rings.reference();

    @Test
    void placesTheReferenceWorkedExample() {
        assertThat(replicas(ring, simple(3), 1523456789012345678L))
                .containsExactly("127.0.0.3", "127.0.0.4", "127.0.0.1");
    }

    @Test
    void wrapsAroundTheRingBelowTheLowestToken() {
        assertThat(replicas(ring, simple(3), -9000000000000000000L))
                .containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3");
    }

    @Test
    void takesEveryNodeWhenRfExceedsTheNodeCount() {
        assertThat(replicas(ring, simple(5), 1L)).containsExactly("127.0.0.3", "127.0.0.4", "127.0.0.1", "127.0.0.2");
    }

    @Test
    void skipsNodesAlreadyChosenWithVnodes() {
        TokenRing vnodes = Rings.vnodes(7, 5, List.of("dc1"), 1, 16);
        for (long t = -9_000_000_000_000_000_000L; t < 9_000_000_000_000_000_000L; t += 450_000_000_000_000_000L) {
            List<String> r = replicas(vnodes, simple(3), t);
            assertThat(r).hasSize(3).doesNotHaveDuplicates();
        }
    }

    @Test
    void marksTheLastReplicasTransient() {
        var snapshot = io.ringmap.ring.RingSnapshot.of(
                ring,
                Placements.place(
                        ring,
                        java.util.Map.of(
                                "ks", java.util.Map.of("class", "SimpleStrategy", "replication_factor", "3/1")),
                        0));
        var ks = (io.ringmap.ring.KeyspacePlacement.Placed)
                snapshot.keyspace("ks").orElseThrow();
        var set = snapshot.lookup(ks, new io.ringmap.token.LongToken(1)).replicas();
        assertThat(set.size()).isEqualTo(3);
        assertThat(set.isFull(0)).isTrue();
        assertThat(set.isFull(1)).isTrue();
        assertThat(set.isFull(2)).isFalse();
    }

    @Test
    void placesEveryKeyOnTheOnlyNodeOfASingleTokenRing() {
        TokenRing single = Rings.of(io.ringmap.token.Murmur3Partitioner.INSTANCE, new Object[] {"a", "dc1", "r1", 42});
        for (long t : new long[] {Long.MIN_VALUE, -1, 42, 43, Long.MAX_VALUE}) {
            assertThat(replicas(single, simple(3), t)).containsExactly("a");
        }
        var warnings =
                Placements.place(single, java.util.Map.of("ks", simple(3)), 0).get("ks");
        assertThat(((io.ringmap.ring.KeyspacePlacement.Placed) warnings).warnings())
                .singleElement()
                .asString()
                .contains("exceeds the 1 nodes");
    }
}
