package io.ringmap.ring;

import io.ringmap.token.LongToken;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Test rings. */
public final class Rings {

    private Rings() {}

    public static Node node(String name, String address, String dc, String rack) {
        return new Node(name, address, dc, rack, NodeState.UP);
    }

    /** The four-node single-token ring of the partitioning reference: N1..N4 at 127.0.0.1-4. */
    public static TokenRing reference() {
        Map<Node, List<Token>> m = new LinkedHashMap<>();
        m.put(node("N1", "127.0.0.1", "dc1", "rack1"), List.of(new LongToken(-4611686018427387904L)));
        m.put(node("N2", "127.0.0.2", "dc1", "rack2"), List.of(new LongToken(0L)));
        m.put(node("N3", "127.0.0.3", "dc2", "rack1"), List.of(new LongToken(4611686018427387904L)));
        m.put(node("N4", "127.0.0.4", "dc2", "rack2"), List.of(new LongToken(Long.MAX_VALUE)));
        return TokenRing.of(io.ringmap.token.Murmur3Partitioner.INSTANCE, m);
    }

    /** A ring of single-token nodes given as (address, dc, rack, token) in any order. */
    public static TokenRing of(Partitioner p, Object[]... nodes) {
        Map<Node, List<Token>> m = new LinkedHashMap<>();
        for (Object[] n : nodes) {
            m.put(
                    node((String) n[0], (String) n[0], (String) n[1], (String) n[2]),
                    List.of(p.parseToken(n[3].toString())));
        }
        return TokenRing.of(p, m);
    }

    /** Random vnode ring: nodes spread over dcs and racks, each with {@code vnodes} random tokens. */
    public static TokenRing vnodes(long seed, int nodesPerDc, List<String> dcs, int racks, int vnodes) {
        Random random = new Random(seed);
        Map<Node, List<Token>> m = new LinkedHashMap<>();
        int n = 0;
        for (String dc : dcs) {
            for (int i = 0; i < nodesPerDc; i++) {
                n++;
                List<Token> tokens = new ArrayList<>();
                for (int v = 0; v < vnodes; v++) {
                    tokens.add(new LongToken(random.nextLong()));
                }
                m.put(node("n" + n, "10.0." + (n / 250) + "." + (n % 250), dc, "rack" + (i % racks + 1)), tokens);
            }
        }
        return TokenRing.of(io.ringmap.token.Murmur3Partitioner.INSTANCE, m);
    }
}
