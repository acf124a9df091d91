package io.ringmap.replication;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.LongToken;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

final class PlacementTestSupport {

    private PlacementTestSupport() {}

    static List<String> replicas(TokenRing ring, Map<String, String> replication, long token) {
        RingSnapshot snapshot = RingSnapshot.of(ring, Placements.place(ring, Map.of("ks", replication), 0));
        KeyspacePlacement.Placed ks =
                (KeyspacePlacement.Placed) snapshot.keyspace("ks").orElseThrow();
        return addresses(ring, snapshot.lookup(ks, new LongToken(token)).replicas());
    }

    static List<String> addresses(TokenRing ring, ReplicaSet set) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < set.size(); i++) {
            out.add(ring.nodes().get(set.node(i)).address());
        }
        return out;
    }

    static Map<String, String> simple(int rf) {
        return Map.of("class", "org.apache.cassandra.locator.SimpleStrategy", "replication_factor", "" + rf);
    }

    static Map<String, String> nts(String... dcRf) {
        java.util.HashMap<String, String> m = new java.util.HashMap<>();
        m.put("class", "org.apache.cassandra.locator.NetworkTopologyStrategy");
        for (int i = 0; i < dcRf.length; i += 2) {
            m.put(dcRf[i], dcRf[i + 1]);
        }
        return m;
    }
}
