package io.ringmap.peers.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.peers.PeerQuestion;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

/** The peer endpoint hands each question to the part that owns it, and knows no part itself. */
class PeerEndpointTest {

    @Test
    void handsEachQuestionToItsPartAndAnswersNoneForAPartNobodyServes() {
        // given a root part and a named part that answer what they were asked
        List<PeerQuestion> asked = new ArrayList<>();
        PeerEndpoint endpoint = new PeerEndpoint(List.of(
                new PeerPart(PeerPart.ROOT, q -> {
                    asked.add(q);
                    return JsonNodeFactory.instance.stringNode("root");
                }),
                new PeerPart("heatmap", q -> {
                    asked.add(q);
                    return q.namesTable() ? JsonNodeFactory.instance.stringNode(q.keyspace() + "." + q.table()) : null;
                })));

        // when / then
        assertThat(endpoint.root(null, null, true, null).asString()).isEqualTo("root");
        assertThat(endpoint.part("heatmap", "iot", "readings", null, true).asString())
                .isEqualTo("iot.readings");
        assertThat(endpoint.part("heatmap", "iot", null, null, null)).isNull();
        assertThat(endpoint.part("sizes", null, null, null, null)).isNull();
        assertThat(asked)
                .containsExactly(
                        new PeerQuestion(null, null, true, false),
                        new PeerQuestion("iot", "readings", false, true),
                        new PeerQuestion("iot", null, false, false));
    }
}
