package io.ringmap.availability.web;

import io.ringmap.availability.Availability;
import io.ringmap.availability.AvailabilityRequestException;
import io.ringmap.availability.ConsistencyLevel;
import io.ringmap.availability.UnsafeToStopException;
import io.ringmap.availability.Verdict;
import io.ringmap.availability.WriteReplicas;
import io.ringmap.problem.ProblemKind;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code /availability}: which token ranges cannot be served at a consistency level, and which nodes can stop. */
@RestController
@Tag(name = "availability", description = "Consistency levels through outages, counted as Cassandra counts them")
public class AvailabilityController {

    private final RoutingService routing;
    private final String configuredLocalDc;

    public AvailabilityController(RoutingService routing,
            @Value("${spring.cassandra.local-datacenter:}") String configuredLocalDc) {
        this.routing = routing;
        this.configuredLocalDc = configuredLocalDc;
    }

    /** One range that cannot serve reads or writes at the level. */
    public record RangeOutageView(
            @Schema(example = "0") String start,
            @Schema(example = "4611686018427387904") String end,
            @Schema(description = "Share of the ring, 0..1") double ringShare,
            @Schema(description = "Replica addresses, primary first") List<String> replicas,
            @Schema(description = "False when reads fail with UnavailableException") boolean readable,
            @Schema(description = "False when writes fail with UnavailableException") boolean writable,
            @Schema(description = "Why reads fail (null when they succeed)", nullable = true) String readReason,
            @Schema(description = "Why writes fail (null when they succeed)", nullable = true) String writeReason) {
    }

    /** One keyspace's outage. */
    public record KeyspaceAvailability(String keyspace, int ranges, int unavailableForReads, int unavailableForWrites,
            @Schema(description = "Share of the ring (0..1) whose reads fail") double readShareLost,
            @Schema(description = "Share of the ring (0..1) whose writes fail") double writeShareLost,
            @Schema(description = "The failing ranges (at most `limit`)") List<RangeOutageView> unavailableRanges) {
    }

    /** A node that cannot be stopped, with why. */
    public record UnsafeNode(String address, List<String> reasons) {
    }

    /** The availability of every keyspace asked for. */
    public record AvailabilityResponse(ConsistencyLevel consistency,
            @Schema(nullable = true) String localDatacenter, List<String> assumedDown, List<String> liveNodes,
            List<KeyspaceAvailability> keyspaces,
            @Schema(description = "Live nodes that can be stopped (on top of assumedDown) without any keyspace "
                    + "losing the level for a range it serves now") List<String> safeToStop,
            List<UnsafeNode> unsafeToStop, SnapshotView snapshot) {
    }

