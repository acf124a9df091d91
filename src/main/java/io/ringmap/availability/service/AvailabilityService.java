package io.ringmap.availability.service;

import io.ringmap.availability.UnsafeToStopException;
import io.ringmap.consistency.Availability;
import io.ringmap.consistency.AvailabilityRequestException;
import io.ringmap.consistency.ConsistencyLevel;
import io.ringmap.consistency.WriteReplicas;
import io.ringmap.pending.NodeMotion;
import io.ringmap.pending.RingMotion;
import io.ringmap.problem.ProblemKind;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/** Answers {@code /availability} and {@code /availability/safe-to-stop} from one served snapshot each. */
public class AvailabilityService {

    private final RoutingService routing;
    private final String configuredLocalDc;

    /**
     * @param configuredLocalDc the coordinator's data centre when a request names none (the driver's
     *                          {@code spring.cassandra.local-datacenter}); null or blank for none
     */
    public AvailabilityService(RoutingService routing, String configuredLocalDc) {
        this.routing = routing;
        this.configuredLocalDc = configuredLocalDc;
    }

    /**
     * The ranges of each keyspace that cannot be served at the level with {@code down} (and the nodes the snapshot
     * has down) out, and which live nodes could stop as well.
     *
     * @param consistency the level
     * @param keyspace    only this keyspace; null for every keyspace that is not node-local
     * @param down        nodes (address or host id) to assume down, empty for none: ring members, or nodes joining
     *                    or replacing another (pending replicas), whose stop breaks writes that count them
     * @param dc          the coordinator's data centre, null for the configured one
     * @param limit       most unavailable ranges listed per keyspace (0 or more)
     */
    public AvailabilityReport availability(
            ConsistencyLevel consistency, String keyspace, List<String> down, String dc, int limit) {
        if (limit < 0) {
            throw new AvailabilityRequestException(
                    ProblemKind.INVALID_PARAMETER,
                    "limit",
                    "limit is the most unavailable ranges listed per keyspace: 0 or more, was " + limit);
        }
        Question q = question(consistency, dc);
        RingSnapshot snapshot = q.served().ring();
        TokenRing ring = snapshot.tokenRing();
        Down assumed = down(ring, q.served().motion(), down);
        boolean[] live = Availability.liveNodes(ring, assumed.ring());
        WriteReplicas writes = new WriteReplicas(ring, live, q.served().motion(), assumed.offRing());
        List<KeyspacePlacement.Placed> keyspaces = keyspaces(q.served(), keyspace);
        List<Availability.KeyspaceAvailability> outages = new ArrayList<>();
        for (KeyspacePlacement.Placed k : keyspaces) {
            outages.add(Availability.of(snapshot, k, q.level(), q.coordinatorDc(), writes)
                    .listing(limit));
        }
        List<String> safe = new ArrayList<>();
        List<AvailabilityReport.UnsafeNode> unsafe = new ArrayList<>();
        List<String> liveNodes = new ArrayList<>();
        for (int n = 0; n < ring.nodes().size(); n++) {
            if (!live[n]) {
                continue;
            }
            String address = ring.nodes().get(n).address();
            liveNodes.add(address);
            Availability.StopCheck check =
                    Availability.safeToStop(snapshot, keyspaces, q.level(), q.coordinatorDc(), writes, n);
            if (check.safe()) {
                safe.add(address);
            } else {
                unsafe.add(new AvailabilityReport.UnsafeNode(address, check.reasons()));
            }
        }
        List<String> downAddresses = new ArrayList<>(
                assumed.ring().stream().map(i -> ring.nodes().get(i).address()).toList());
        downAddresses.addAll(assumed.offRingAddresses());
        return new AvailabilityReport(
                q.level(), q.localDc(), downAddresses, liveNodes, outages, safe, unsafe, q.served());
    }

