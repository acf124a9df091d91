package io.ringmap.ranges.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.snapshot.web.SnapshotAnswer;
import io.ringmap.ranges.PendingRangeMap;
import io.ringmap.ranges.RangeMap;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code /ranges}: a keyspace's whole range-to-replica map, for clients that route locally. */
@RestController
@Tag(name = "ranges", description = "The whole range-to-replica map of a keyspace, for routing in the client")
public class RangesController {

    private final RoutingService routing;

    public RangesController(RoutingService routing) {
        this.routing = routing;
    }

    /** A node of the map, referred to by its index. */
    public record NodeEntry(@Schema(example = "127.0.0.1") String address,
            @Schema(example = "N1") String hostId,
            @Schema(example = "dc1") String datacenter,
            @Schema(example = "rack1") String rack,
            @Schema(example = "UP") String state) {
    }

    /** The map. */
    @Schema(description = "Range i is (tokens[i-1], tokens[i]], range 0 wrapping from the last token; replicas[i] "
            + "are its replicas as indexes into nodes, primary first. A token t belongs to the first range whose end "
            + "is >= t (wrapping to range 0). Revalidate with If-None-Match and the ETag.")
    public record RangesResponse(String keyspace, String partitioner,
            @Schema(description = "True for LocalStrategy: the replica is whichever node serves the request")
            boolean nodeLocal,
            List<NodeEntry> nodes,
            @Schema(description = "Range end tokens in ring order") String[] tokens,
            @Schema(description = "Per range, its replicas' node indexes in placement order") int[][] replicas,
            @Schema(description = "Per range, the node indexes of its transient replicas; absent without transient "
                    + "replication", nullable = true) int[][] transientReplicas,
            List<String> warnings, SnapshotView snapshot,
            @Schema(description = "Nodes that are pending replicas but not in the ring (joining, replacing); indexes "
                    + "into them continue after nodes") List<NodeEntry> pendingNodes,
            @Schema(description = "Write replicas beside the read replicas above while ranges are in motion: each "
                    + "pending range with the node indexes (into nodes, then pendingNodes) that receive its writes "
                    + "on top of the range's replicas (Cassandra's pending range map). Empty when none")
            List<PendingRangeEntry> pendingRanges) implements SnapshotAnswer {
    }

    /** A pending range: {@code (start, end]} and the nodes that gain it. */
    public record PendingRangeEntry(@Schema(example = "0") String start,
            @Schema(example = "4611686018427387904") String end,
            @Schema(description = "Node indexes (into nodes, then pendingNodes)") int[] replicas) {
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.MISSING_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @SnapshotProblems
    @GetMapping(path = "/ranges", produces = "application/json")
    @Operation(summary = "The whole range-to-replica map of a keyspace, compact",
            description = "Every token range of the ring with its replicas as node indexes: a client can route keys "
                    + "locally (hash, binary search over tokens) and revalidate with the ETag (304 while the "
                    + "topology is unchanged). A 1000-node x 256-vnode ring is about 12 MB of JSON, gzipped for "
                    + "clients that accept it.")
    public RangesResponse ranges(
            @Parameter(description = "Keyspace", example = "iot") @RequestParam String keyspace) {
        ServedSnapshot served = routing.snapshot();
        KeyspacePlacement.Placed placement = routing.placement(served, keyspace);
        TokenRing ring = served.tokenRing();
        RangeMap map = RangeMap.of(ring, placement);
        List<NodeEntry> nodes = ring.nodes().stream().map(RangesController::entry).toList();
        PendingRangeMap pending = PendingRangeMap.of(ring, served.motion().pending(placement.keyspace()));
        return new RangesResponse(placement.keyspace(), ring.partitioner().name(), placement.nodeLocal(), nodes,
                map.tokens(), map.replicas(), map.transientReplicas(), placement.warnings(), SnapshotView.of(served),
                pending.offRing().stream().map(RangesController::entry).toList(),
                pending.ranges().stream().map(r -> new PendingRangeEntry(r.range().start().toString(),
                        r.range().end().toString(), r.replicas())).toList());
    }

    private static NodeEntry entry(Node n) {
        return new NodeEntry(n.address(), n.hostId(), n.datacenter(), n.rack(), n.state().name());
    }
}
