package io.ringmap.consistency;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cassandra's arithmetic for "can this request be served at this consistency level": the replicas it blocks for and
 * whether enough are live. Pure: the caller says which replicas are live and which data centre the coordinator is in.
 *
 * <p>Mirrors Cassandra 5.0: {@code ConsistencyLevel.blockFor} / {@code blockForWrite} (a write blocks for the
 * level's count plus every pending replica, of the coordinator's DC for LOCAL_*, and counts live pending replicas
 * beside natural ones; reads never involve pending replicas), {@code ReplicaPlans.assureSufficientLiveReplicasForRead/ForWrite} (reads need at
 * least one full replica among those contacted, writes count transient replicas too), {@code ReplicaPlans.forRead}
 * (a read contacts the first {@code blockFor} live candidates, only local ones for LOCAL_*, and per DC a local quorum
 * for EACH_QUORUM), and {@code ReplicaPlans.forPaxos} (SERIAL / LOCAL_SERIAL: a majority of the replicas, of the
 * local DC for LOCAL_SERIAL, must be live, pending replicas among the participants, and more than one pending
 * replica refuses the LWT; a SERIAL read or conditional write then reads the partition at QUORUM, a
 * LOCAL_SERIAL one at LOCAL_QUORUM; a conditional write's commit at its own consistency level is not counted here). ANY writes always succeed at the coordinator (a hint is stored); ANY reads are rejected.
 */
public final class ConsistencyRules {

    private ConsistencyRules() {}

    /**
     * The verdict for one token range.
     *
     * @param replicas the range's replicas in placement order, then its pending replicas (writes only count them)
     * @param localDatacenter the coordinator's DC; required for LOCAL_ONE, LOCAL_QUORUM and LOCAL_SERIAL
     * @throws IllegalArgumentException when a LOCAL_* level is asked without a local data centre
     */
    public static Verdict check(
            ConsistencyLevel level,
            RequestKind kind,
            ReplicationFactors rf,
            List<ReplicaState> replicas,
            String localDatacenter) {
        if (level.needsLocalDatacenter() && (localDatacenter == null || localDatacenter.isBlank())) {
            throw new IllegalArgumentException(level + " needs the coordinator's data centre");
        }
        if (kind == RequestKind.READ && level == ConsistencyLevel.ANY) {
            return new Verdict(
                    level,
                    kind,
                    false,
                    false,
                    "HINT",
                    0,
                    0,
                    0,
                    0,
                    counts(replicas, Map.of()),
                    "ANY ConsistencyLevel is only supported for writes");
        }
        if (level.isSerial()) {
            return paxos(level, kind, rf, replicas, localDatacenter);
        }
        return kind == RequestKind.READ
                ? read(level, rf, replicas, localDatacenter)
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

    private static Verdict read(ConsistencyLevel level, ReplicationFactors rf, List<ReplicaState> all, String localDc) {
        // reads go to natural replicas only
        List<ReplicaState> replicas = all.stream().noneMatch(ReplicaState::pending)
                ? all
                : all.stream().filter(r -> !r.pending()).toList();
        List<ReplicaState> candidates = new ArrayList<>();
        for (ReplicaState r : replicas) {
            if (r.alive() && (!level.isDatacenterLocal() || r.datacenter().equals(localDc))) {
                candidates.add(r);
            }
        }
        // the best case, full replicas first; Cassandra itself contacts them in proximity order (see below)
        List<ReplicaState> best = new ArrayList<>(candidates);
        best.sort((a, b) -> Boolean.compare(b.full(), a.full()));
        if (level == ConsistencyLevel.EACH_QUORUM && rf.networkTopology()) {
            return eachQuorum(level, RequestKind.READ, rf, replicas, best, 1);
        }
        int blockFor = blockFor(level, rf, localDc);
        List<ReplicaState> contacts = best.subList(0, Math.min(blockFor, best.size()));
        int live = contacts.size();
        int full = (int) contacts.stream().filter(ReplicaState::full).count();
        Map<String, Integer> required = level.isDatacenterLocal() ? Map.of(localDc, blockFor) : Map.of();
        String counted = level.isDatacenterLocal() ? "LOCAL_DATACENTER" : "ALL_DATACENTERS";
        boolean ok = live >= blockFor && full >= 1;
        if (!ok) {
            return new Verdict(
                    level,
                    RequestKind.READ,
                    true,
                    false,
                    counted,
                    blockFor,
                    1,
                    live,
                    full,
                    counts(replicas, required),
                    shortfall(level, counted, localDc, blockFor, 1, live, full));
        }
        // mirrors ReplicaPlans.forRead / contactForRead: the first blockFor live candidates as the snitch sorts them
        // (sortedByProximity: the coordinator, its rack, its DC, then latency), with no preference for full
        // replicas; assureSufficientLiveReplicasForRead then needs a full one among those contacts
        int transientCandidates = candidates.size()
                - (int) candidates.stream().filter(ReplicaState::full).count();
        if (transientCandidates >= blockFor) {
            String where = level.isDatacenterLocal() ? " in " + localDc : "";
            return new Verdict(
                    level,
                    RequestKind.READ,
                    true,
                    false,
                    counted,
                    blockFor,
                    1,
                    live,
                    full,
                    counts(replicas, required),
                    level + " reads contact the first " + blockFor + " live replica"
                            + (blockFor == 1 ? "" : "s") + where + " in the coordinator's proximity order (itself, "
                            + "its rack, its data centre, then latency), not full ones first; " + transientCandidates
                            + " of the " + candidates.size() + " live are transient, so a coordinator closest to "
                            + (transientCandidates == 1 ? "it" : "them") + " fails with UnavailableException",
                    Verdict.Failure.UNAVAILABLE_AT_SOME_COORDINATORS);
        }
        return new Verdict(
                level,
                RequestKind.READ,
                true,
                true,
                counted,
                blockFor,
                1,
                live,
                full,
                counts(replicas, required),
                "enough live replicas");
    }

    private static Verdict write(
            ConsistencyLevel level, ReplicationFactors rf, List<ReplicaState> replicas, String localDc) {
        if (level == ConsistencyLevel.ANY) {
            int live = (int) replicas.stream().filter(ReplicaState::alive).count();
            int full =
                    (int) replicas.stream().filter(r -> r.alive() && r.full()).count();
            return new Verdict(
                    level,
                    RequestKind.WRITE,
                    true,
                    true,
                    "HINT",
                    1,
                    0,
                    live,
                    full,
                    counts(replicas, Map.of()),
                    live == 0
                            ? "no replica is live: the coordinator stores a hint and the write succeeds"
                            : "enough live replicas (a hint would do)");
        }
        Verdict accepted;
        if (level == ConsistencyLevel.EACH_QUORUM && rf.networkTopology()) {
            List<ReplicaState> live =
                    replicas.stream().filter(ReplicaState::alive).toList();
            accepted = eachQuorum(level, RequestKind.WRITE, rf, replicas, live, 0);
            if (accepted.achievable()) {
                accepted = eachQuorumWithPending(accepted, rf, replicas);
            }
        } else {
            // mirrors ConsistencyLevel.blockForWrite: plus every pending replica (of the coordinator's DC for LOCAL_*)
            int pending = 0;
            int live = 0;
            int full = 0;
            for (ReplicaState r : replicas) {
                if (!level.isDatacenterLocal() || r.datacenter().equals(localDc)) {
                    pending += r.pending() ? 1 : 0;
                    if (r.alive()) {
                        live++;
                        full += r.full() ? 1 : 0;
                    }
                }
            }
            int blockFor = blockFor(level, rf, localDc) + pending;
            Map<String, Integer> required = level.isDatacenterLocal() ? Map.of(localDc, blockFor) : Map.of();
            String counted = level.isDatacenterLocal() ? "LOCAL_DATACENTER" : "ALL_DATACENTERS";
            boolean ok = live >= blockFor;
            String withPending = pending == 0
                    ? ""
                    : " (" + blockFor(level, rf, localDc) + " for " + level + " plus " + pending + " pending replica"
                            + (pending == 1 ? "" : "s") + ")";
            accepted = new Verdict(
                    level,
                    RequestKind.WRITE,
                    true,
                    ok,
                    counted,
                    blockFor,
                    0,
                    live,
                    full,
                    counts(replicas, required),
                    ok
                            ? "enough live replicas" + withPending
                            : shortfall(level, counted, localDc, blockFor, 0, live, full) + withPending);
        }
        if (!accepted.achievable() || replicas.stream().allMatch(ReplicaState::full)) {
            return accepted;
        }
        return cheapQuorum(accepted, level, rf, replicas, localDc);
    }

    /**
     * A write accepted on a transiently replicated range: mirrors {@code ReplicaPlans.writeNormal}, which sends it to
     * every full replica (live or down) and only to as many live transient replicas as a quorum per DC still needs
     * ({@code eachQuorumForWrite}: per DC of NetworkTopologyStrategy, else a quorum in the coordinator's DC), and the
     * response handler, which waits for blockFor acknowledgements (LOCAL_*: from the coordinator's DC; EACH_QUORUM:
     * a local quorum per DC). When those contacts cannot acknowledge it, only rapid write protection saves it.
     */
    private static Verdict cheapQuorum(
            Verdict accepted,
            ConsistencyLevel level,
            ReplicationFactors rf,
            List<ReplicaState> replicas,
            String localDc) {
        List<String> coordinatorDcs = new ArrayList<>();
        if (rf.networkTopology() || localDc != null) {
            coordinatorDcs.add(localDc);
        } else {
            // SimpleStrategy asks for the quorum in the coordinator's DC: unknown here, so every DC is tried
            replicas.stream().map(ReplicaState::datacenter).distinct().forEach(coordinatorDcs::add);
        }
        for (String coordinatorDc : coordinatorDcs) {
            Map<String, Integer> needed = new LinkedHashMap<>();
            if (rf.networkTopology()) {
                rf.byDatacenter().keySet().forEach(dc -> needed.put(dc, rf.localQuorum(dc)));
            } else {
                needed.put(coordinatorDc, rf.quorum());
            }
            Map<String, Integer> acks = new LinkedHashMap<>();
            for (ReplicaState r : replicas) {
                if (r.full() && r.alive()) {
                    needed.merge(r.datacenter(), -1, Integer::sum);
                    acks.merge(r.datacenter(), 1, Integer::sum);
                }
            }
            for (ReplicaState r : replicas) {
                if (!r.full() && r.alive() && needed.merge(r.datacenter(), -1, Integer::sum) >= 0) {
                    acks.merge(r.datacenter(), 1, Integer::sum);
                }
            }
            String shortfall = null;
            if (level.isDatacenterLocal()) {
                int got = acks.getOrDefault(localDc, 0);
                shortfall = got >= accepted.required() ? null : got + " in " + localDc;
            } else if (level == ConsistencyLevel.EACH_QUORUM && rf.networkTopology()) {
                for (String dc : rf.byDatacenter().keySet()) {
                    int got = acks.getOrDefault(dc, 0);
                    if (got < rf.localQuorum(dc) && shortfall == null) {
                        shortfall = got + " of the " + rf.localQuorum(dc) + " needed in " + dc;
                    }
                }
            } else {
                int got = acks.values().stream().mapToInt(Integer::intValue).sum();
                shortfall = got >= accepted.required() ? null : Integer.toString(got);
            }
            if (shortfall != null) {
                return new Verdict(
                        level,
                        RequestKind.WRITE,
                        true,
                        false,
                        accepted.counted(),
                        accepted.required(),
                        0,
                        accepted.live(),
                        accepted.liveFull(),
                        accepted.datacenters(),
                        level + " is accepted, but the "
                                + "cheap quorum (every full replica, and live transient ones only as far as a quorum"
                                + " per data centre needs"
                                + (rf.networkTopology() ? "" : ", for a coordinator in " + coordinatorDc) + ") has "
                                + shortfall + " live replicas to acknowledge it, "
                                + accepted.required() + " needed: it times out unless rapid write protection sends it"
                                + " to more live transient replicas in time",
                        Verdict.Failure.MAY_TIME_OUT);
            }
        }
        return accepted;
    }

    /**
     * An accepted EACH_QUORUM write while ranges are in motion: mirrors {@code DatacenterSyncWriteResponseHandler},
     * which waits in each DC for a local quorum plus the DC's pending replicas, although
     * {@code assureSufficientLiveReplicas} accepted the write with a local quorum live per DC.
     */
    private static Verdict eachQuorumWithPending(Verdict accepted, ReplicationFactors rf, List<ReplicaState> replicas) {
        for (String dc : rf.byDatacenter().keySet()) {
            int pending = 0;
            int live = 0;
            for (ReplicaState r : replicas) {
                if (r.datacenter().equals(dc)) {
                    pending += r.pending() ? 1 : 0;
                    live += r.alive() ? 1 : 0;
                }
            }
            int acks = rf.localQuorum(dc) + pending;
            if (pending > 0 && live < acks) {
                return new Verdict(
                        accepted.level(),
                        RequestKind.WRITE,
                        true,
                        false,
                        accepted.counted(),
                        accepted.required(),
                        0,
                        accepted.live(),
                        accepted.liveFull(),
                        accepted.datacenters(),
                        "EACH_QUORUM is accepted, but the coordinator waits in " + dc + " for " + acks
                                + " acknowledgements (a local quorum of " + rf.localQuorum(dc) + " plus " + pending
                                + " pending replica" + (pending == 1 ? "" : "s") + ") and " + areLive(live)
                                + ": it times out",
                        Verdict.Failure.TIMES_OUT);
            }
        }
        return accepted;
    }

    private static Verdict eachQuorum(
            ConsistencyLevel level,
            RequestKind kind,
            ReplicationFactors rf,
            List<ReplicaState> replicas,
            List<ReplicaState> live,
            int requiredFull) {
        Map<String, Integer> required = new LinkedHashMap<>();
        rf.byDatacenter().keySet().forEach(dc -> required.put(dc, rf.localQuorum(dc)));
        int total = 0;
        int totalFull = 0;
        int blockFor = 0;
        String failed = null;
        for (Map.Entry<String, Integer> e : required.entrySet()) {
            blockFor += e.getValue();
            List<ReplicaState> inDc =
                    live.stream().filter(r -> r.datacenter().equals(e.getKey())).toList();
            // a read contacts a local quorum per DC; a write counts every live replica
            List<ReplicaState> contacts =
                    kind == RequestKind.READ ? inDc.subList(0, Math.min(e.getValue(), inDc.size())) : inDc;
            if (inDc.size() < e.getValue() && failed == null) {
                failed = "EACH_QUORUM needs " + e.getValue() + " live replicas in " + e.getKey() + ", "
                        + areLive(inDc.size());
            }
            total += contacts.size();
            totalFull += (int) contacts.stream().filter(ReplicaState::full).count();
        }
        if (failed == null && totalFull < requiredFull) {
            failed = "EACH_QUORUM needs a live full replica, none is live";
        }
        if (failed == null && kind == RequestKind.READ) {
            // each DC's local quorum is the first live replicas in proximity order: could all of them be transient?
            boolean allTransientPossible = true;
            for (Map.Entry<String, Integer> e : required.entrySet()) {
                long transientLive = live.stream()
                        .filter(r -> r.datacenter().equals(e.getKey()) && !r.full())
                        .count();
                allTransientPossible &= transientLive >= e.getValue();
            }
            if (allTransientPossible) {
                return new Verdict(
                        level,
                        kind,
                        true,
                        false,
                        "EACH_DATACENTER",
                        blockFor,
                        requiredFull,
                        total,
                        totalFull,
                        counts(replicas, required),
                        "EACH_QUORUM reads contact a local quorum per data "
                                + "centre in the coordinator's proximity order, not full replicas first; in every data "
                                + "centre those can all be transient, so from some coordinators the read fails with "
                                + "UnavailableException",
                        Verdict.Failure.UNAVAILABLE_AT_SOME_COORDINATORS);
            }
        }
        return new Verdict(
                level,
                kind,
                true,
                failed == null,
                "EACH_DATACENTER",
                blockFor,
                requiredFull,
                total,
                totalFull,
                counts(replicas, required),
                failed == null ? "enough live replicas in every data centre" : failed);
    }

    private static Verdict paxos(
            ConsistencyLevel level,
            RequestKind kind,
            ReplicationFactors rf,
            List<ReplicaState> replicas,
            String localDc) {
        List<ReplicaState> participants = replicas.stream()
                .filter(r -> level == ConsistencyLevel.SERIAL || r.datacenter().equals(localDc))
                .toList();
        if (replicas.stream().anyMatch(r -> !r.full())) {
            // mirrors ReplicaPlans.forPaxos' Replicas.temporaryAssertFull, over every replica before LOCAL_SERIAL keeps
            // the local ones: Cassandra 5.0 answers a server error (UnsupportedOperationException)
            return new Verdict(
                    level,
                    kind,
                    false,
                    false,
                    "PAXOS_PARTICIPANTS",
                    0,
                    0,
                    0,
                    0,
                    counts(replicas, Map.of()),
                    "lightweight transactions are not supported on transiently replicated keyspaces");
        }
        // mirrors ReplicaPlans.forPaxos: natural and pending replicas (of the local DC for LOCAL_SERIAL) take part
        int required = participants.size() / 2 + 1;
        int live = (int) participants.stream().filter(ReplicaState::alive).count();
        int pending = (int) participants.stream().filter(ReplicaState::pending).count();
        Map<String, Integer> requiredByDc =
                level == ConsistencyLevel.LOCAL_SERIAL ? Map.of(localDc, required) : Map.of();
        String scope = level == ConsistencyLevel.SERIAL ? "" : " in " + localDc;
        if (live < required) {
            return new Verdict(
                    level,
                    kind,
                    true,
                    false,
                    "PAXOS_PARTICIPANTS",
                    required,
                    required,
                    live,
                    live,
                    counts(replicas, requiredByDc),
                    "Paxos needs " + required + " of the " + participants.size() + " replicas" + scope + " live, "
                            + areLive(live));
        }
        if (pending > 1) {
            // ReplicaPlans.forPaxos refuses whatever is live (CASSANDRA-8346), claiming one more than all participants
            return new Verdict(
                    level,
                    kind,
                    true,
                    false,
                    "PAXOS_PARTICIPANTS",
                    participants.size() + 1,
                    required,
                    live,
                    live,
                    counts(replicas, requiredByDc),
                    "Cassandra refuses lightweight transactions while " + pending + " replicas" + scope
                            + " are pending (more than one pending range movement)");
        }
        {
            // StorageProxy.readWithPaxos, and StorageProxy.cas to check the condition, then read the partition at
            // QUORUM (LOCAL_QUORUM for LOCAL_SERIAL)
            Verdict fetch = read(
                    level == ConsistencyLevel.SERIAL ? ConsistencyLevel.QUORUM : ConsistencyLevel.LOCAL_QUORUM,
                    rf,
                    replicas,
                    localDc);
            if (!fetch.achievable()) {
                return new Verdict(
                        level,
                        kind,
                        true,
                        false,
                        "PAXOS_PARTICIPANTS",
                        required,
                        required,
                        live,
                        live,
                        counts(replicas, requiredByDc),
                        "Paxos can run, but the read after it: " + fetch.reason());
            }
        }
        return new Verdict(
                level,
                kind,
                true,
                true,
                "PAXOS_PARTICIPANTS",
                required,
                required,
                live,
                live,
                counts(replicas, requiredByDc),
                kind == RequestKind.WRITE
                        ? "enough live Paxos participants (SERIAL levels apply to conditional writes only)"
                        : "enough live Paxos participants");
    }

    private static String shortfall(
            ConsistencyLevel level,
            String counted,
            String localDc,
            int required,
            int requiredFull,
            int live,
            int liveFull) {
        String where = counted.equals("LOCAL_DATACENTER") ? " in " + localDc : "";
        if (live < required) {
            return level + " needs " + required + " live replicas" + where + ", " + areLive(live);
        }
        return level + " needs " + requiredFull + " live full replica" + where + ", " + liveFull + " is live";
    }

    private static Map<String, Verdict.DatacenterCount> counts(
            List<ReplicaState> replicas, Map<String, Integer> required) {
        Map<String, int[]> c = new LinkedHashMap<>();
        for (ReplicaState r : replicas) {
            int[] n = c.computeIfAbsent(r.datacenter(), k -> new int[5]);
            n[0]++;
            n[4] += r.pending() ? 1 : 0;
            n[1] += r.full() ? 1 : 0;
            n[2] += r.alive() ? 1 : 0;
            n[3] += r.alive() && r.full() ? 1 : 0;
        }
        required.keySet().forEach(dc -> c.computeIfAbsent(dc, k -> new int[5]));
        Map<String, Verdict.DatacenterCount> out = new LinkedHashMap<>();
        c.forEach((dc, n) -> out.put(dc, new Verdict.DatacenterCount(n[0], n[1], n[2], n[3], required.get(dc), n[4])));
        return out;
    }

    /** "1 is live", "2 are live". */
    private static String areLive(int live) {
        return live + (live == 1 ? " is live" : " are live");
    }
}
