package io.ringmap.availability.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.availability.UnsafeToStopException;
import io.ringmap.consistency.Availability;
import io.ringmap.consistency.AvailabilityRequestException;
import io.ringmap.consistency.ConsistencyLevel;
import io.ringmap.pending.MotionKind;
import io.ringmap.pending.MotionReport;
import io.ringmap.pending.MotionSource;
import io.ringmap.pending.NodeMotion;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.token.LongToken;
import io.ringmap.web.WebTestSupport;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link AvailabilityService} on the bundled reference sample (N1-N4, iot RF 3, iot_multi_dc 2+2). */
class AvailabilityServiceTest {

    private final AvailabilityService service = new AvailabilityService(
            WebTestSupport.routing(WebTestSupport.ringFrom("/topology/default.yaml"), 100), null);

    @Test
    void twoAdjacentNodesDownLoseQuorumOnHalfOfTheRingAndNoOtherNodeCanStop() {
        AvailabilityReport report =
                service.availability(ConsistencyLevel.QUORUM, "iot", List.of("127.0.0.3", "N4"), null, 100);

        assertThat(report.level()).isEqualTo(ConsistencyLevel.QUORUM);
        assertThat(report.localDatacenter()).isNull();
        assertThat(report.assumedDown()).containsExactly("127.0.0.3", "127.0.0.4");
        assertThat(report.liveNodes()).containsExactly("127.0.0.1", "127.0.0.2");
        Availability.KeyspaceAvailability iot = report.keyspaces().get(0);
        assertThat(iot.unavailableForReads()).isEqualTo(2);
        assertThat(iot.readShareLost()).isEqualTo(0.5);
        assertThat(report.safeToStop()).isEmpty();
        assertThat(report.unsafeToStop())
                .extracting(AvailabilityReport.UnsafeNode::address)
                .containsExactly("127.0.0.1", "127.0.0.2");
        assertThat(report.snapshot()).isNotNull();
    }

    @Test
    void theLimitBoundsTheRangesListedNotTheCounts() {
        Availability.KeyspaceAvailability iot = service.availability(
                        ConsistencyLevel.QUORUM, "iot", List.of("N3", "N4"), null, 1)
                .keyspaces()
                .get(0);

        assertThat(iot.unavailable()).hasSize(1);
        assertThat(iot.unavailableForReads()).isEqualTo(2);
        assertThat(service.availability(ConsistencyLevel.QUORUM, "iot", List.of("N3", "N4"), null, 0)
                        .keyspaces()
                        .get(0)
                        .unavailable())
                .isEmpty();
        assertThatThrownBy(() -> service.availability(ConsistencyLevel.QUORUM, "iot", List.of("N3", "N4"), null, -1))
                .isInstanceOfSatisfying(
                        AvailabilityRequestException.class,
                        e -> assertThat(e.getMessage()).contains("limit", "-1"));
    }