    /** The answer when a node can be stopped. */
    public record SafeToStopResponse(String node, ConsistencyLevel consistency, boolean safe,
            @Schema(nullable = true) String localDatacenter, List<String> keyspaces, SnapshotView snapshot) {
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.MISSING_CONSISTENCY)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_CONSISTENCY_LEVEL, detail = SampleProblems.UNKNOWN_CONSISTENCY_LEVEL)
    @ProblemAnswer(kind = ProblemKind.LOCAL_DATACENTER_REQUIRED, detail = SampleProblems.LOCAL_DATACENTER_REQUIRED)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_NODE,
            detail = "nodes [127.0.0.9] are not in the ring (give addresses or host ids); known: [127.0.0.1, "
                    + "127.0.0.2, 127.0.0.3, 127.0.0.4]")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.NO_SNAPSHOT, detail = SampleProblems.NO_SNAPSHOT)
    @GetMapping(path = "/availability", produces = "application/json")
    @Operation(summary = "Token ranges that cannot be served at a consistency level, now or with more nodes down",
            description = "For each keyspace (or the one named), the ranges whose reads or writes would fail with "
                    + "UnavailableException at the level, with their share of the ring; and which live nodes can "
                    + "be stopped without any keyspace losing the level. On the bundled sample, "
                    + "consistency=QUORUM&keyspace=iot&down=127.0.0.3,127.0.0.4 loses half of the ring: the two "
                    + "ranges whose three replicas include both N3 and N4.")
    public AvailabilityResponse availability(
            @Parameter(description = "Consistency level", example = "QUORUM") @RequestParam String consistency,
            @Parameter(description = "Only this keyspace (default: every keyspace not node-local)", example = "iot")
            @RequestParam(required = false) String keyspace,
            @Parameter(description = "Nodes (address or host id) to assume down as well, comma-separated or "
                    + "repeated (e.g. 127.0.0.3); no example value, so Swagger UI's Try it out asks about now")
            @RequestParam(required = false) List<String> down,
            @Parameter(description = "Coordinator's DC: counts the LOCAL_* levels, and the cheap write quorum of a "
                    + "transient SimpleStrategy keyspace (default spring.cassandra.local-datacenter)")
            @RequestParam(required = false) String dc,
            @Parameter(description = "Most ranges listed per keyspace", example = "100")
            @RequestParam(defaultValue = "100") int limit) {
        Question q = question(consistency, dc);
        ServedSnapshot served = q.served();
        RingSnapshot snapshot = served.ring();
        TokenRing ring = snapshot.tokenRing();
        List<Integer> downNodes = downNodes(ring, down);
        boolean[] live = Availability.liveNodes(ring, downNodes);
        WriteReplicas writes = new WriteReplicas(ring, live, served.motion(), Set.of());
        List<KeyspacePlacement.Placed> keyspaces = keyspaces(served, keyspace);
        List<KeyspaceAvailability> views = new ArrayList<>();
        for (KeyspacePlacement.Placed k : keyspaces) {
            Availability.KeyspaceAvailability a = Availability.of(snapshot, k, q.level(), q.coordinatorDc(), writes);
            List<RangeOutageView> ranges = a.unavailable().stream().limit(Math.max(0, limit)).map(o ->
                    new RangeOutageView(o.range().start().toString(), o.range().end().toString(), o.ringShare(),
                            o.replicas(), readable(o.read()), readable(o.write()),
                            readable(o.read()) ? null : o.read().reason(),
                            readable(o.write()) ? null : o.write().reason())).toList();
            views.add(new KeyspaceAvailability(a.keyspace(), a.ranges(), a.unavailableForReads(), a.unavailableForWrites(),
                    a.readShareLost(), a.writeShareLost(), ranges));
        }
        List<String> safe = new ArrayList<>();
        List<UnsafeNode> unsafe = new ArrayList<>();
        List<String> liveNodes = new ArrayList<>();
        for (int n = 0; n < ring.nodes().size(); n++) {
            if (!live[n]) {
                continue;
            }
            liveNodes.add(ring.nodes().get(n).address());
            Availability.StopCheck check = Availability.safeToStop(snapshot, keyspaces, q.level(), q.coordinatorDc(),
                    writes, n);
            if (check.safe()) {
                safe.add(ring.nodes().get(n).address());
            } else {
                unsafe.add(new UnsafeNode(ring.nodes().get(n).address(), check.reasons()));
            }
        }
        return new AvailabilityResponse(q.level(), q.localDc(),
                downNodes.stream().map(i -> ring.nodes().get(i).address()).toList(), liveNodes, views, safe, unsafe,
                SnapshotView.of(served));
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.MISSING_CONSISTENCY)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_CONSISTENCY_LEVEL, detail = SampleProblems.UNKNOWN_CONSISTENCY_LEVEL)
    @ProblemAnswer(kind = ProblemKind.LOCAL_DATACENTER_REQUIRED, detail = SampleProblems.LOCAL_DATACENTER_REQUIRED)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_NODE,
            detail = "node '127.0.0.9' is not in the ring (give an address or host id)")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNSAFE_TO_STOP,
            detail = "stopping 127.0.0.1 would lose ALL: keyspace iot would lose ALL for 3 ranges (reads) and 3 "
                    + "ranges (writes), 75.00% of the ring, e.g. ALL needs 3 live replicas, 2 are live; keyspace "
                    + "iot_multi_dc would lose ALL for 4 ranges (reads) and 4 ranges (writes), 100.00% of the "
                    + "ring, e.g. ALL needs 4 live replicas, 3 are live")
    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.NO_SNAPSHOT, detail = SampleProblems.NO_SNAPSHOT)
    @GetMapping(path = "/availability/safe-to-stop", produces = "application/json")
    @Operation(summary = "Can this node be stopped now without any keyspace losing the consistency level?",
            description = "200 when it can; 409 (problem+json, type " + ProblemKind.TYPE_PREFIX
                    + "unsafe-to-stop) with the keyspaces and ranges that would lose the level when it cannot, so a "
                    + "rolling-restart script can gate on the status code.")
    public SafeToStopResponse safeToStop(
            @Parameter(description = "Node address or host id", example = "127.0.0.1") @RequestParam String node,
            @Parameter(description = "Consistency level", example = "QUORUM") @RequestParam String consistency,
            @Parameter(description = "Only this keyspace (default: every keyspace not node-local)")
            @RequestParam(required = false) String keyspace,
            @Parameter(description = "Nodes to assume down as well, comma-separated")
            @RequestParam(required = false) List<String> down,
            @Parameter(description = "Coordinator's DC: counts the LOCAL_* levels, and the cheap write quorum of a "
                    + "transient SimpleStrategy keyspace (default spring.cassandra.local-datacenter)")
            @RequestParam(required = false) String dc) {
        Question q = question(consistency, dc);
        ServedSnapshot served = q.served();
        RingSnapshot snapshot = served.ring();
        TokenRing ring = snapshot.tokenRing();
        List<String> unknown = new ArrayList<>();
        List<Integer> target = Availability.nodeIndexes(ring, List.of(node), unknown);
        if (!unknown.isEmpty()) {
            throw new AvailabilityRequestException(ProblemKind.UNKNOWN_NODE, "node",
                    "node '" + node + "' is not in the ring (give an address or host id)");
        }
        boolean[] live = Availability.liveNodes(ring, downNodes(ring, down));
        List<KeyspacePlacement.Placed> keyspaces = keyspaces(served, keyspace);
        Availability.StopCheck check = Availability.safeToStop(snapshot, keyspaces, q.level(), q.coordinatorDc(),
                new WriteReplicas(ring, live, served.motion(), Set.of()), target.get(0));
        String address = ring.nodes().get(target.get(0)).address();
        if (!check.safe()) {
            throw new UnsafeToStopException(address, q.level().name(), check.reasons());
        }
        return new SafeToStopResponse(address, q.level(), true, q.localDc(),
                keyspaces.stream().map(KeyspacePlacement::keyspace).toList(), SnapshotView.of(served));
    }

    /**
     * What both endpoints start from: one snapshot, the level asked for, the coordinator's DC and the local DC the
     * answer names.
     */
    private record Question(ServedSnapshot served, ConsistencyLevel level, String coordinatorDc, String localDc) {
    }

    private Question question(String consistency, String dc) {
        ServedSnapshot served = routing.snapshot();
        ConsistencyLevel level = AvailabilityRequestException.level("consistency", consistency);
        // the coordinator's DC, also for levels that are not LOCAL_*: a transient SimpleStrategy write's cheap quorum
        // is counted there; the answer names it only for the LOCAL_* levels it was asked for
        String coordinatorDc = coordinatorDc(level, dc, served.ring().tokenRing());
        return new Question(served, level, coordinatorDc, level.needsLocalDatacenter() ? coordinatorDc : null);
    }

    private static boolean readable(Verdict v) {
        return !v.valid() || v.achievable();
    }

    private String coordinatorDc(ConsistencyLevel level, String dc, TokenRing ring) {
        return AvailabilityRequestException.localDatacenter(level, dc, configuredLocalDc,
                ring.nodes().stream().map(Node::datacenter).distinct().toList());
    }

    private static List<Integer> downNodes(TokenRing ring, List<String> down) {
        if (down == null) {
            return List.of();
        }
        List<String> names = down.stream().flatMap(d -> Arrays.stream(d.split(","))).map(String::trim)
                .filter(s -> !s.isEmpty()).toList();
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
