package io.ringmap.availability;

import java.util.Map;

/**
 * Whether a request at one consistency level can be served by a token range's replicas, counted as Cassandra's
 * coordinator counts them before it sends anything (else {@code UnavailableException}).
 *
 * @param level the consistency level
 * @param kind read or write
 * @param valid false when Cassandra rejects the level for this kind of request (ANY for reads); then
 *              {@code achievable} is false and {@code reason} says why
 * @param achievable true when enough replicas are live: the request is not rejected as unavailable
 * @param counted what the live replicas are counted in: {@code ALL_DATACENTERS}, {@code LOCAL_DATACENTER},
 *                {@code EACH_DATACENTER}, {@code PAXOS_PARTICIPANTS} or {@code HINT} (ANY writes)
 * @param required live replicas required (the sum over DCs for EACH_QUORUM)
 * @param requiredFull of those, full replicas required (transient replication)
 * @param live live replicas counted
 * @param liveFull live full replicas counted
 * @param datacenters per DC of the replica set: replicas, live, and what is required there when counted per DC
 * @param reason a sentence on the outcome, naming the shortfall when not achievable
 */
public record Verdict(ConsistencyLevel level, RequestKind kind, boolean valid, boolean achievable, String counted,
        int required, int requiredFull, int live, int liveFull, Map<String, DatacenterCount> datacenters,
        String reason) {

    public Verdict {
        datacenters = Map.copyOf(datacenters);
    }

    /**
     * One DC's replicas of a range.
     *
     * @param required live replicas needed in this DC, or null when this DC is not counted on its own
     */
    public record DatacenterCount(int replicas, int fullReplicas, int live, int liveFull, Integer required) {
    }
}
