package io.ringmap.restart.service;

import io.ringmap.consistency.Availability;
import io.ringmap.consistency.AvailabilityRequestException;
import io.ringmap.consistency.ConsistencyLevel;
import io.ringmap.consistency.WriteReplicas;
import io.ringmap.planning.PlanException;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.problem.ProblemKind;
import io.ringmap.restart.LevelKept;
import io.ringmap.restart.NodeView;
import io.ringmap.restart.RestartGuide;
import io.ringmap.restart.RestartPlan;
import io.ringmap.restart.RestartPlanner;
import io.ringmap.restart.RestartRefusedException;
import io.ringmap.restart.Wave;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;

/** Answers {@code POST /plan/restart} and its guide {@code POST /plan/restart/next}, each from one served snapshot. */
public class RestartService {

    private final RoutingService routing;
    private final String configuredLocalDc;
    private final RestartLimits limits;
    private final NodeViews views;
    private final java.time.Clock clock;

    /**
     * @param configuredLocalDc the coordinator's data centre for the levels that are not LOCAL_* (it matters for
     *                          transiently replicated SimpleStrategy keyspaces), null for none
     */
    public RestartService(
            RoutingService routing,
            String configuredLocalDc,
            RestartLimits limits,
            NodeViews views,
            java.time.Clock clock) {
        this.clock = clock;
        this.routing = routing;
        this.configuredLocalDc = configuredLocalDc;
        this.limits = limits;
        this.views = views;
    }

    /**
     * The waves that restart the nodes asked for as the ring is now.
     *
     * @throws RestartRefusedException when some node cannot stop even alone without a keyspace losing its level
     */
    public PlannedRestart plan(RestartQuestion question) {
        Question q = question(question, List.of());
        return planned(q, q.candidates());
    }

    /**
     * The guide: with {@code restarted} restarted already, which nodes may stop now, or why to wait (a restarted
     * node not UP in ringmap's view, its native transport not open, or a live node's own view not showing it back).
     */
    public RestartGuidance next(RestartQuestion question, List<String> restarted) {
        Question q = question(question, restarted);
        TokenRing ring = q.served().tokenRing();
        List<Integer> remaining = new ArrayList<>(q.candidates());
        remaining.removeAll(q.restarted());
        List<NodeView> read = q.restarted().isEmpty() ? List.of() : views.read(readable(ring, q.restarted()));
        Map<String, NodeView> byNode = new LinkedHashMap<>();
        read.forEach(v -> byNode.put(v.node(), v));
        List<RestartGuide.Wait> waits = new ArrayList<>(RestartGuide.waits(ring, q.restarted(), byNode));
        PlannedRestart.PlannedWave next = null;
        int wavesLeft = 0;
        if (!remaining.isEmpty()) {
            try {
                PlannedRestart plan = planned(q, remaining);
                next = plan.waves().get(0);
                wavesLeft = plan.waves().size();
            } catch (RestartRefusedException e) {
                waits.add(new RestartGuide.Wait(
                        null, null, "no remaining node can stop now without losing a " + "level: " + e.getMessage()));
            }
        }
        RestartGuidance.Action action = remaining.isEmpty() && waits.isEmpty()
                ? RestartGuidance.Action.DONE
                : waits.isEmpty() ? RestartGuidance.Action.STOP : RestartGuidance.Action.WAIT;
        return new RestartGuidance(
                action,
                action == RestartGuidance.Action.STOP ? next.nodes() : List.of(),
                next,
                addresses(ring, q.restarted()),
                addresses(ring, remaining),
                wavesLeft,
                waits,
                read,
                clock.instant(),
                q.served());
    }

    /** The nodes whose views the guide reads: every node UP in ringmap's view, and every restarted one. */
    private static List<Node> readable(TokenRing ring, List<Integer> restarted) {
        List<Node> out = new ArrayList<>();
        for (int n = 0; n < ring.nodes().size(); n++) {
            if (ring.nodes().get(n).state() == NodeState.UP || restarted.contains(n)) {
                out.add(ring.nodes().get(n));
            }
        }
        return out;
    }

    private PlannedRestart planned(Question q, List<Integer> nodes) {
        RingSnapshot snapshot = q.served().ring();
        TokenRing ring = snapshot.tokenRing();
        WriteReplicas now = new WriteReplicas(
                ring, Availability.liveNodes(ring, List.of()), q.served().motion(), Set.of());
        RestartPlan plan = RestartPlanner.plan(
                snapshot, now, q.keeps(), nodes, q.parallelism(), limits.blockingListed(), limits.maxRangeChecks());
        List<PlannedRestart.PlannedWave> waves = new ArrayList<>();
        for (Wave w : plan.waves()) {
            waves.add(new PlannedRestart.PlannedWave(
                    w.number(),
                    addresses(ring, w.nodes()),
                    w.nodes().stream()
                            .map(n -> ring.nodes().get(n).datacenter() + "/"
                                    + ring.nodes().get(n).rack())
                            .toList(),
                    w.wholeRacks(),
                    w.checks()));
        }
        Map<ConsistencyLevel, List<String>> datacenters = new TreeMap<>();
        q.keeps().forEach(k -> {
            if (k.coordinatorDc() != null) {
                datacenters.computeIfAbsent(k.level(), l -> new ArrayList<>()).add(k.coordinatorDc());
            }
        });
        return new PlannedRestart(waves, plan.oneAtATime(), q.levels(), datacenters, q.served());
    }

