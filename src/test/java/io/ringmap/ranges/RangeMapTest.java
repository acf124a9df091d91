package io.ringmap.ranges;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.replication.Placements;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.Rings;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.LongToken;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RangeMapTest {

    @Test
    void routingLocallyFromTheMapGivesTheServiceAnswers() {
        // given a vnode ring, two DCs, with transient replicas in one DC
        TokenRing ring = Rings.vnodes(3, 4, List.of("dc1", "dc2"), 2, 16);
        RingSnapshot snapshot = RingSnapshot.of(
                ring,
                Placements.place(
                        ring, Map.of("ks", Map.of("class", "NetworkTopologyStrategy", "dc1", "3/1", "dc2", "2")), 0));
        KeyspacePlacement.Placed ks =
                (KeyspacePlacement.Placed) snapshot.keyspace("ks").orElseThrow();
        // when
        RangeMap map = RangeMap.of(ring, ks);
        // then a client's binary search over the tokens finds the replicas the snapshot looks up
        long[] ends = Arrays.stream(map.tokens()).mapToLong(Long::parseLong).toArray();
        Random random = new Random(12);
        for (int k = 0; k < 2000; k++) {
            long token = random.nextLong();
            int i = Arrays.binarySearch(ends, token);
            int index = i >= 0 ? i : -i - 1;
            index = index == ends.length ? 0 : index;
            var expected = snapshot.lookup(ks, new LongToken(token)).replicas();
            assertThat(map.replicas()[index]).containsExactly(expected.nodes());
            int transients = 0;
            for (int r = 0; r < expected.size(); r++) {
                transients += expected.isFull(r) ? 0 : 1;
            }
            assertThat(map.transientReplicas()[index]).hasSize(transients);
        }
        assertThat(map.tokens()).hasSize(ring.size());
    }

    @Test
    void hasNoTransientListWithoutTransientReplication() {
        TokenRing ring = Rings.reference();
        RingSnapshot snapshot = RingSnapshot.of(
                ring,
                Placements.place(ring, Map.of("ks", Map.of("class", "SimpleStrategy", "replication_factor", "3")), 0));
        RangeMap map = RangeMap.of(
                ring, (KeyspacePlacement.Placed) snapshot.keyspace("ks").orElseThrow());
        assertThat(map.transientReplicas()).isNull();
        assertThat(map.replicas()[1]).containsExactly(1, 2, 3);
    }
}
