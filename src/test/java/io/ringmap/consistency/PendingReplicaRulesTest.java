package io.ringmap.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Writes with pending replicas, counted as Cassandra 5.0's coordinator counts them (hand-worked: blockFor plus every
 * pending replica, live natural and pending replicas both count; reads never see pending replicas; an LWT refuses
 * more than one pending replica).
 */
class PendingReplicaRulesTest {

    private static final ReplicationFactors RF3 =
            ReplicationFactors.of(Map.of("class", "SimpleStrategy", "replication_factor", "3"), 6);
    private static final ReplicationFactors TWO_DCS =
            ReplicationFactors.of(Map.of("class", "NetworkTopologyStrategy", "dc1", "3", "dc2", "3"), 8);

    @Test
    void aDownPendingReplicaRaisesWhatAWriteNeedsByOne() {
        // given three live natural replicas and one pending replica that is down
        List<ReplicaState> replicas = replicas("dc1", 3, 0, 1, 0);

        // then: QUORUM needs 2 + 1 = 3 live of the 3 natural ones, ALL needs 4 and fails, ONE needs 2
        assertThat(write(ConsistencyLevel.QUORUM, RF3, replicas)).satisfies(v -> {
            assertThat(v.achievable()).isTrue();
            assertThat(v.required()).isEqualTo(3);
            assertThat(v.datacenters().get("dc1").pending()).isEqualTo(1);
        });
        assertThat(write(ConsistencyLevel.ALL, RF3, replicas)).satisfies(v -> {
            assertThat(v.achievable()).isFalse();
            assertThat(v.failure()).isEqualTo(Verdict.Failure.UNAVAILABLE);
            assertThat(v.required()).isEqualTo(4);
            assertThat(v.live()).isEqualTo(3);
        });
        assertThat(write(ConsistencyLevel.ONE, RF3, replicas).required()).isEqualTo(2);
    }

    @Test
    void aNaturalReplicaDownWithAPendingOneDownFailsQuorumButNotOne() {
        List<ReplicaState> replicas = replicas("dc1", 2, 1, 1, 0);

        assertThat(write(ConsistencyLevel.QUORUM, RF3, replicas).achievable()).isFalse();
        assertThat(write(ConsistencyLevel.TWO, RF3, replicas).achievable()).isFalse();
        assertThat(write(ConsistencyLevel.ONE, RF3, replicas).achievable()).isTrue();
        assertThat(write(ConsistencyLevel.ANY, RF3, replicas).achievable()).isTrue();
    }

    @Test
    void aLivePendingReplicaCountsTowardsTheWrite() {
        // given one natural replica down and the pending replica live: 3 live of the 3 needed
        List<ReplicaState> replicas = replicas("dc1", 2, 1, 0, 1);

        assertThat(write(ConsistencyLevel.QUORUM, RF3, replicas).achievable()).isTrue();
    }

    @Test
    void readsNeverCountPendingReplicas() {
        List<ReplicaState> replicas = replicas("dc1", 2, 1, 1, 0);

        Verdict read = ConsistencyRules.check(ConsistencyLevel.QUORUM, RequestKind.READ, RF3, replicas, null);

        assertThat(read.achievable()).isTrue();
        assertThat(read.required()).isEqualTo(2);
        assertThat(read.datacenters().get("dc1").replicas()).isEqualTo(3);
        assertThat(read.datacenters().get("dc1").pending()).isZero();
    }

    @Test
    void localQuorumOnlyAddsThePendingReplicasOfTheCoordinatorsDatacenter() {
        // given dc1 fully live, dc2 with a pending replica down
        List<ReplicaState> replicas = new ArrayList<>(replicas("dc1", 3, 0, 0, 0));
        replicas.addAll(replicas("dc2", 3, 0, 1, 0));

        Verdict dc1 =
                ConsistencyRules.check(ConsistencyLevel.LOCAL_QUORUM, RequestKind.WRITE, TWO_DCS, replicas, "dc1");
        Verdict dc2 =
                ConsistencyRules.check(ConsistencyLevel.LOCAL_QUORUM, RequestKind.WRITE, TWO_DCS, replicas, "dc2");

        assertThat(dc1.required()).isEqualTo(2);
        assertThat(dc2.required()).isEqualTo(3);
        assertThat(dc2.achievable()).isTrue();
    }

    @Test
    void eachQuorumIsAcceptedButTimesOutWhenADatacentersPendingReplicaCannotAcknowledge() {
        // given dc1: one natural replica down and its pending replica down; dc2 all live
        List<ReplicaState> replicas = new ArrayList<>(replicas("dc1", 2, 1, 1, 0));
        replicas.addAll(replicas("dc2", 3, 0, 0, 0));

        Verdict v = ConsistencyRules.check(ConsistencyLevel.EACH_QUORUM, RequestKind.WRITE, TWO_DCS, replicas, "dc1");

        // then: a local quorum (2) is live in each DC, but dc1 must acknowledge 2 + 1
        assertThat(v.achievable()).isFalse();
        assertThat(v.failure()).isEqualTo(Verdict.Failure.TIMES_OUT);
        assertThat(v.reason()).contains("dc1", "3 acknowledgements");
    }

    @Test
    void lightweightTransactionsCountPendingParticipantsAndRefuseTwoPendingReplicas() {
        // given 3 natural replicas and 1 pending one down: 4 participants, 3 needed, 3 live
        assertThat(write(ConsistencyLevel.SERIAL, RF3, replicas("dc1", 3, 0, 1, 0))
                        .achievable())
                .isTrue();
        // one natural replica down too: 2 live of the 3 needed
        assertThat(write(ConsistencyLevel.SERIAL, RF3, replicas("dc1", 2, 1, 1, 0)))
                .satisfies(v -> {
                    assertThat(v.achievable()).isFalse();
                    assertThat(v.required()).isEqualTo(3);
                });
        // two pending replicas, all live: refused however many are live
        assertThat(write(ConsistencyLevel.SERIAL, RF3, replicas("dc1", 3, 0, 0, 2)))
                .satisfies(v -> {
                    assertThat(v.achievable()).isFalse();
                    assertThat(v.failure()).isEqualTo(Verdict.Failure.UNAVAILABLE);
                    assertThat(v.reason()).contains("2 replicas are pending");
                });
    }

    private static Verdict write(ConsistencyLevel level, ReplicationFactors rf, List<ReplicaState> replicas) {
        return ConsistencyRules.check(level, RequestKind.WRITE, rf, replicas, "dc1");
    }

    /** Natural replicas live and down, then pending replicas down and live, all in {@code dc}. */
    private static List<ReplicaState> replicas(
            String dc, int liveNatural, int downNatural, int downPending, int livePending) {
        List<ReplicaState> out = new ArrayList<>();
        int n = 0;
        for (int i = 0; i < liveNatural; i++) {
            out.add(new ReplicaState(dc + "-" + n++, dc, true, true));
        }
        for (int i = 0; i < downNatural; i++) {
            out.add(new ReplicaState(dc + "-" + n++, dc, true, false));
        }
        for (int i = 0; i < downPending; i++) {
            out.add(new ReplicaState(dc + "-" + n++, dc, true, false, true));
        }
        for (int i = 0; i < livePending; i++) {
            out.add(new ReplicaState(dc + "-" + n++, dc, true, true, true));
        }
        return out;
    }
}
