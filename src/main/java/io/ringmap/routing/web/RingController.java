package io.ringmap.routing.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.OwnershipService;
import io.ringmap.routing.RingOwnership;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.token.Token;
import io.ringmap.web.NodeIdentity;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code /ring}: the nodes, their tokens and ownership. */
@RestController
@Tag(name = "ring", description = "Nodes, tokens, states and ownership")
public class RingController {

    private final OwnershipService ownerships;

    public RingController(OwnershipService ownerships) {
        this.ownerships = ownerships;
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = "limit must be between 1 and 10000, was 0")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @SnapshotProblems
    @GetMapping(path = "/ring", produces = "application/json")
    @Operation(
            summary = "Nodes with tokens, DC, rack, state and ownership",
            description = "With keyspace, each node also carries its effective ownership for that keyspace "
                    + "(as nodetool status <keyspace> reports it). On large vnode rings, tokens=false leaves the "
                    + "tokens out (node states, counts and ownership only) and offset/limit return one page of "
                    + "nodes; the per-DC state summary always covers the whole ring.")
    public RingResponse ring(@ParameterObject RingParameters parameters) {
        String keyspace = parameters.keyspace();
        boolean tokens = parameters.tokens();
        int offset = parameters.offset();
        Integer limit = parameters.limit();
        RingOwnership ownership = ownerships.ownership(keyspace);
        ServedSnapshot served = ownership.snapshot();
        TokenRing ring = served.tokenRing();
        double[] effective = ownership.effective();
        double[] primary = ownership.primary();
        List<List<Token>> byNode = ring.tokensByNode();
        int nodeCount = ring.nodes().size();
        int from = Math.min(offset, nodeCount);
        int to = limit == null ? nodeCount : (int) Math.min(nodeCount, (long) from + limit);
        List<NodeView> nodes = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            Node n = ring.nodes().get(i);
            nodes.add(new NodeView(
                    NodeIdentity.of(n),
                    byNode.get(i).size(),
                    tokens ? byNode.get(i).stream().map(Token::toString).toList() : null,
                    primary[i],
                    effective == null ? null : effective[i],
                    ReplicaView.port(n.rpcPort()),
                    n.broadcastAddress(),
                    ReplicaView.port(n.broadcastPort())));
        }
        Map<String, Map<String, Integer>> states = new TreeMap<>();
        for (Node n : ring.nodes()) {
            states.computeIfAbsent(n.datacenter(), dc -> new TreeMap<>())
                    .merge(n.state().name(), 1, Integer::sum);
        }
        List<DatacenterSummary> datacenters = states.entrySet().stream()
                .map(e -> new DatacenterSummary(
                        e.getKey(),
                        e.getValue().values().stream()
                                .mapToInt(Integer::intValue)
                                .sum(),
                        e.getValue()))
                .toList();
        List<KeyspaceView> keyspaces = new ArrayList<>();
        new TreeMap<>(served.ring().keyspaces()).forEach((name, p) -> {
            List<String> tables = served.schema().tables().stream()
                    .filter(t -> t.keyspace().equals(name))
                    .map(t -> t.table())
                    .sorted()
                    .toList();
            if (p instanceof KeyspacePlacement.Placed placed) {
                keyspaces.add(new KeyspaceView(
                        name, new TreeMap<>(p.replication()), "placed", null, placed.warnings(), tables));
            } else {
                keyspaces.add(new KeyspaceView(
                        name,
                        new TreeMap<>(p.replication()),
                        "failed",
                        ((KeyspacePlacement.Failed) p).reason(),
                        List.of(),
                        tables));
            }
        });
        return new RingResponse(
                ring.partitioner().name(),
                ring.size(),
                nodeCount,
                datacenters,
                from,
                to < nodeCount ? to : null,
                nodes,
                keyspaces,
                SnapshotView.of(served),
                served.motion().motions().stream().map(MovingNodeView::of).toList());
    }
}
