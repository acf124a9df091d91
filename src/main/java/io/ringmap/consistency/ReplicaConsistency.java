package io.ringmap.consistency;

import io.ringmap.pending.RingMotion;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a read and a write at one consistency level need from one token range's replicas, and whether they can
 * succeed with the replicas live now.
 *
 * @param localDatacenter the coordinator's data centre the LOCAL_* levels count in (null when unused)
 */
public record ReplicaConsistency(ConsistencyLevel level, String localDatacenter, Verdict read, Verdict write) {

    /**
     * The verdicts for a level given as text, the LOCAL_* levels counted in {@code dc} or else {@code configuredDc}.
     *
     * @throws AvailabilityRequestException for an unknown level, or a LOCAL_* level without a known data centre
     */
    public static ReplicaConsistency of(
            TokenRing ring,
            Map<String, String> replication,
            ReplicaSet replicas,
            String level,
            String dc,
            String configuredDc) {
        return of(ring, replication, replicas, List.of(), RingMotion.none(null), level, dc, configuredDc);
    }

    /**
     * The verdicts for a level given as text, writes counting the key's pending replicas as the coordinator does.
     *
     * @throws AvailabilityRequestException for an unknown level, or a LOCAL_* level without a known data centre
     */
    public static ReplicaConsistency of(
            TokenRing ring,
            Map<String, String> replication,
            ReplicaSet replicas,
            List<Node> pending,
            RingMotion motion,
            String level,
            String dc,
            String configuredDc) {
        ConsistencyLevel cl = AvailabilityRequestException.level("consistency", level);
        String local = AvailabilityRequestException.localDatacenter(
                cl,
                dc,
                configuredDc,
                ring.nodes().stream().map(Node::datacenter).distinct().toList());
        return of(ring, replication, replicas, pending, motion, cl, local);
    }

    /** The verdicts for one range of a keyspace with the given replication map, nodes live as the ring reports. */
    public static ReplicaConsistency of(
            TokenRing ring,
            Map<String, String> replication,
            ReplicaSet replicas,
            ConsistencyLevel level,
            String localDatacenter) {
        return of(ring, replication, replicas, List.of(), RingMotion.none(null), level, localDatacenter);
    }

    /**
     * The verdicts for one token of a keyspace, nodes live as the ring (and, for pending nodes outside it, the
     * motion) reports: reads from the natural replicas, writes to them and the pending ones.
     */
    public static ReplicaConsistency of(
            TokenRing ring,
            Map<String, String> replication,
            ReplicaSet replicas,
            List<Node> pending,
            RingMotion motion,
            ConsistencyLevel level,
            String localDatacenter) {
        ReplicationFactors rf = ReplicationFactors.of(replication, ring.nodes().size());
        WriteReplicas writes = new WriteReplicas(ring, Availability.liveNodes(ring, List.of()), motion, Set.of());
        List<ReplicaState> states = writes.states(replicas, pending);
        String dc = level.needsLocalDatacenter() ? localDatacenter : null;
        // the coordinator's DC matters beyond LOCAL_*: a transient SimpleStrategy write's cheap quorum is counted there
        return new ReplicaConsistency(
                level,
                dc,
                ConsistencyRules.check(level, RequestKind.READ, rf, states, localDatacenter),
                ConsistencyRules.check(level, RequestKind.WRITE, rf, states, localDatacenter));
    }
}
