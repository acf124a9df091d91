package io.ringmap.sizes;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.peers.Contributors;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SizesShareTest {

    private static final Instant T0 = Instant.parse("2026-12-02T12:00:00Z");
    private static final List<String> NODES = List.of("10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4");

    private static NodeReport report(String node, Instant at, String by) {
        return new NodeReport(node, NodeReport.Status.COLLECTED, at, List.of(), Map.of(), by, 9);
    }

    @Test
    void ownReportsFirstThenTheNewestAPeerSentThenMissing() {
        // given this instance collects .1; two peers sent .1 (ignored), .2 twice (an old and a new round) and .3 long
        // ago
        SizesShare.Split split = new SizesShare.Split(
                Set.of("10.0.0.1"),
                List.of(
                        report("10.0.0.1", T0, "p:1"),
                        report("10.0.0.2", T0.minusSeconds(300), "p:1"),
                        report("10.0.0.2", T0.minusSeconds(10), "p:2"),
                        report("10.0.0.3", T0.minusSeconds(3600), "p:2")),
                Contributors.LOCAL);

        // when
        List<NodeReport> round = split.assemble(
                NODES, List.of(report("10.0.0.1", T0.plusSeconds(1), null)), List.of(), T0.minusSeconds(900));

        // then
        assertThat(round).extracting(NodeReport::address).containsExactlyElementsOf(NODES);
        assertThat(round.get(0).collectedBy()).isNull();
        assertThat(round.get(1).collectedBy()).isEqualTo("p:2");
        assertThat(round.get(1).problems()).isEmpty();
        assertThat(round.get(2).collectedBy()).isEqualTo("p:2");
        assertThat(round.get(2).problems())
                .containsExactly("stale: collected at 2026-12-02T11:00:00Z by p:2, " + "more than two rounds ago");
        assertThat(round.get(3).status()).isEqualTo(NodeReport.Status.MISSING);
        assertThat(round.get(3).absent()).isTrue();
        assertThat(round.get(3).problems())
                .containsExactly("not collected: no instance that answered collected it in its last round");
    }

    @Test
    void aloneEveryNodeIsMine() {
        SizesShare.Split split = SizesShare.ALONE.split(NODES, null);

        assertThat(split.mine()).containsExactlyInAnyOrderElementsOf(NODES);
        assertThat(split.others()).isEmpty();
        assertThat(split.collectors()).isEqualTo(Contributors.LOCAL);
    }
}
