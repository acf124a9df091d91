package io.ringmap.availability.service;

import io.ringmap.availability.Availability;
import io.ringmap.availability.AvailabilityRequestException;
import io.ringmap.availability.ConsistencyLevel;
import io.ringmap.availability.UnsafeToStopException;
import io.ringmap.availability.WriteReplicas;
import io.ringmap.problem.ProblemKind;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.ArrayList;
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
     * @param consistency the level's name
     * @param keyspace    only this keyspace; null for every keyspace that is not node-local
     * @param down        nodes (address or host id) to assume down, empty for none
     * @param dc          the coordinator's data centre, null for the configured one
     * @param limit       most unavailable ranges listed per keyspace
     */
    public AvailabilityReport availability(String consistency, String keyspace, List<String> down, String dc,
            int limit) {
        Question q = question(consistency, dc);
        RingSnapshot snapshot = q.served().ring();
        TokenRing ring = snapshot.tokenRing();
        List<Integer> downNodes = downNodes(ring, down);
        boolean[] live = Availability.liveNodes(ring, downNodes);
        WriteReplicas writes = new WriteReplicas(ring, live, q.served().motion(), Set.of());
        List<KeyspacePlacement.Placed> keyspaces = keyspaces(q.served(), keyspace);
        List<Availability.KeyspaceAvailability> outages = new ArrayList<>();
        for (KeyspacePlacement.Placed k : keyspaces) {
            outages.add(Availability.of(snapshot, k, q.level(), q.coordinatorDc(), writes).listing(limit));
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
            Availability.StopCheck check = Availability.safeToStop(snapshot, keyspaces, q.level(), q.coordinatorDc(),
                    writes, n);
            if (check.safe()) {
                safe.add(address);
            } else {
                unsafe.add(new AvailabilityReport.UnsafeNode(address, check.reasons()));
            }
        }
        return new AvailabilityReport(q.level(), q.localDc(),
                downNodes.stream().map(i -> ring.nodes().get(i).address()).toList(), liveNodes, outages, safe, unsafe,
                q.served());
    }

    /**
     * Whether {@code node} can stop now, with {@code down} out as well, without any of the keyspaces losing the level.
     *
     * @throws UnsafeToStopException when it cannot, with the keyspaces and ranges that would lose the level
     */
    public SafeToStop safeToStop(String node, String consistency, String keyspace, List<String> down, String dc) {
        Question q = question(consistency, dc);
        RingSnapshot snapshot = q.served().ring();
        TokenRing ring = snapshot.tokenRing();
        List<String> unknown = new ArrayList<>();
        List<Integer> target = Availability.nodeIndexes(ring, List.of(node), unknown);
        if (!unknown.isEmpty()) {
            throw new AvailabilityRequestException(ProblemKind.UNKNOWN_NODE, "node",
                    "node '" + node + "' is not in the ring (give an address or host id)");
        }
        boolean[] live = Availability.liveNodes(ring, downNodes(ring, down));
        List<KeyspacePlacement.Placed> keyspaces = keyspaces(q.served(), keyspace);
        Availability.StopCheck check = Availability.safeToStop(snapshot, keyspaces, q.level(), q.coordinatorDc(),
                new WriteReplicas(ring, live, q.served().motion(), Set.of()), target.get(0));
        String address = ring.nodes().get(target.get(0)).address();
        if (!check.safe()) {
            throw new UnsafeToStopException(address, q.level().name(), check.reasons());
        }
        return new SafeToStop(address, q.level(), q.localDc(),
                keyspaces.stream().map(KeyspacePlacement::keyspace).toList(), q.served());
    }

    /**
     * What both questions start from: one snapshot, the level asked for, the coordinator's DC and the local DC the
     * answer names.
     */
    private record Question(ServedSnapshot served, ConsistencyLevel level, String coordinatorDc, String localDc) {
    }

    private Question question(String consistency, String dc) {
        ServedSnapshot served = routing.snapshot();
        ConsistencyLevel level = AvailabilityRequestException.level("consistency", consistency);
        // the coordinator's DC, also for levels that are not LOCAL_*: a transient SimpleStrategy write's cheap quorum
        // is counted there; the answer names it only for the LOCAL_* levels it was asked for
        String coordinatorDc = AvailabilityRequestException.localDatacenter(level, dc, configuredLocalDc,
                served.ring().tokenRing().nodes().stream().map(Node::datacenter).distinct().toList());
        return new Question(served, level, coordinatorDc, level.needsLocalDatacenter() ? coordinatorDc : null);
    }

    private static List<Integer> downNodes(TokenRing ring, List<String> names) {
        List<String> unknown = new ArrayList<>();
        List<Integer> out = Availability.nodeIndexes(ring, names, unknown);
        if (!unknown.isEmpty()) {
            throw new AvailabilityRequestException(ProblemKind.UNKNOWN_NODE, "down",
                    "nodes " + unknown + " are not in the ring (give addresses or host ids); known: "
                            + ring.nodes().stream().map(Node::address).toList());
        }
        return out;
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
