package io.ringmap.restart;

import io.ringmap.consistency.Availability;
import io.ringmap.consistency.ConsistencyRules;
import io.ringmap.consistency.ReplicationFactors;
import io.ringmap.consistency.RequestKind;
import io.ringmap.consistency.Verdict;
import io.ringmap.consistency.WriteReplicas;
import io.ringmap.planning.PlanException;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Plans a rolling restart in waves: each wave stops as many nodes together as every keyspace's every range keeps its
 * level (writes counting pending replicas), whole racks first, then single nodes.
 *
 * <p>A wave grows one node at a time, each accepted only when {@link Availability#safeToStop} (the check behind
 * {@code /availability}'s {@code safeToStop}) says so with the wave's earlier nodes down: so no range that serves a
 * level now stops serving it, and each wave's {@link WaveCheck}s are {@link Availability#of} with the wave down, what
 * {@code /availability?down=} answers. Greedy in a fixed order (data centre, rack, ring position): racks are tried
 * whole before single nodes fill the wave, so a rack whose replicas the levels can lose goes in one wave.
 */
public final class RestartPlanner {

    private RestartPlanner() {}

    /**
     * The waves that restart {@code nodes}.
     *
     * @param now            the replicas as the coordinator counts them now (live nodes, ranges in motion)
     * @param keeps          the levels to keep, each for its keyspaces and coordinator data centre
     * @param nodes          ring node indexes to restart, none twice
     * @param parallelism    the most nodes one wave stops (1 or more)
     * @param blockingListed the most blocking ranges a refusal lists
     * @param maxRangeChecks the most ranges the plan's stop checks may look at, all checks together (each check of
     *                       a node looks at every range of every keyspace it keeps)
     * @throws RestartRefusedException when a node cannot stop even alone, with the ranges that block it
     * @throws PlanException (413) when the plan would look at more ranges than {@code maxRangeChecks}
     */
    public static RestartPlan plan(
            RingSnapshot snapshot,
            WriteReplicas now,
            List<LevelKept> keeps,
            List<Integer> nodes,
            int parallelism,
            int blockingListed,
            long maxRangeChecks) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be 1 or more, was " + parallelism);
        }
        TokenRing ring = snapshot.tokenRing();
        Budget budget = new Budget(snapshot, keeps, nodes.size(), maxRangeChecks);
        List<Integer> remaining = new ArrayList<>(new java.util.LinkedHashSet<>(nodes));
        remaining.sort(
                Comparator.<Integer, String>comparing(n -> ring.nodes().get(n).datacenter())
                        .thenComparing(n -> ring.nodes().get(n).rack())
                        .thenComparing(n -> n));
        refuseBlocked(snapshot, now, keeps, remaining, blockingListed, budget);
        List<Wave> waves = new ArrayList<>();
        while (!remaining.isEmpty()) {
            List<Integer> wave = new ArrayList<>();
            WriteReplicas down = now;
            for (List<Integer> rack : racks(ring, remaining).values()) {
                if (wave.size() + rack.size() <= parallelism) {
                    WriteReplicas after = stopAll(snapshot, keeps, down, rack, budget);
                    if (after != null) {
                        wave.addAll(rack);
                        down = after;
                    }
                }
            }
            for (int n : remaining) {
                if (wave.size() >= parallelism) {
                    break;
                }
                if (!wave.contains(n)) {
                    WriteReplicas after = stopAll(snapshot, keeps, down, List.of(n), budget);
                    if (after != null) {
                        wave.add(n);
                        down = after;
                    }
                }
            }
            // never empty: every node can stop alone (refuseBlocked), and the first one left is tried with none down
            remaining.removeAll(wave);
            waves.add(new Wave(waves.size() + 1, wave, wholeRacks(ring, wave), checks(snapshot, keeps, down)));
        }
        return new RestartPlan(waves, new HashSet<>(nodes).size());
    }

    /**
     * The replicas with {@code stopping} down as well, or null when one of them cannot stop without a keyspace losing
     * a level it serves with the nodes before it down.
     */
    static WriteReplicas stopAll(
            RingSnapshot snapshot, List<LevelKept> keeps, WriteReplicas down, List<Integer> stopping, Budget budget) {
        WriteReplicas w = down;
        for (int n : stopping) {
            budget.spend();
            for (LevelKept keep : keeps) {
                if (!Availability.safeToStop(snapshot, keep.keyspaces(), keep.level(), keep.coordinatorDc(), w, n)
                        .safe()) {
                    return null;
                }
            }
            w = w.without(n);
        }
        return w;
    }

    /** The ranges the stop checks may still look at; each check of one node looks at every kept keyspace's ranges. */
    static final class Budget {

        private final long perCheck;
        private final long max;
        private final int nodes;
        private long spent;

        Budget(RingSnapshot snapshot, List<LevelKept> keeps, int nodes, long max) {
            this.perCheck = (long) snapshot.tokenRing().size()
                    * keeps.stream().mapToInt(k -> k.keyspaces().size()).sum();
            this.max = max;
            this.nodes = nodes;
        }

        void spend() {
            spent += perCheck;
            if (spent > max) {
                throw PlanException.tooLarge(
                        "nodes",
                        spent,
                        "range checks to plan " + nodes + " nodes (or more)",
                        max,
                        "a restart plan makes",
                        "ringmap.plan.restart.max-range-checks");
            }
        }
    }

    /** The candidates grouped by {@code dc/rack}, in their order. */
    private static Map<String, List<Integer>> racks(TokenRing ring, List<Integer> nodes) {
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        for (int n : nodes) {
            out.computeIfAbsent(rackOf(ring.nodes().get(n)), r -> new ArrayList<>())
                    .add(n);
        }
        return out;
    }

    private static String rackOf(Node node) {
        return node.datacenter() + "/" + node.rack();
    }

    /** The racks all of whose ring members are in {@code wave}. */
    private static List<String> wholeRacks(TokenRing ring, List<Integer> wave) {
        Map<String, List<Integer>> all = racks(
                ring,
                java.util.stream.IntStream.range(0, ring.nodes().size()).boxed().toList());
        return all.entrySet().stream()
                .filter(e -> wave.containsAll(e.getValue()))
                .map(Map.Entry::getKey)
                .sorted()
                .toList();
    }

    /** Per keyspace kept, what {@code /availability} says with the wave down, and the tightest range. */
    private static List<WaveCheck> checks(RingSnapshot snapshot, List<LevelKept> keeps, WriteReplicas down) {
        List<WaveCheck> out = new ArrayList<>();
        for (LevelKept keep : keeps) {
            for (KeyspacePlacement.Placed k : keep.keyspaces()) {
                Availability.KeyspaceAvailability a =
                        Availability.of(snapshot, k, keep.level(), keep.coordinatorDc(), down);
                out.add(new WaveCheck(
                        k.keyspace(),
                        keep.level(),
                        keep.coordinatorDc(),
                        a.ranges(),
                        a.unavailableForReads(),
                        a.unavailableForWrites(),
                        reason(snapshot, keep, k, down, a)));
            }
        }
        return out;
    }

    private static String reason(
            RingSnapshot snapshot,
            LevelKept keep,
            KeyspacePlacement.Placed k,
            WriteReplicas down,
            Availability.KeyspaceAvailability a) {
        TokenRing ring = snapshot.tokenRing();
        ReplicationFactors rf =
                ReplicationFactors.of(k.replication(), ring.nodes().size());
        RequestKind kind = RequestKind.READ;
        Verdict tightest = null;
        int at = -1;
        for (RequestKind tried : List.of(RequestKind.READ, RequestKind.WRITE)) {
            for (int i = 0; i < ring.size(); i++) {
                Verdict v = ConsistencyRules.check(
                        keep.level(),
                        tried,
                        rf,
                        Availability.replicaStates(ring, k.replicasAt(i), down.live()),
                        keep.coordinatorDc());
                if (v.valid()
                        && v.achievable()
                        && (tightest == null
                                || counted(v, keep) - v.required() < counted(tightest, keep) - tightest.required())) {
                    tightest = v;
                    at = i;
                    kind = tried;
                }
            }
            if (tightest != null) {
                break; // reads when the level applies to them, else writes (ANY)
            }
        }
        String where = keep.coordinatorDc() != null && keep.level().needsLocalDatacenter()
                ? " from " + keep.coordinatorDc()
                : "";
        String failing = a.unavailableForReads() + a.unavailableForWrites() == 0
                ? ""
                : String.format(
                        Locale.ROOT,
                        "; %d ranges (reads) and %d (writes) failed %s before the restart " + "too",
                        a.unavailableForReads(),
                        a.unavailableForWrites(),
                        keep.level());
        if (tightest == null) {
            return "no range of " + k.keyspace() + " serves " + keep.level() + where + " now" + failing;
        }
        return String.format(
                Locale.ROOT,
                "every range of %s keeps %s%s: the tightest, %s, has %d live replicas " + "where %s needs %d (%s)%s",
                k.keyspace(),
                keep.level(),
                where,
                "(" + ring.rangeAt(at).start() + ", " + ring.rangeAt(at).end() + "]",
                counted(tightest, keep),
                keep.level(),
                tightest.required(),
                kind == RequestKind.READ ? "reads" : "writes",
                failing);
    }

    /** The live replicas a verdict counts: in the coordinator's data centre for the LOCAL_* levels, else all. */
    private static int counted(Verdict v, LevelKept keep) {
        if (keep.level().needsLocalDatacenter()) {
            Verdict.DatacenterCount dc = v.datacenters().get(keep.coordinatorDc());
            return dc == null ? 0 : dc.live();
        }
        return v.datacenters().values().stream()
                .mapToInt(Verdict.DatacenterCount::live)
                .sum();
    }

    /** Refuses when some node cannot stop even alone, listing the ranges that would lose their level. */
    private static void refuseBlocked(
            RingSnapshot snapshot,
            WriteReplicas now,
            List<LevelKept> keeps,
            List<Integer> nodes,
            int listed,
            Budget budget) {
        List<BlockingRange> blocking = new ArrayList<>();
        int total = 0;
        TokenRing ring = snapshot.tokenRing();
        for (int n : nodes) {
            if (stopAll(snapshot, keeps, now, List.of(n), budget) != null) {
                continue;
            }
            WriteReplicas after = now.without(n);
            for (LevelKept keep : keeps) {
                for (KeyspacePlacement.Placed k : keep.keyspaces()) {
                    Set<String> before = new HashSet<>();
                    Availability.of(snapshot, k, keep.level(), keep.coordinatorDc(), now)
                            .unavailable()
                            .forEach(o -> before.addAll(failing(o)));
                    for (Availability.RangeOutage o : Availability.of(
                                    snapshot, k, keep.level(), keep.coordinatorDc(), after)
                            .unavailable()) {
                        List<String> lost = new ArrayList<>(failing(o));
                        lost.removeAll(before);
                        if (lost.isEmpty()) {
                            continue;
                        }
                        total++;
                        if (blocking.size() < listed) {
                            Verdict v = lost.get(0).endsWith("READ") ? o.read() : o.write();
                            blocking.add(new BlockingRange(
                                    ring.nodes().get(n).address(),
                                    k.keyspace(),
                                    keep.level(),
                                    keep.coordinatorDc(),
                                    o.range().start().toString(),
                                    o.range().end().toString(),
                                    o.replicas(),
                                    v.reason()));
                        }
                    }
                }
            }
        }
        if (total > 0) {
            throw new RestartRefusedException(blocking, total);
        }
    }

    /** {@code tokenIndex:READ}/{@code tokenIndex:WRITE} for each kind of request the range fails. */
    private static List<String> failing(Availability.RangeOutage o) {
        List<String> out = new ArrayList<>(2);
        if (o.read().valid() && !o.read().achievable()) {
            out.add(o.tokenIndex() + ":READ");
        }
        if (o.write().valid() && !o.write().achievable()) {
            out.add(o.tokenIndex() + ":WRITE");
        }
        return out;
    }
}
