package io.ringmap.ranges.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.ranges.NodeRanges;
import io.ringmap.ranges.PendingRangeMap;
import io.ringmap.ranges.RangeMap;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.web.KeyspaceParameter;
import io.ringmap.web.NodeIdentity;
import io.ringmap.web.NodeParameter;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code /ranges}: a keyspace's whole range-to-replica map, for clients that route locally. */
@RestController
@Tag(name = "ranges", description = "The whole range-to-replica map of a keyspace, for routing in the client")
public class RangesController {

    private final RoutingService routing;

    public RangesController(RoutingService routing) {
        this.routing = routing;
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.MISSING_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @SnapshotProblems
    @GetMapping(path = "/ranges", produces = "application/json")
    @Operation(
            summary = "The whole range-to-replica map of a keyspace, compact",
            description = "Every token range of the ring with its replicas as node indexes: a client can route keys "
                    + "locally (hash, binary search over tokens) and revalidate with the ETag (304 while the "
                    + "topology is unchanged). A 1000-node x 256-vnode ring is about 12 MB of JSON, gzipped for "
                    + "clients that accept it.")
    public RangesResponse ranges(@ParameterObject KeyspaceParameter keyspaceParameter) {
        String keyspace = keyspaceParameter.keyspace();
        ServedSnapshot served = routing.snapshot();
        KeyspacePlacement.Placed placement = routing.placement(served, keyspace);
        TokenRing ring = served.tokenRing();
        RangeMap map = RangeMap.of(ring, placement);
        List<NodeIdentity> nodes = ring.nodes().stream().map(NodeIdentity::of).toList();
        PendingRangeMap pending = PendingRangeMap.of(ring, served.motion().pending(placement.keyspace()));
        return new RangesResponse(
                placement.keyspace(),
                ring.partitioner().name(),
                placement.nodeLocal(),
                nodes,
                map.tokens(),
                map.replicas(),
                map.transientReplicas(),
                placement.warnings(),
                SnapshotView.of(served),
                pending.offRing().stream().map(NodeIdentity::of).toList(),
                pending.ranges().stream()
                        .map(r -> new PendingRangeEntry(
                                r.range().start().toString(), r.range().end().toString(), r.replicas()))
                        .toList());
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.MISSING_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @ProblemAnswer(
            kind = ProblemKind.UNKNOWN_NODE,
            detail = "node '10.0.0.9' is not in the ring (give an address or host id); known: [127.0.0.1, "
                    + "127.0.0.2, 127.0.0.3, 127.0.0.4]")
    @SnapshotProblems
    @GetMapping(path = "/ranges/node", produces = "application/json")
    @Operation(
            summary = "The ranges one node replicates in a keyspace",
            description = "The part of GET /ranges' map that names the node, with each range's start and end: what "
                    + "a person looks at when they pick a node. About 1,500 ranges (200 KB) of a 1000-node x "
                    + "256-vnode ring at RF 3 in two DCs, where the whole map is 12 MB.")
    public NodeRangesResponse nodeRanges(
            @ParameterObject KeyspaceParameter keyspaceParameter, @ParameterObject NodeParameter nodeParameter) {
        String keyspace = keyspaceParameter.keyspace();
        String node = nodeParameter.node();
        ServedSnapshot served = routing.snapshot();
        KeyspacePlacement.Placed placement = routing.placement(served, keyspace);
        return NodeRangesResponse.of(served, placement, NodeRanges.of(served.tokenRing(), placement, node));
    }
}
