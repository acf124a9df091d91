package io.ringmap.consistency;

import static io.ringmap.consistency.ConsistencyLevel.*;
import static io.ringmap.consistency.RequestKind.READ;
import static io.ringmap.consistency.RequestKind.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsistencyRulesTest {

    static final ReplicationFactors SIMPLE_3 =
            ReplicationFactors.of(Map.of("class", "SimpleStrategy", "replication_factor", "3"), 4);
    static final ReplicationFactors NTS_3_3 = ReplicationFactors.of(
            Map.of("class", "org.apache.cassandra.locator.NetworkTopologyStrategy", "dc1", "3", "dc2", "3"), 6);

    static ReplicaState up(String dc) {
        return new ReplicaState("a", dc, true, true);
    }

    static ReplicaState down(String dc) {
        return new ReplicaState("a", dc, true, false);
    }

    static boolean ok(ConsistencyLevel cl, RequestKind kind, ReplicationFactors rf, String dc, ReplicaState... r) {
        return ConsistencyRules.check(cl, kind, rf, List.of(r), dc).achievable();
    }

    @Test
    void blockForMirrorsCassandra() {
        assertThat(ConsistencyRules.blockFor(QUORUM, SIMPLE_3, null)).isEqualTo(2);
        assertThat(ConsistencyRules.blockFor(ALL, SIMPLE_3, null)).isEqualTo(3);
        assertThat(ConsistencyRules.blockFor(QUORUM, NTS_3_3, null)).isEqualTo(4);
        assertThat(ConsistencyRules.blockFor(LOCAL_QUORUM, NTS_3_3, "dc1")).isEqualTo(2);
        assertThat(ConsistencyRules.blockFor(EACH_QUORUM, NTS_3_3, null)).isEqualTo(4);
        assertThat(ConsistencyRules.blockFor(SERIAL, NTS_3_3, null)).isEqualTo(4);
        // LOCAL_QUORUM on a SimpleStrategy keyspace is a quorum of the whole RF (localQuorumFor falls back)
        assertThat(ConsistencyRules.blockFor(LOCAL_QUORUM, SIMPLE_3, "dc1")).isEqualTo(2);
        // a DC not in the replication map has RF 0: its local quorum is 1
        assertThat(ConsistencyRules.blockFor(LOCAL_QUORUM, NTS_3_3, "dc9")).isEqualTo(1);
    }

    @Test
    void quorumSurvivesOneOfThreeDownButNotTwo() {
        assertThat(ok(QUORUM, READ, SIMPLE_3, null, up("dc1"), down("dc1"), up("dc2")))
                .isTrue();
        assertThat(ok(QUORUM, WRITE, SIMPLE_3, null, up("dc1"), down("dc1"), down("dc2")))
                .isFalse();
        assertThat(ok(ONE, READ, SIMPLE_3, null, down("dc1"), down("dc1"), up("dc2")))
                .isTrue();
        assertThat(ok(ALL, WRITE, SIMPLE_3, null, up("dc1"), up("dc1"), down("dc2")))
                .isFalse();
        assertThat(ok(TWO, READ, SIMPLE_3, null, up("dc1"), up("dc1"), down("dc2")))
                .isTrue();
        assertThat(ok(THREE, READ, SIMPLE_3, null, up("dc1"), up("dc1"), down("dc2")))
                .isFalse();
    }

    @Test
    void localQuorumCountsOnlyTheLocalDatacenterAndEachQuorumEveryOne() {
        ReplicaState[] dc2Down = {up("dc1"), up("dc1"), down("dc1"), down("dc2"), down("dc2"), down("dc2")};
        assertThat(ok(LOCAL_QUORUM, READ, NTS_3_3, "dc1", dc2Down)).isTrue();
        assertThat(ok(LOCAL_QUORUM, WRITE, NTS_3_3, "dc2", dc2Down)).isFalse();
        assertThat(ok(EACH_QUORUM, WRITE, NTS_3_3, null, dc2Down)).isFalse();
        assertThat(ok(
                        EACH_QUORUM,
                        READ,
                        NTS_3_3,
                        null,
                        up("dc1"),
                        up("dc1"),
                        down("dc1"),
                        up("dc2"),
                        down("dc2"),
                        up("dc2")))
                .isTrue();
        Verdict v = ConsistencyRules.check(EACH_QUORUM, WRITE, NTS_3_3, List.of(dc2Down), null);
        assertThat(v.reason()).isEqualTo("EACH_QUORUM needs 2 live replicas in dc2, 0 are live");
        assertThat(v.datacenters().get("dc2").required()).isEqualTo(2);
        // QUORUM is 4 of 6 across DCs: the two live dc1 replicas are not enough
        assertThat(ok(QUORUM, READ, NTS_3_3, null, dc2Down)).isFalse();
    }

    @Test
    void localLevelsOnASimpleStrategyKeyspaceNeedAQuorumOfTheWholeRfInTheLocalDatacenter() {
        assertThat(ok(LOCAL_QUORUM, WRITE, SIMPLE_3, "dc1", up("dc1"), up("dc2"), up("dc2")))
                .isFalse();
        assertThat(ok(LOCAL_ONE, WRITE, SIMPLE_3, "dc1", up("dc1"), up("dc2"), up("dc2")))
                .isTrue();
        assertThat(ok(LOCAL_ONE, READ, SIMPLE_3, "dc1", down("dc1"), up("dc2"), up("dc2")))
                .isFalse();
    }

    @Test
    void eachQuorumFailsWhenAConfiguredDatacenterHasNoReplicas() {
        ReplicationFactors rf =
                ReplicationFactors.of(Map.of("class", "NetworkTopologyStrategy", "dc1", "1", "dc2", "0"), 2);
        assertThat(ok(EACH_QUORUM, WRITE, rf, null, up("dc1"))).isFalse();
        assertThat(ok(QUORUM, WRITE, rf, null, up("dc1"))).isTrue();
    }

    @Test
    void readsNeedAFullReplicaWritesCountTransientOnes() {
        ReplicationFactors rf = ReplicationFactors.of(Map.of("class", "NetworkTopologyStrategy", "dc1", "3/1"), 3);
        ReplicaState fullDown = new ReplicaState("a", "dc1", true, false);
        ReplicaState transientUp = new ReplicaState("b", "dc1", false, true);
        assertThat(ok(ONE, READ, rf, null, fullDown, fullDown, transientUp)).isFalse();
        assertThat(ConsistencyRules.check(ONE, READ, rf, List.of(fullDown, fullDown, transientUp), null)
                        .reason())
                .isEqualTo("ONE needs 1 live full replica, 0 is live");
        assertThat(ok(ONE, WRITE, rf, null, fullDown, fullDown, transientUp)).isTrue();
        assertThat(ok(QUORUM, READ, rf, null, new ReplicaState("a", "dc1", true, true), fullDown, transientUp))
                .isTrue();
        assertThat(ConsistencyRules.check(SERIAL, WRITE, rf, List.of(fullDown, fullDown, transientUp), null)
                        .valid())
                .isFalse();
    }

    static Verdict.Failure failure(
            ConsistencyLevel cl, RequestKind kind, ReplicationFactors rf, String dc, ReplicaState... r) {
        return ConsistencyRules.check(cl, kind, rf, List.of(r), dc).failure();
    }

    /** What AvailabilityIT found on a real Cassandra 5.0 cluster with transient replicas. */
    @Test
    void transientReplicasMakeSomeOutcomesDependOnWhatRingmapCannotKnow() {
        ReplicationFactors simple31 =
                ReplicationFactors.of(Map.of("class", "SimpleStrategy", "replication_factor", "3/1"), 4);
        ReplicaState full1 = new ReplicaState("a", "dc1", true, true);
        ReplicaState full2 = new ReplicaState("b", "dc2", true, true);
        ReplicaState full2Down = new ReplicaState("b", "dc2", true, false);
        ReplicaState transient1 = new ReplicaState("c", "dc1", false, true);
        ReplicaState transient2 = new ReplicaState("c", "dc2", false, true);
        // a ONE read contacts the coordinator's closest live replica, full or not: from the transient one it fails
        assertThat(failure(ONE, READ, simple31, "dc1", full1, full2, transient1))
                .isEqualTo(Verdict.Failure.UNAVAILABLE_AT_SOME_COORDINATORS);
        assertThat(ConsistencyRules.check(ONE, READ, simple31, List.of(full1, full2, transient1), "dc1")
                        .reason())
                .contains("proximity order", "1 of the 3 live are transient");
        // a QUORUM read's two contacts always hold a full replica
        assertThat(failure(QUORUM, READ, simple31, "dc1", full1, full2, transient1))
                .isNull();
        // no live full replica at all: certainly unavailable
        assertThat(failure(
                        QUORUM,
                        READ,
                        simple31,
                        "dc1",
                        new ReplicaState("a", "dc1", true, false),
                        full2Down,
                        transient1))
                .isEqualTo(Verdict.Failure.UNAVAILABLE);

        // SimpleStrategy's cheap quorum is counted in the coordinator's DC: a transient replica elsewhere is not sent
        // the write, so with one full replica down a dc1 coordinator has one acknowledgement of the two QUORUM needs
        assertThat(failure(QUORUM, WRITE, simple31, "dc1", full2Down, full1, transient2))
                .isEqualTo(Verdict.Failure.MAY_TIME_OUT);
        assertThat(failure(QUORUM, WRITE, simple31, "dc2", full2Down, full1, transient2))
                .isNull();
        assertThat(failure(QUORUM, WRITE, simple31, null, full2Down, full1, transient2))
                .isEqualTo(Verdict.Failure.MAY_TIME_OUT);
        // ALL with every node up: the transient replica in dc2 is not in a dc1 coordinator's cheap quorum
        assertThat(failure(ALL, WRITE, simple31, "dc1", full2, full1, transient2))
                .isEqualTo(Verdict.Failure.MAY_TIME_OUT);
        assertThat(failure(ALL, WRITE, simple31, "dc1", full1, full2, transient1))
                .isNull();
        // accepted or not is still the UnavailableException count
        assertThat(failure(
                        QUORUM,
                        WRITE,
                        simple31,
                        "dc1",
                        full2Down,
                        new ReplicaState("a", "dc1", true, false),
                        transient2))
                .isEqualTo(Verdict.Failure.UNAVAILABLE);

        // LOCAL_SERIAL refuses a transient keyspace even when the transient replicas are all in another DC
        ReplicationFactors nts =
                ReplicationFactors.of(Map.of("class", "NetworkTopologyStrategy", "dc1", "2", "dc2", "2/1"), 4);
        Verdict localSerial =
                ConsistencyRules.check(LOCAL_SERIAL, WRITE, nts, List.of(full1, full1, full2, transient2), "dc1");
        assertThat(localSerial.valid()).isFalse();
        assertThat(localSerial.failure()).isEqualTo(Verdict.Failure.INVALID);

        // EACH_QUORUM reads: uncertain only when every DC's local quorum could be all transient
        ReplicationFactors nts21 =
                ReplicationFactors.of(Map.of("class", "NetworkTopologyStrategy", "dc1", "2/1", "dc2", "2/1"), 4);
        assertThat(failure(EACH_QUORUM, READ, nts21, "dc1", full1, transient1, full2, transient2))
                .isNull();
        ReplicationFactors nts32 = ReplicationFactors.of(Map.of("class", "NetworkTopologyStrategy", "dc1", "3/2"), 3);
        assertThat(failure(EACH_QUORUM, READ, nts32, "dc1", full1, transient1, transient1))
                .isEqualTo(Verdict.Failure.UNAVAILABLE_AT_SOME_COORDINATORS);
    }

    @Test
    void anyIsForWritesOnlyAndSucceedsWithEveryReplicaDown() {
        Verdict read = ConsistencyRules.check(ANY, READ, SIMPLE_3, List.of(down("dc1")), null);
        assertThat(read.valid()).isFalse();
        assertThat(read.reason()).isEqualTo("ANY ConsistencyLevel is only supported for writes");
        assertThat(ok(ANY, WRITE, SIMPLE_3, null, down("dc1"), down("dc1"), down("dc2")))
                .isTrue();
    }

    @Test
    void serialNeedsAMajorityOfTheReplicasAndLocalSerialOfTheLocalOnes() {
        ReplicaState[] oneDownInEach = {up("dc1"), up("dc1"), down("dc1"), up("dc2"), up("dc2"), down("dc2")};
        assertThat(ok(SERIAL, WRITE, NTS_3_3, null, oneDownInEach)).isTrue();
        assertThat(ok(
                        SERIAL,
                        WRITE,
                        NTS_3_3,
                        null,
                        up("dc1"),
                        up("dc1"),
                        up("dc1"),
                        down("dc2"),
                        down("dc2"),
                        down("dc2")))
                .isFalse(); // 3 of 6 is not a majority
        assertThat(ok(
                        LOCAL_SERIAL,
                        READ,
                        NTS_3_3,
                        "dc1",
                        up("dc1"),
                        up("dc1"),
                        down("dc1"),
                        down("dc2"),
                        down("dc2"),
                        down("dc2")))
                .isTrue();
        ReplicationFactors dc1Only = ReplicationFactors.of(Map.of("class", "NetworkTopologyStrategy", "dc1", "2"), 4);
        assertThat(ok(LOCAL_SERIAL, WRITE, dc1Only, "dc2", up("dc1"), up("dc1")))
                .isFalse();
    }

    @Test
    void conditionalWritesReadTheirConditionAtQuorumAfterPaxos() {
        // found by AvailabilityIT: SimpleStrategy RF 3 with one replica in dc1; Paxos in dc1 has its one participant,
        // but StorageProxy.cas reads the condition at LOCAL_QUORUM, a quorum of the whole RF (2) in dc1
        Verdict v =
                ConsistencyRules.check(LOCAL_SERIAL, WRITE, SIMPLE_3, List.of(up("dc2"), up("dc1"), up("dc2")), "dc1");
        assertThat(v.achievable()).isFalse();
        assertThat(v.reason())
                .isEqualTo("Paxos can run, but the read after it: LOCAL_QUORUM needs 2 live replicas in"
                        + " dc1, 1 is live");
    }

    @Test
    void allNeedsTheConfiguredRfEvenWhenTheDatacenterHasFewerNodes() {
        ReplicationFactors rf = ReplicationFactors.of(Map.of("class", "NetworkTopologyStrategy", "dc1", "4"), 3);
        assertThat(ok(ALL, WRITE, rf, null, up("dc1"), up("dc1"), up("dc1"))).isFalse();
        assertThat(ok(QUORUM, WRITE, rf, null, up("dc1"), up("dc1"), up("dc1"))).isTrue();
    }

    @Test
    void localLevelsNeedADatacenterAndUnknownLevelsAreNamed() {
        assertThatThrownBy(() -> ConsistencyRules.check(LOCAL_ONE, READ, SIMPLE_3, List.of(up("dc1")), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("LOCAL_ONE");
        assertThatThrownBy(() -> ConsistencyLevel.parse("MOST")).hasMessageContaining("'MOST'");
        assertThat(ConsistencyLevel.parse("local_quorum")).isEqualTo(LOCAL_QUORUM);
    }
}
