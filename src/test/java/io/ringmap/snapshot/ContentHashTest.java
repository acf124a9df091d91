package io.ringmap.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.topology.NodeTokens;
import io.ringmap.topology.TopologyModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContentHashTest {

    private static TopologyModel model(List<NodeTokens> nodes) {
        return new TopologyModel(
                "c",
                "Murmur3Partitioner",
                nodes,
                Map.of("ks", Map.of("class", "SimpleStrategy", "replication_factor", "2")),
                List.of(),
                null);
    }

    private static NodeTokens node(String address, NodeState state, String... tokens) {
        return new NodeTokens(new Node(address, address, "dc1", "r1", state), List.of(tokens));
    }

    @Test
    void isTheSameWhateverOrderTheSourceListsNodesAndTokensIn() {
        List<NodeTokens> nodes = List.of(
                node("10.0.0.1", NodeState.UP, "1", "5"),
                node("10.0.0.2", NodeState.UP, "3"),
                node("10.0.0.3", NodeState.UP, "9"));
        List<NodeTokens> shuffled =
                new ArrayList<>(List.of(node("10.0.0.1", NodeState.UP, "5", "1"), nodes.get(1), nodes.get(2)));
        Collections.reverse(shuffled);
        String hash = ContentHash.of(model(nodes), "cluster:c");
        assertThat(hash).matches("[0-9a-f]{32}");
        assertThat(ContentHash.of(model(shuffled), "cluster:c")).isEqualTo(hash);
    }

    @Test
    void changesWithAnythingAnAnswerShows() {
        List<NodeTokens> nodes = List.of(node("10.0.0.1", NodeState.UP, "1"), node("10.0.0.2", NodeState.UP, "3"));
        String hash = ContentHash.of(model(nodes), "cluster:c");
        assertThat(ContentHash.of(model(List.of(nodes.get(0), node("10.0.0.2", NodeState.DOWN, "3"))), "cluster:c"))
                .isNotEqualTo(hash);
        assertThat(ContentHash.of(model(List.of(nodes.get(0), node("10.0.0.2", NodeState.UP, "4"))), "cluster:c"))
                .isNotEqualTo(hash);
        assertThat(ContentHash.of(model(nodes), "cluster:other")).isNotEqualTo(hash);
        assertThat(ContentHash.of(
                        new TopologyModel(
                                "c",
                                "Murmur3Partitioner",
                                nodes,
                                Map.of("ks", Map.of("class", "SimpleStrategy", "replication_factor", "1")),
                                List.of(),
                                null),
                        "cluster:c"))
                .isNotEqualTo(hash);
    }
}
