package io.ringmap.availability;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cassandra's arithmetic for "can this request be served at this consistency level": the replicas it blocks for and
 * whether enough are live. Pure: the caller says which replicas are live and which data centre the coordinator is in.
 *
 * <p>Mirrors Cassandra 5.0: {@code ConsistencyLevel.blockFor} / {@code blockForWrite} (no pending replicas: ringmap
 * does not model range movements), {@code ReplicaPlans.assureSufficientLiveReplicasForRead/ForWrite} (reads need at
 * least one full replica among those contacted, writes count transient replicas too), {@code ReplicaPlans.forRead}
 * (a read contacts the first {@code blockFor} live candidates, only local ones for LOCAL_*, and per DC a local quorum
 * for EACH_QUORUM), and {@code ReplicaPlans.forPaxos} (SERIAL / LOCAL_SERIAL: a majority of the replicas, of the
 * local DC for LOCAL_SERIAL, must be live; a SERIAL read or conditional write then reads the partition at QUORUM, a
 * LOCAL_SERIAL one at LOCAL_QUORUM; a conditional write's commit at its own consistency level is not counted here). ANY writes always succeed at the coordinator (a hint is stored); ANY reads are rejected.
 */
public final class ConsistencyRules {

    private ConsistencyRules() {
    }

    /**
     * The verdict for one token range.
     *
     * @param replicas the range's replicas in placement order
     * @param localDatacenter the coordinator's DC; required for LOCAL_ONE, LOCAL_QUORUM and LOCAL_SERIAL
     * @throws IllegalArgumentException when a LOCAL_* level is asked without a local data centre
     */
    public static Verdict check(ConsistencyLevel level, RequestKind kind, ReplicationFactors rf,
            List<ReplicaState> replicas, String localDatacenter) {
        if (level.needsLocalDatacenter() && (localDatacenter == null || localDatacenter.isBlank())) {
            throw new IllegalArgumentException(level + " needs the coordinator's data centre");
        }
        if (kind == RequestKind.READ && level == ConsistencyLevel.ANY) {
            return new Verdict(level, kind, false, false, "HINT", 0, 0, 0, 0, counts(replicas, Map.of()),
                    "ANY ConsistencyLevel is only supported for writes");
        }
        if (level.isSerial()) {
            return paxos(level, kind, rf, replicas, localDatacenter);
        }
        return kind == RequestKind.READ ? read(level, rf, replicas, localDatacenter)
                : write(level, rf, replicas, localDatacenter);
    }

    /** Cassandra's {@code ConsistencyLevel.blockFor} for this keyspace (LOCAL_* in {@code localDatacenter}). */
    public static int blockFor(ConsistencyLevel level, ReplicationFactors rf, String localDatacenter) {
        return switch (level) {
            case ONE, LOCAL_ONE, ANY -> 1;
            case TWO -> 2;
            case THREE -> 3;
            case QUORUM, SERIAL -> rf.quorum();
            case ALL -> rf.allReplicas();
            case LOCAL_QUORUM, LOCAL_SERIAL -> rf.localQuorum(localDatacenter);
            case EACH_QUORUM -> {
                if (!rf.networkTopology()) {
                    yield rf.quorum();
                }
                int n = 0;
                for (String dc : rf.byDatacenter().keySet()) {
                    n += rf.localQuorum(dc);
                }
                yield n;
            }
        };
    }

    private static Verdict read(ConsistencyLevel level, ReplicationFactors rf, List<ReplicaState> replicas,
            String localDc) {
        List<ReplicaState> candidates = new ArrayList<>();
        for (ReplicaState r : replicas) {
            if (r.alive() && (!level.isDatacenterLocal() || r.datacenter().equals(localDc))) {
                candidates.add(r);
            }
        }
        // a coordinator that can reach a full replica asks it: full replicas are taken first
        candidates.sort((a, b) -> Boolean.compare(b.full(), a.full()));
        if (level == ConsistencyLevel.EACH_QUORUM && rf.networkTopology()) {
            return eachQuorum(level, RequestKind.READ, rf, replicas, candidates, 1);
        }
        int blockFor = blockFor(level, rf, localDc);
        List<ReplicaState> contacts = candidates.subList(0, Math.min(blockFor, candidates.size()));
        int live = contacts.size();
        int full = (int) contacts.stream().filter(ReplicaState::full).count();
        Map<String, Integer> required = level.isDatacenterLocal() ? Map.of(localDc, blockFor) : Map.of();
        String counted = level.isDatacenterLocal() ? "LOCAL_DATACENTER" : "ALL_DATACENTERS";
        boolean ok = live >= blockFor && full >= 1;
        return new Verdict(level, RequestKind.READ, true, ok, counted, blockFor, 1, live, full,
                counts(replicas, required), ok ? "enough live replicas" : shortfall(level, counted, localDc, blockFor,
                        1, live, full));
    }

    private static Verdict write(ConsistencyLevel level, ReplicationFactors rf, List<ReplicaState> replicas,
            String localDc) {
        if (level == ConsistencyLevel.ANY) {
            int live = (int) replicas.stream().filter(ReplicaState::alive).count();
            int full = (int) replicas.stream().filter(r -> r.alive() && r.full()).count();
            return new Verdict(level, RequestKind.WRITE, true, true, "HINT", 1, 0, live, full,
                    counts(replicas, Map.of()), live == 0
                            ? "no replica is live: the coordinator stores a hint and the write succeeds"
                            : "enough live replicas (a hint would do)");
        }
        if (level == ConsistencyLevel.EACH_QUORUM && rf.networkTopology()) {
            List<ReplicaState> live = replicas.stream().filter(ReplicaState::alive).toList();
            return eachQuorum(level, RequestKind.WRITE, rf, replicas, live, 0);
        }
        int blockFor = blockFor(level, rf, localDc);
        int live = 0;
        int full = 0;
        for (ReplicaState r : replicas) {
            if (r.alive() && (!level.isDatacenterLocal() || r.datacenter().equals(localDc))) {
                live++;
                full += r.full() ? 1 : 0;
            }
        }
        Map<String, Integer> required = level.isDatacenterLocal() ? Map.of(localDc, blockFor) : Map.of();
        String counted = level.isDatacenterLocal() ? "LOCAL_DATACENTER" : "ALL_DATACENTERS";
        boolean ok = live >= blockFor;
        return new Verdict(level, RequestKind.WRITE, true, ok, counted, blockFor, 0, live, full,
                counts(replicas, required), ok ? "enough live replicas" : shortfall(level, counted, localDc,
                        blockFor, 0, live, full));
    }

    private static Verdict eachQuorum(ConsistencyLevel level, RequestKind kind, ReplicationFactors rf,
            List<ReplicaState> replicas, List<ReplicaState> live, int requiredFull) {
        Map<String, Integer> required = new LinkedHashMap<>();
        rf.byDatacenter().keySet().forEach(dc -> required.put(dc, rf.localQuorum(dc)));
        int total = 0;
        int totalFull = 0;
        int blockFor = 0;
        String failed = null;
        for (Map.Entry<String, Integer> e : required.entrySet()) {
            blockFor += e.getValue();
            List<ReplicaState> inDc = live.stream().filter(r -> r.datacenter().equals(e.getKey())).toList();
            // a read contacts a local quorum per DC; a write counts every live replica
            List<ReplicaState> contacts = kind == RequestKind.READ
                    ? inDc.subList(0, Math.min(e.getValue(), inDc.size())) : inDc;
            if (inDc.size() < e.getValue() && failed == null) {
                failed = "EACH_QUORUM needs " + e.getValue() + " live replicas in " + e.getKey() + ", "
                        + inDc.size() + " are live";
            }
            total += contacts.size();
            totalFull += (int) contacts.stream().filter(ReplicaState::full).count();
        }
        if (failed == null && totalFull < requiredFull) {
            failed = "EACH_QUORUM needs a live full replica, none is live";
        }
        return new Verdict(level, kind, true, failed == null, "EACH_DATACENTER", blockFor, requiredFull, total,
                totalFull, counts(replicas, required), failed == null ? "enough live replicas in every data centre"
                        : failed);
    }

    private static Verdict paxos(ConsistencyLevel level, RequestKind kind, ReplicationFactors rf,
            List<ReplicaState> replicas, String localDc) {
        List<ReplicaState> participants = replicas.stream()
                .filter(r -> level == ConsistencyLevel.SERIAL || r.datacenter().equals(localDc)).toList();
        if (participants.stream().anyMatch(r -> !r.full())) {
            // mirrors ReplicaPlans.forPaxos' Replicas.temporaryAssertFull: LWTs need full replicas only
            return new Verdict(level, kind, false, false, "PAXOS_PARTICIPANTS", 0, 0, 0, 0, counts(replicas, Map.of()),
                    "lightweight transactions are not supported on transiently replicated keyspaces");
        }
        int required = participants.size() / 2 + 1;
        int live = (int) participants.stream().filter(ReplicaState::alive).count();
        Map<String, Integer> requiredByDc = level == ConsistencyLevel.LOCAL_SERIAL ? Map.of(localDc, required)
                : Map.of();
        String scope = level == ConsistencyLevel.SERIAL ? "" : " in " + localDc;
        if (live < required) {
            return new Verdict(level, kind, true, false, "PAXOS_PARTICIPANTS", required, required, live, live,
                    counts(replicas, requiredByDc), "Paxos needs " + required + " of the " + participants.size()
                            + " replicas" + scope + " live, " + live + " are live");
        }
        {
            // StorageProxy.readWithPaxos, and StorageProxy.cas to check the condition, then read the partition at
            // QUORUM (LOCAL_QUORUM for LOCAL_SERIAL)
            Verdict fetch = read(level == ConsistencyLevel.SERIAL ? ConsistencyLevel.QUORUM
                    : ConsistencyLevel.LOCAL_QUORUM, rf, replicas, localDc);
            if (!fetch.achievable()) {
                return new Verdict(level, kind, true, false, "PAXOS_PARTICIPANTS", required, required, live, live,
                        counts(replicas, requiredByDc), "Paxos can run, but the read after it: " + fetch.reason());
            }
        }
        return new Verdict(level, kind, true, true, "PAXOS_PARTICIPANTS", required, required, live, live,
                counts(replicas, requiredByDc), kind == RequestKind.WRITE
                        ? "enough live Paxos participants (SERIAL levels apply to conditional writes only)"
                        : "enough live Paxos participants");
    }

    private static String shortfall(ConsistencyLevel level, String counted, String localDc, int required,
            int requiredFull, int live, int liveFull) {
        String where = counted.equals("LOCAL_DATACENTER") ? " in " + localDc : "";
        if (live < required) {
            return level + " needs " + required + " live replicas" + where + ", " + live + " are live";
        }
        return level + " needs " + requiredFull + " live full replica" + where + ", " + liveFull + " is live";
    }

    private static Map<String, Verdict.DatacenterCount> counts(List<ReplicaState> replicas,
            Map<String, Integer> required) {
        Map<String, int[]> c = new LinkedHashMap<>();
        for (ReplicaState r : replicas) {
            int[] n = c.computeIfAbsent(r.datacenter(), k -> new int[4]);
            n[0]++;
            n[1] += r.full() ? 1 : 0;
            n[2] += r.alive() ? 1 : 0;
            n[3] += r.alive() && r.full() ? 1 : 0;
        }
        required.keySet().forEach(dc -> c.computeIfAbsent(dc, k -> new int[4]));
        Map<String, Verdict.DatacenterCount> out = new LinkedHashMap<>();
        c.forEach((dc, n) -> out.put(dc, new Verdict.DatacenterCount(n[0], n[1], n[2], n[3], required.get(dc))));
        return out;
    }
}
