package io.ringmap.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Rings;
import io.ringmap.ring.TokenRing;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReplicationStrategiesTest {

    private final TokenRing ring = Rings.reference();

    @Test
    void readsTransientNotation() {
        assertThat(ReplicationFactor.parse("3/1")).isEqualTo(new ReplicationFactor(3, 1));
        assertThat(ReplicationFactor.parse(" 2 ")).isEqualTo(new ReplicationFactor(2, 0));
        assertThatThrownBy(() -> ReplicationFactor.parse("three")).hasMessageContaining("'three'");
    }

    @Test
    void failsAnUnknownStrategyOnItsOwn() {
        Map<String, KeyspacePlacement> placed = Placements.place(
                ring,
                Map.of(
                        "good", PlacementTestSupport.simple(2),
                        "odd", Map.of("class", "com.example.MoonPhaseStrategy", "replication_factor", "3")),
                0);
        assertThat(placed.get("good")).isInstanceOf(KeyspacePlacement.Placed.class);
        assertThat(placed.get("odd"))
                .isInstanceOfSatisfying(
                        KeyspacePlacement.Failed.class,
                        f -> assertThat(f.reason())
                                .contains("com.example.MoonPhaseStrategy")
                                .contains("not supported"));
    }

    @Test
    void placesLocalStrategyOnTheServingNode() {
        var placed = (KeyspacePlacement.Placed) Placements.place(
                        ring, Map.of("system", Map.of("class", "org.apache.cassandra.locator.LocalStrategy")), 2)
                .get("system");
        assertThat(placed.nodeLocal()).isTrue();
        assertThat(placed.replicasAt(0).nodes()).containsExactly(2);
        assertThat(placed.replicasAt(3).nodes()).containsExactly(2);
    }

    @Test
    void placesEverywhereStrategyOnEveryNodeInRingOrder() {
        var placed = (KeyspacePlacement.Placed)
                Placements.place(ring, Map.of("dse", Map.of("class", "EverywhereStrategy")), 0)
                        .get("dse");
        assertThat(placed.replicasAt(2).nodes()).containsExactly(2, 3, 0, 1);
    }

    @Test
    void sharesThePrecomputedTableBetweenIdenticalKeyspaces() {
        var placed = Placements.place(
                ring, Map.of("a", PlacementTestSupport.simple(3), "b", PlacementTestSupport.simple(3)), 0);
        var a = (KeyspacePlacement.Placed) placed.get("a");
        var b = (KeyspacePlacement.Placed) placed.get("b");
        assertThat(a.replicasAt(1)).isSameAs(b.replicasAt(1));
    }
}
