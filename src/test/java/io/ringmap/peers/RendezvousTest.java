package io.ringmap.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RendezvousTest {

    private static final List<String> INSTANCES = List.of("a1b2", "c3d4", "e5f6");

    private static List<String> nodes(int n) {
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            nodes.add("10.0." + (i / 250) + "." + (i % 250));
        }
        return nodes;
    }

    @Test
    void everyNodeHasOneOwnerWhateverTheOrderTheInstancesAreListedIn() {
        for (String node : nodes(300)) {
            String owner = Rendezvous.owner(node, INSTANCES);

            assertThat(Rendezvous.owner(node, List.of("e5f6", "a1b2", "c3d4"))).isEqualTo(owner);
            assertThat(INSTANCES).contains(owner);
        }
    }

    @Test
    void sharesNodesAboutEvenly() {
        Map<String, Integer> counts = new HashMap<>();
        for (String node : nodes(3000)) {
            counts.merge(Rendezvous.owner(node, INSTANCES), 1, Integer::sum);
        }

        assertThat(counts).hasSize(3);
        assertThat(counts.values()).allSatisfy(c -> assertThat(c).isBetween(850, 1150));
    }

    @Test
    void whenAnInstanceLeavesOnlyItsNodesMove() {
        List<String> remaining = List.of("a1b2", "c3d4");
        for (String node : nodes(1000)) {
            String before = Rendezvous.owner(node, INSTANCES);
            String after = Rendezvous.owner(node, remaining);

            if (!before.equals("e5f6")) {
                assertThat(after).as(node).isEqualTo(before);
            }
        }
    }

    @Test
    void aloneAnInstanceOwnsEveryNode() {
        assertThat(Rendezvous.owner("10.0.0.1", List.of("only"))).isEqualTo("only");
        assertThatThrownBy(() -> Rendezvous.owner("10.0.0.1", List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("an owner needs at least one instance");
    }
}
