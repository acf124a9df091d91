package io.ringmap.restart.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.availability.service.AvailabilityService;
import io.ringmap.consistency.Availability;
import io.ringmap.restart.NodeView;
import io.ringmap.restart.WaveCheck;
import io.ringmap.routing.RoutingService;
import io.ringmap.web.WebTestSupport;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link RestartService} on the bundled reference sample (N1-N4, iot RF 3, iot_multi_dc 2+2). */
class RestartServiceTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-05T12:00:00Z"), ZoneOffset.UTC);
    private static final RestartLimits LIMITS = new RestartLimits() {
        @Override
        public int maxNodes() {
            return 100;
        }

        @Override
        public int maxKeyspaceLevels() {
            return 100;
        }

        @Override
        public int blockingListed() {
            return 20;
        }

        @Override
        public long maxRangeChecks() {
            return 1_000_000;
        }
    };

    private final RoutingService routing =
            WebTestSupport.routing(WebTestSupport.ringFrom("/topology/default.yaml"), 100);
    /** N3 (127.0.0.3) holds N1 at generation {@code seenByN3}; N1 itself is at 200. */
    private final AtomicInteger seenByN3 = new AtomicInteger(100);

    private final RestartService service = new RestartService(routing, null, LIMITS, this::views, CLOCK);

    @Test
    void eachWavesChecksAreWhatAvailabilityAnswersWithTheWaveDown() {
        AvailabilityService availability = new AvailabilityService(routing, null);

        // iot_multi_dc (2 + 2) keeps LOCAL_ONE in both DCs, iot (SimpleStrategy RF 3) keeps ONE
        PlannedRestart plan =
                service.plan(new RestartQuestion(List.of(), "ONE", Map.of("iot_multi_dc", "LOCAL_ONE"), null, null));

        assertThat(plan.datacenters().get(io.ringmap.consistency.ConsistencyLevel.LOCAL_ONE))
                .containsExactly("dc1", "dc2");
        assertThat(plan.waves()).hasSize(2);
        for (PlannedRestart.PlannedWave wave : plan.waves()) {
            for (WaveCheck check : wave.checks()) {
                Availability.KeyspaceAvailability answer = availability
                        .availability(check.level(), check.keyspace(), wave.nodes(), check.coordinatorDc(), 0)
                        .keyspaces()
                        .get(0);
                assertThat(check.unavailableForReads())
                        .isEqualTo(answer.unavailableForReads())
                        .isZero();
                assertThat(check.unavailableForWrites())
                        .isEqualTo(answer.unavailableForWrites())
                        .isZero();
                assertThat(check.ranges()).isEqualTo(answer.ranges());
            }
        }
    }

    @Test
    void theGuideWaitsForThePeerThatHasNotSeenTheRestartedNodeBackThenSaysStop() {
        RestartQuestion one = new RestartQuestion(List.of(), "ONE", Map.of(), null, null);

        RestartGuidance waiting = service.next(one, List.of("N1"));

        assertThat(waiting.action()).isEqualTo(RestartGuidance.Action.WAIT);
        assertThat(waiting.stop()).isEmpty();
        assertThat(waiting.waits()).singleElement().satisfies(w -> {
            assertThat(w.node()).isEqualTo("127.0.0.1");
            assertThat(w.peer()).isEqualTo("127.0.0.3");
        });
        assertThat(waiting.views())
                .extracting(NodeView::node)
                .containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4");
        assertThat(waiting.answeredAt()).isEqualTo(CLOCK.instant());
        assertThat(waiting.next().nodes()).doesNotContain("127.0.0.1");

        seenByN3.set(200);
        RestartGuidance go = service.next(one, List.of("N1"));

        assertThat(go.action()).isEqualTo(RestartGuidance.Action.STOP);
        assertThat(go.stop()).isEqualTo(go.next().nodes()).isNotEmpty().doesNotContain("127.0.0.1");
        assertThat(go.remaining()).containsExactly("127.0.0.2", "127.0.0.3", "127.0.0.4");
        assertThat(service.next(new RestartQuestion(List.of("N1"), "ONE", Map.of(), null, null), List.of("N1"))
                        .action())
                .isEqualTo(RestartGuidance.Action.DONE);
    }

    private List<NodeView> views(List<io.ringmap.ring.Node> nodes) {
        return nodes.stream()
                .map(n -> {
                    Map<String, NodeView.Member> members = new HashMap<>();
                    int n1 = n.address().equals("127.0.0.3") ? seenByN3.get() : 200;
                    members.put(
                            "127.0.0.1", new NodeView.Member("127.0.0.1", n1, n1 == 200 ? "NORMAL" : "shutdown", true));
                    for (String other : List.of("127.0.0.2", "127.0.0.3", "127.0.0.4")) {
                        members.put(other, new NodeView.Member(other, 1, "NORMAL", true));
                    }
                    return new NodeView(n.address(), CLOCK.instant(), "test", members, null);
                })
                .toList();
    }
}