    /**
     * Whether {@code node} can stop now, with {@code down} out as well, without any of the keyspaces losing the level.
     *
     * @throws UnsafeToStopException when it cannot, with the keyspaces and ranges that would lose the level
     */
    public SafeToStop safeToStop(
            String node, ConsistencyLevel consistency, String keyspace, List<String> down, String dc) {
        Question q = question(consistency, dc);
        RingSnapshot snapshot = q.served().ring();
        TokenRing ring = snapshot.tokenRing();
        List<String> unknown = new ArrayList<>();
        List<Integer> target = Availability.nodeIndexes(ring, List.of(node), unknown);
        if (!unknown.isEmpty()) {
            throw new AvailabilityRequestException(
                    ProblemKind.UNKNOWN_NODE,
                    "node",
                    motionNode(q.served().motion(), node) != null
                            ? "node '" + node + "' is joining or replacing another (not in the ring yet): safe-to-stop "
                                    + "answers for ring members; /availability?down=" + node
                                    + " shows the writes its stop "
                                    + "would break"
                            : "node '" + node + "' is not in the ring (give an address or host id)");
        }
        Down assumed = down(ring, q.served().motion(), down);
        boolean[] live = Availability.liveNodes(ring, assumed.ring());
        List<KeyspacePlacement.Placed> keyspaces = keyspaces(q.served(), keyspace);
        Availability.StopCheck check = Availability.safeToStop(
                snapshot,
                keyspaces,
                q.level(),
                q.coordinatorDc(),
                new WriteReplicas(ring, live, q.served().motion(), assumed.offRing()),
                target.get(0));
        String address = ring.nodes().get(target.get(0)).address();
        if (!check.safe()) {
            throw new UnsafeToStopException(address, q.level().name(), check.reasons());
        }
        return new SafeToStop(
                address,
                q.level(),
                q.localDc(),
                keyspaces.stream().map(KeyspacePlacement::keyspace).toList(),
                q.served());
    }

    /**
     * What both questions start from: one snapshot, the level asked for, the coordinator's DC and the local DC the
     * answer names.
     */
    private record Question(ServedSnapshot served, ConsistencyLevel level, String coordinatorDc, String localDc) {}

    private Question question(ConsistencyLevel level, String dc) {
        ServedSnapshot served = routing.snapshot();
        // the coordinator's DC, also for levels that are not LOCAL_*: a transient SimpleStrategy write's cheap quorum
        // is counted there; the answer names it only for the LOCAL_* levels it was asked for
        String coordinatorDc = AvailabilityRequestException.localDatacenter(
                level,
                dc,
                configuredLocalDc,
                served.ring().tokenRing().nodes().stream()
                        .map(Node::datacenter)
                        .distinct()
                        .toList());
        return new Question(served, level, coordinatorDc, level.needsLocalDatacenter() ? coordinatorDc : null);
    }

    /**
     * The nodes a question assumes down: ring members by index, and nodes in motion outside the ring (a joining or
     * replacing node, a pending replica) by host id, with their addresses for the answer.
     */
    private record Down(List<Integer> ring, Set<String> offRing, List<String> offRingAddresses) {}

    private static Down down(TokenRing ring, RingMotion motion, List<String> names) {
        List<String> unknown = new ArrayList<>();
        List<Integer> members = Availability.nodeIndexes(ring, names, unknown);
        Set<String> offRing = new LinkedHashSet<>();
        List<String> offRingAddresses = new ArrayList<>();
        List<String> notFound = new ArrayList<>();
        for (String name : unknown) {
            NodeMotion m = motionNode(motion, name);
            if (m == null) {
                notFound.add(name);
            } else if (offRing.add(m.node().hostId())) {
                offRingAddresses.add(m.node().address());
            }
        }
        if (!notFound.isEmpty()) {
            List<String> known =
                    new ArrayList<>(ring.nodes().stream().map(Node::address).toList());
            motion.motions().stream()
                    .filter(m -> !known.contains(m.node().address()))
                    .forEach(m -> known.add(m.node().address()));
            throw new AvailabilityRequestException(
                    ProblemKind.UNKNOWN_NODE,
                    "down",
                    "nodes " + notFound + " are neither in the ring nor joining it (give addresses or host ids); "
                            + "known: " + known);
        }
        return new Down(members, offRing, offRingAddresses);
    }

    /** The node in motion named {@code name} (host id, address or broadcast address), or null. */
    private static NodeMotion motionNode(RingMotion motion, String name) {
        for (NodeMotion m : motion.motions()) {
            Node n = m.node();
            if (name.equals(n.hostId()) || name.equals(n.address()) || name.equals(n.broadcastAddress())) {
                return m;
            }
        }
        return null;
    }

    private List<KeyspacePlacement.Placed> keyspaces(ServedSnapshot served, String keyspace) {
        if (keyspace != null) {
            return List.of(routing.placement(served, keyspace));
        }
        List<KeyspacePlacement.Placed> out = new ArrayList<>();
        new TreeMap<>(served.ring().keyspaces()).values().forEach(p -> {
            if (p instanceof KeyspacePlacement.Placed placed && !placed.nodeLocal()) {
                out.add(placed);
            }
        });
        return out;
    }
}
