package io.ringmap.bench;

import io.ringmap.replication.Placements;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** Production-sized rings for benchmarks: 2 DCs x 3 racks, random vnode tokens. */
final class BenchRings {

    private BenchRings() {}

    static TokenRing ring(int nodes, int vnodes) {
        return ring(nodes, vnodes, 2);
    }

    /** {@code nodes} nodes spread round-robin over {@code dcs} data centres of 3 racks each. */
    static TokenRing ring(int nodes, int vnodes, int dcs) {
        SplittableRandom random = new SplittableRandom(42);
        Map<Node, List<Token>> m = new LinkedHashMap<>();
        for (int n = 0; n < nodes; n++) {
            String dc = "dc" + (n % dcs + 1);
            List<Token> tokens = new ArrayList<>(vnodes);
            for (int v = 0; v < vnodes; v++) {
                tokens.add(new LongToken(random.nextLong()));
            }
            m.put(
                    new Node(
                            "host-" + n,
                            "10." + (n >> 16 & 255) + "." + (n >> 8 & 255) + "." + (n & 255),
                            dc,
                            "rack" + (n / dcs % 3),
                            NodeState.UP),
                    tokens);
        }
        return TokenRing.of(Murmur3Partitioner.INSTANCE, m);
    }

    static Map<String, Map<String, String>> keyspaces() {
        return Map.of(
                "nts", Map.of("class", "NetworkTopologyStrategy", "dc1", "3", "dc2", "3"),
                "simple", Map.of("class", "SimpleStrategy", "replication_factor", "3"));
    }

    static RingSnapshot snapshot(TokenRing ring) {
        return RingSnapshot.of(ring, Placements.place(ring, keyspaces(), 0));
    }

    static KeyspacePlacement.Placed placed(RingSnapshot s, String keyspace) {
        return (KeyspacePlacement.Placed) s.keyspace(keyspace).orElseThrow();
    }
}