    @Test
    void aJoiningNodeCanBeAssumedDownAndItsPendingWritesCountAsTheCoordinatorCountsThem() {
        // given N5 joining the sample at 2^61, between N2 (0) and N3 (2^62): with iot's RF 3 it becomes a replica of
        // (N4, N1], (N1, N2] and (N2, N5], so writes there wait for the level's count plus N5
        SnapshotHolder holder = new SnapshotHolder(Clock.systemUTC());
        Node n5 = new Node("N5", "127.0.0.5", "dc1", "rack1", NodeState.JOINING);
        holder.publish(
                WebTestSupport.modelFrom("/topology/default.yaml")
                        .withMotion(new MotionReport(
                                MotionSource.GOSSIP,
                                List.of(new NodeMotion(
                                        n5, MotionKind.JOINING, List.of(new LongToken(1L << 61)), null, true)),
                                Map.of(),
                                null)),
                "test:joining");
        AvailabilityService joining = new AvailabilityService(WebTestSupport.routing(holder, 100), null);

        // when N5 is assumed down, by address or host id
        AvailabilityReport all = joining.availability(ConsistencyLevel.ALL, "iot", List.of("127.0.0.5"), null, 100);
        AvailabilityReport quorum = joining.availability(ConsistencyLevel.QUORUM, "iot", List.of("N5"), null, 100);

        // then ALL (3 + 1 pending of 3 live) fails on N5's three ranges, reads are untouched; QUORUM (2 + 1) holds
        assertThat(all.assumedDown()).containsExactly("127.0.0.5");
        assertThat(all.keyspaces().get(0).unavailableForWrites()).isEqualTo(3);
        assertThat(all.keyspaces().get(0).unavailableForReads()).isZero();
        assertThat(joining.availability(ConsistencyLevel.ALL, "iot", List.of(), null, 100)
                        .keyspaces()
                        .get(0)
                        .unavailableForWrites())
                .isZero();
        assertThat(quorum.keyspaces().get(0).unavailableForWrites()).isZero();
        // a name that is neither in the ring nor joining is still refused, naming the joiner among the known
        assertThatThrownBy(() -> joining.availability(ConsistencyLevel.ALL, "iot", List.of("N9"), null, 100))
                .isInstanceOf(AvailabilityRequestException.class)
                .hasMessageContaining("N9")
                .hasMessageContaining("127.0.0.5");
        // safe-to-stop answers for ring members and says where a joiner's stop is shown
        assertThatThrownBy(() -> joining.safeToStop("N5", ConsistencyLevel.ALL, "iot", List.of(), null))
                .isInstanceOf(AvailabilityRequestException.class)
                .hasMessageContaining("joining")
                .hasMessageContaining("/availability?down=N5");
        // a ring member's stop with the joiner down: ALL already fails there, QUORUM (2 + 1 of N1..N4 less one) too
        assertThatThrownBy(() -> joining.safeToStop("N1", ConsistencyLevel.QUORUM, "iot", List.of("N5"), null))
                .isInstanceOf(UnsafeToStopException.class);
    }

    @Test
    void withoutAKeyspaceEveryKeyspaceThatIsNotNodeLocalInNameOrder() {
        assertThat(service.availability(ConsistencyLevel.ALL, null, List.of(), null, 100)
                        .keyspaces())
                .extracting(Availability.KeyspaceAvailability::keyspace)
                .containsExactly("iot", "iot_multi_dc");
    }

    @Test
    void localLevelsNameTheGivenOrConfiguredDatacenter() {
        assertThat(service.availability(ConsistencyLevel.LOCAL_QUORUM, "iot_multi_dc", List.of(), "dc1", 100)
                        .localDatacenter())
                .isEqualTo("dc1");
        AvailabilityService configured = new AvailabilityService(
                WebTestSupport.routing(WebTestSupport.ringFrom("/topology/default.yaml"), 100), "dc2");
        assertThat(configured
                        .availability(ConsistencyLevel.LOCAL_ONE, "iot_multi_dc", List.of(), null, 100)
                        .localDatacenter())
                .isEqualTo("dc2");
        assertThat(configured
                        .availability(ConsistencyLevel.QUORUM, "iot", List.of(), null, 100)
                        .localDatacenter())
                .isNull();
        assertThatThrownBy(() -> service.availability(ConsistencyLevel.LOCAL_ONE, "iot_multi_dc", List.of(), null, 100))
                .isInstanceOf(AvailabilityRequestException.class);
    }

    @Test
    void aNodeThatCanStopIsAnsweredAndOneThatCannotIsRefusedWithTheReasons() {
        SafeToStop safe = service.safeToStop("N1", ConsistencyLevel.QUORUM, "iot", List.of(), null);
        assertThat(safe.node()).isEqualTo("127.0.0.1");
        assertThat(safe.keyspaces()).containsExactly("iot");

        assertThatThrownBy(() -> service.safeToStop("N1", ConsistencyLevel.QUORUM, "iot", List.of("N3"), null))
                .isInstanceOf(UnsafeToStopException.class);
        assertThatThrownBy(() -> service.safeToStop("N9", ConsistencyLevel.ONE, null, List.of(), null))
                .isInstanceOf(AvailabilityRequestException.class)
                .hasMessageContaining("N9");
    }
}
