package io.ringmap.availability.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.availability.Availability;
import io.ringmap.availability.AvailabilityRequestException;
import io.ringmap.availability.ConsistencyLevel;
import io.ringmap.availability.UnsafeToStopException;
import io.ringmap.web.WebTestSupport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link AvailabilityService} on the bundled reference sample (N1-N4, iot RF 3, iot_multi_dc 2+2). */
class AvailabilityServiceTest {

    private final AvailabilityService service = new AvailabilityService(
            WebTestSupport.routing(WebTestSupport.ringFrom("/topology/default.yaml"), 100), null);

    @Test
    void twoAdjacentNodesDownLoseQuorumOnHalfOfTheRingAndNoOtherNodeCanStop() {
        AvailabilityReport report = service.availability("QUORUM", "iot", List.of("127.0.0.3", "N4"), null, 100);

        assertThat(report.level()).isEqualTo(ConsistencyLevel.QUORUM);
        assertThat(report.localDatacenter()).isNull();
        assertThat(report.assumedDown()).containsExactly("127.0.0.3", "127.0.0.4");
        assertThat(report.liveNodes()).containsExactly("127.0.0.1", "127.0.0.2");
        Availability.KeyspaceAvailability iot = report.keyspaces().get(0);
        assertThat(iot.unavailableForReads()).isEqualTo(2);
        assertThat(iot.readShareLost()).isEqualTo(0.5);
        assertThat(report.safeToStop()).isEmpty();
        assertThat(report.unsafeToStop()).extracting(AvailabilityReport.UnsafeNode::address)
                .containsExactly("127.0.0.1", "127.0.0.2");
        assertThat(report.snapshot()).isNotNull();
    }

    @Test
    void theLimitBoundsTheRangesListedNotTheCounts() {
        Availability.KeyspaceAvailability iot = service.availability("QUORUM", "iot", List.of("N3", "N4"), null, 1)
                .keyspaces().get(0);

        assertThat(iot.unavailable()).hasSize(1);
        assertThat(iot.unavailableForReads()).isEqualTo(2);
        assertThat(service.availability("QUORUM", "iot", List.of("N3", "N4"), null, -1).keyspaces().get(0)
                .unavailable()).isEmpty();
    }

    @Test
    void withoutAKeyspaceEveryKeyspaceThatIsNotNodeLocalInNameOrder() {
        assertThat(service.availability("ALL", null, List.of(), null, 100).keyspaces())
                .extracting(Availability.KeyspaceAvailability::keyspace).containsExactly("iot", "iot_multi_dc");
    }

    @Test
    void localLevelsNameTheGivenOrConfiguredDatacenter() {
        assertThat(service.availability("LOCAL_QUORUM", "iot_multi_dc", List.of(), "dc1", 100).localDatacenter())
                .isEqualTo("dc1");
        AvailabilityService configured = new AvailabilityService(
                WebTestSupport.routing(WebTestSupport.ringFrom("/topology/default.yaml"), 100), "dc2");
        assertThat(configured.availability("LOCAL_ONE", "iot_multi_dc", List.of(), null, 100).localDatacenter())
                .isEqualTo("dc2");
        assertThat(configured.availability("QUORUM", "iot", List.of(), null, 100).localDatacenter()).isNull();
        assertThatThrownBy(() -> service.availability("LOCAL_ONE", "iot_multi_dc", List.of(), null, 100))
                .isInstanceOf(AvailabilityRequestException.class);
    }

    @Test
    void aNodeThatCanStopIsAnsweredAndOneThatCannotIsRefusedWithTheReasons() {
        SafeToStop safe = service.safeToStop("N1", "QUORUM", "iot", List.of(), null);
        assertThat(safe.node()).isEqualTo("127.0.0.1");
        assertThat(safe.keyspaces()).containsExactly("iot");

        assertThatThrownBy(() -> service.safeToStop("N1", "QUORUM", "iot", List.of("N3"), null))
                .isInstanceOf(UnsafeToStopException.class);
        assertThatThrownBy(() -> service.safeToStop("N9", "ONE", null, List.of(), null))
                .isInstanceOf(AvailabilityRequestException.class).hasMessageContaining("N9");
    }
}