    private static List<String> addresses(TokenRing ring, List<Integer> nodes) {
        return nodes.stream().map(n -> ring.nodes().get(n).address()).toList();
    }

    /** A checked request on one snapshot. */
    private record Question(
            ServedSnapshot served,
            List<Integer> candidates,
            List<Integer> restarted,
            List<LevelKept> keeps,
            Map<String, ConsistencyLevel> levels,
            int parallelism) {}

    private Question question(RestartQuestion q, List<String> restarted) {
        if (q.nodes().size() > limits.maxNodes() || restarted.size() > limits.maxNodes()) {
            boolean first = q.nodes().size() > limits.maxNodes();
            throw PlanException.tooLarge(
                    first ? "nodes" : "restarted",
                    first ? q.nodes().size() : restarted.size(),
                    "nodes",
                    limits.maxNodes(),
                    "a restart plan names",
                    "ringmap.plan.restart.max-nodes");
        }
        if (q.keyspaces().size() > limits.maxKeyspaceLevels()) {
            throw PlanException.tooLarge(
                    "keyspaces",
                    q.keyspaces().size(),
                    "keyspace levels",
                    limits.maxKeyspaceLevels(),
                    "a restart plan keeps",
                    "ringmap.plan.restart.max-keyspace-levels");
        }
        if (q.parallelism() != null && q.parallelism() < 1) {
            throw new InvalidParameterException(
                    "parallelism", "parallelism is the most nodes stopped at once: 1 or more, was " + q.parallelism());
        }
        if ((q.consistency() == null || q.consistency().isBlank())
                && q.keyspaces().isEmpty()) {
            throw new InvalidParameterException(
                    "consistency",
                    "give the level to keep: consistency (every keyspace) or keyspaces (a level per keyspace)");
        }
        ServedSnapshot served = routing.snapshot();
        TokenRing ring = served.tokenRing();
        List<Integer> candidates = q.nodes().isEmpty()
                ? IntStream.range(0, ring.nodes().size()).boxed().toList()
                : members(ring, q.nodes(), "nodes");
        List<Integer> done = members(ring, restarted, "restarted");
        Map<String, ConsistencyLevel> levels = levels(served, q);
        List<String> known =
                ring.nodes().stream().map(Node::datacenter).distinct().sorted().toList();
        Map<ConsistencyLevel, List<KeyspacePlacement.Placed>> byLevel = new EnumMap<>(ConsistencyLevel.class);
        levels.forEach((k, level) ->
                byLevel.computeIfAbsent(level, l -> new ArrayList<>()).add(routing.placement(served, k)));
        List<LevelKept> keeps = new ArrayList<>();
        byLevel.forEach((level, keyspaces) -> {
            if (level.needsLocalDatacenter() && (q.dc() == null || q.dc().isBlank())) {
                // clients in every data centre use LOCAL_* levels each in their own: keep it in each
                known.forEach(dc -> keeps.add(new LevelKept(level, dc, keyspaces)));
            } else {
                keeps.add(new LevelKept(
                        level,
                        AvailabilityRequestException.localDatacenter(
                                level, q.dc(), level.needsLocalDatacenter() ? null : configuredLocalDc, known),
                        keyspaces));
            }
        });
        return new Question(
                served, candidates, done, keeps, levels, q.parallelism() == null ? Integer.MAX_VALUE : q.parallelism());
    }

    /** Per keyspace kept, its level: the named ones, and with {@code consistency} every other not node-local. */
    private Map<String, ConsistencyLevel> levels(ServedSnapshot served, RestartQuestion q) {
        Map<String, ConsistencyLevel> out = new TreeMap<>();
        if (q.consistency() != null && !q.consistency().isBlank()) {
            ConsistencyLevel all = AvailabilityRequestException.level("consistency", q.consistency());
            new TreeMap<>(served.ring().keyspaces()).forEach((name, p) -> {
                if (p instanceof KeyspacePlacement.Placed placed && !placed.nodeLocal()) {
                    out.put(name, all);
                }
            });
        }
        for (Map.Entry<String, String> e : new TreeMap<>(q.keyspaces()).entrySet()) {
            KeyspacePlacement.Placed placed = routing.placement(served, e.getKey());
            if (placed.nodeLocal()) {
                throw new InvalidParameterException(
                        "keyspaces." + e.getKey(),
                        "keyspace " + e.getKey() + " is node-local (LocalStrategy): every node holds its own, so no "
                                + "restart keeps a level for it");
            }
            out.put(e.getKey(), AvailabilityRequestException.level("keyspaces." + e.getKey(), e.getValue()));
        }
        return out;
    }

    private static List<Integer> members(TokenRing ring, List<String> names, String parameter) {
        List<String> unknown = new ArrayList<>();
        List<Integer> out = Availability.nodeIndexes(ring, names, unknown);
        if (!unknown.isEmpty()) {
            throw new AvailabilityRequestException(
                    ProblemKind.UNKNOWN_NODE,
                    parameter,
                    "nodes " + unknown
                            + " are not in the ring (give addresses or host ids); known: "
                            + new TreeSet<>(
                                    ring.nodes().stream().map(Node::address).toList()));
        }
        return out;
    }
}
