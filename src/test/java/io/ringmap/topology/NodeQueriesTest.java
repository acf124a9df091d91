package io.ringmap.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeQueriesTest {

    static final Node A = DriverStubs.node("127.0.0.1", "dc1", "rack1", NodeState.UP);
    static final Node B = DriverStubs.node("127.0.0.2", "dc1", "rack1", NodeState.UP);
    static final Node C = DriverStubs.node("127.0.0.3", "dc1", "rack1", NodeState.UP);
    static final Node D = DriverStubs.node("127.0.0.4", "dc1", "rack1", NodeState.UP);
    static final Node DOWN = DriverStubs.node("127.0.0.5", "dc1", "rack1", NodeState.DOWN);
    static final List<Node> KNOWN = List.of(A, B, C, D, DOWN);

    @Test
    void theNodeThatAnsweredLastIsAskedFirstThenThePlansUpNodesEachOnceAtMostThree() {
        String c = ClusterModelReader.node(C).hostId();

        assertThat(NodeQueries.order(KNOWN, c, List.of(A, C, B, D), 3)).containsExactly(C, A, B);
        assertThat(NodeQueries.order(KNOWN, null, List.of(B, DOWN, A, C), 3)).containsExactly(B, A, C);
        // the node that answered last is DOWN now, or no longer known: the plan alone
        assertThat(NodeQueries.order(KNOWN, ClusterModelReader.node(DOWN).hostId(), List.of(D, A), 3))
                .containsExactly(D, A);
        assertThat(NodeQueries.order(List.of(A, B), c, List.of(B, A), 3)).containsExactly(B, A);
    }

    @Test
    void aNodeThatDoesNotAnswerIsPassedOverAndTheOneThatAnsweredIsAskedFirstNextTime() {
        NodeQueries queries = new NodeQueries();
        List<Node> asked = new ArrayList<>();

        String answer = queries.first(List.of(A, B, C), node -> {
            asked.add(node);
            if (node == A) {
                throw new DriverTimeoutException("Query timed out after PT2S");
            }
            return "answered by " + node.getEndPoint();
        });

        assertThat(answer).isEqualTo("answered by /127.0.0.2:9042");
        assertThat(asked).containsExactly(A, B);
        assertThat(queries.answering()).isEqualTo(ClusterModelReader.node(B).hostId());
        assertThat(NodeQueries.order(KNOWN, queries.answering(), List.of(A, B, C), 3))
                .containsExactly(B, A, C);
    }

    @Test
    void aQueryWithItsOwnPreferenceAsksTheNodeThatAnsweredLastFirstThenItsOrder() {
        NodeQueries queries = new NodeQueries();
        List<Node> asked = new ArrayList<>();
        // a first read in its own order (ring members by address): A does not answer, B does
        String first = queries.first(KNOWN, List.of(A, B, C, D), node -> {
            asked.add(node);
            if (node == A) {
                throw new DriverTimeoutException("Query timed out after PT2S");
            }
            return "read from " + node.getEndPoint();
        });
        assertThat(first).isEqualTo("read from /127.0.0.2:9042");

        // the next read of the same order asks B first: the silent node costs its timeout once, not at every read
        asked.clear();
        String second = queries.first(KNOWN, List.of(A, B, C, D), node -> {
            asked.add(node);
            return "read from " + node.getEndPoint();
        });
        assertThat(second).isEqualTo("read from /127.0.0.2:9042");
        assertThat(asked).containsExactly(B);
        // and at most three nodes are asked, the remembered one among them
        asked.clear();
        assertThatThrownBy(() -> queries.first(KNOWN, List.of(A, C, D, DOWN), node -> {
                    asked.add(node);
                    throw new DriverTimeoutException("timed out on " + node.getEndPoint());
                }))
                .hasMessage("timed out on /127.0.0.3:9042");
        assertThat(asked).containsExactly(B, A, C);
    }

    @Test
    void whenNoNodeAnswersTheLastFailureIsThrownAndTheNodeThatAnsweredBeforeIsKept() {
        NodeQueries queries = new NodeQueries();
        queries.first(List.of(C), node -> "ok");

        assertThatThrownBy(() -> queries.first(List.of(A, B), node -> {
                    throw new DriverTimeoutException("timed out on " + node.getEndPoint());
                }))
                .isInstanceOf(DriverTimeoutException.class)
                .hasMessage("timed out on /127.0.0.2:9042");
        assertThatThrownBy(() -> queries.first(List.of(), node -> "never"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("no node is UP to query");
        assertThat(queries.answering()).isEqualTo(ClusterModelReader.node(C).hostId());
    }
}
