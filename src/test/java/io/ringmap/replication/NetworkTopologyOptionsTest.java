package io.ringmap.replication;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Rings;
import io.ringmap.ring.TokenRing;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** NetworkTopologyStrategy options as Cassandra 5.0's prepareOptions stores them. */
class NetworkTopologyOptionsTest {

    private final TokenRing ring = Rings.reference(); // dc1: N1 rack1, N2 rack2; dc2: N3 rack1, N4 rack2

    private static Map<String, ReplicationFactor> dcs(Map<String, String> options, List<String> ringDcs) {
        return NetworkTopologyOptions.prepare(options, ringDcs).datacenters();
    }

    @Test
    void expandsReplicationFactorToEveryDatacentreOfTheRing() {
        assertThat(dcs(Map.of("class", "NetworkTopologyStrategy", "replication_factor", "2"), List.of("dc1", "dc2")))
                .isEqualTo(Map.of("dc1", new ReplicationFactor(2, 0), "dc2", new ReplicationFactor(2, 0)));
    }

    @Test
    void anExplicitDatacentreFactorWinsOverReplicationFactor() {
        assertThat(dcs(Map.of("replication_factor", "3", "dc2", "1"), List.of("dc1", "dc2")))
                .isEqualTo(Map.of("dc1", new ReplicationFactor(3, 0), "dc2", new ReplicationFactor(1, 0)));
    }

    @Test
    void dropsDatacentresWhoseFactorIsZero() {
        assertThat(dcs(Map.of("replication_factor", "2", "dc1", "0"), List.of("dc1", "dc2")))
                .isEqualTo(Map.of("dc2", new ReplicationFactor(2, 0)));
    }

    @Test
    void noOptionAtAllTakesTheDefaultKeyspaceReplicationFactor() {
        NetworkTopologyOptions options =
                NetworkTopologyOptions.prepare(Map.of("class", "NetworkTopologyStrategy"), List.of("dc1", "dc2"));
        assertThat(options.datacenters())
                .isEqualTo(Map.of("dc1", new ReplicationFactor(1, 0), "dc2", new ReplicationFactor(1, 0)));
        assertThat(options.notes()).anySatisfy(n -> assertThat(n).contains("default_keyspace_rf"));
    }

    @Test
    void keepsTransientNotationWhenExpanding() {
        assertThat(dcs(Map.of("replication_factor", "3/1"), List.of("dc1")))
                .isEqualTo(Map.of("dc1", new ReplicationFactor(3, 1)));
    }

    @Test
    void aStaticFileGivingOnlyReplicationFactorPlacesReplicasInEveryDatacentre() {
        Map<String, String> replication =
                Map.of("class", "org.apache.cassandra.locator.NetworkTopologyStrategy", "replication_factor", "1");
        // token 1: primary N3 (dc2); dc1's first node after it is N1 (wrapping)
        assertThat(PlacementTestSupport.replicas(ring, replication, 1L)).containsExactly("127.0.0.3", "127.0.0.1");
        var placed = (KeyspacePlacement.Placed)
                Placements.place(ring, Map.of("ks", replication), 0).get("ks");
        assertThat(placed.warnings())
                .singleElement()
                .asString()
                .contains("replication_factor 1 expanded")
                .contains("[dc1, dc2]");
    }

    @Test
    void warnsWhenFewerReplicasArePlacedThanAsked() {
        var placed = Placements.place(
                ring,
                Map.of(
                        "too_many", PlacementTestSupport.nts("dc1", "3"),
                        "no_such_dc", PlacementTestSupport.nts("dc9", "2"),
                        "none", PlacementTestSupport.nts("dc1", "0"),
                        "simple", PlacementTestSupport.simple(5),
                        "fine", PlacementTestSupport.nts("dc1", "2", "dc2", "1")),
                0);
        assertThat(((KeyspacePlacement.Placed) placed.get("too_many")).warnings())
                .singleElement()
                .asString()
                .contains("exceeds its 2 nodes");
        assertThat(((KeyspacePlacement.Placed) placed.get("no_such_dc")).warnings())
                .anySatisfy(w -> assertThat(w).contains("'dc9'").contains("no nodes"));
        assertThat(((KeyspacePlacement.Placed) placed.get("none")).warnings())
                .anySatisfy(w -> assertThat(w).contains("no replicas"));
        assertThat(((KeyspacePlacement.Placed) placed.get("simple")).warnings())
                .singleElement()
                .asString()
                .contains("exceeds the 4 nodes");
        assertThat(((KeyspacePlacement.Placed) placed.get("fine")).warnings()).isEmpty();
    }
}
