package io.ringmap.consistency;

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
 * @param failure how the request fails, or null when it succeeds ({@code achievable}); see {@link Failure}
 */
public record Verdict(
        ConsistencyLevel level,
        RequestKind kind,
        boolean valid,
        boolean achievable,
        String counted,
        int required,
        int requiredFull,
        int live,
        int liveFull,
        Map<String, DatacenterCount> datacenters,
        String reason,
        Failure failure) {

    /** How a request that is not achievable fails. */
    public enum Failure {
        /** Cassandra rejects the level for this request (ANY reads; SERIAL levels on transient keyspaces). */
        INVALID,
        /** Rejected by the coordinator before it sends anything: {@code UnavailableException}. */
        UNAVAILABLE,
        /**
         * Transient replication: a read contacts the first {@code blockFor} live replicas in the coordinator's
         * proximity order (itself, its rack, its DC, then the dynamic snitch's latencies), not full ones first, and
         * fails with {@code UnavailableException} when none of them is full: from some coordinators, not others.
         */
        UNAVAILABLE_AT_SOME_COORDINATORS,
        /**
         * Transient replication: the write is accepted, but the full replicas and the transient ones a quorum per
         * DC needs (Cassandra's cheap quorum) have too few live ones to acknowledge it; it succeeds only when rapid
         * write protection ({@code additional_write_policy}) sends it to further live transient replicas in time,
         * which depends on the table's recent write latencies; otherwise {@code WriteTimeoutException}.
         */
        MAY_TIME_OUT,
        /**
         * Ranges in motion, EACH_QUORUM: the write is accepted (each DC has a local quorum of live replicas), but the
         * coordinator waits in each DC for a local quorum plus that DC's pending replicas
         * ({@code DatacenterSyncWriteResponseHandler}), and too few are live: {@code WriteTimeoutException}.
         */
        TIMES_OUT
    }

    public Verdict {
        // sorted: Map.copyOf's order is randomized per JVM, and answers must not differ between instances
        datacenters = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(datacenters));
        if (achievable != (failure == null)) {
            throw new IllegalArgumentException("a verdict has a failure exactly when it is not achievable");
        }
    }

    /** A verdict whose failure, if any, is the plain one: INVALID or UNAVAILABLE. */
    public Verdict(
            ConsistencyLevel level,
            RequestKind kind,
            boolean valid,
            boolean achievable,
            String counted,
            int required,
            int requiredFull,
            int live,
            int liveFull,
            Map<String, DatacenterCount> datacenters,
            String reason) {
        this(
                level,
                kind,
                valid,
                achievable,
                counted,
                required,
                requiredFull,
                live,
                liveFull,
                datacenters,
                reason,
                achievable ? null : valid ? Failure.UNAVAILABLE : Failure.INVALID);
    }

    /**
     * One DC's replicas of a range.
     *
     * @param replicas the DC's replicas counted (natural, and for writes pending ones)
     * @param required live replicas needed in this DC, or null when this DC is not counted on its own
     * @param pending of {@code replicas}, the pending ones (ranges in motion; writes only)
     */
    public record DatacenterCount(
            int replicas, int fullReplicas, int live, int liveFull, Integer required, int pending) {}
}
