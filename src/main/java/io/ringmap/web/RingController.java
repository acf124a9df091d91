package io.ringmap.web;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.RingOwnership;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.token.Token;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code /ring}: the nodes, their tokens and ownership. */
@RestController
@Tag(name = "ring", description = "Nodes, tokens, states and ownership")
public class RingController {

    private final RoutingService routing;

    public RingController(RoutingService routing) {
        this.routing = routing;
    }

    /** One node of the ring. */
    public record NodeView(
            @Schema(example = "127.0.0.1") String address,
            @Schema(example = "N1") String hostId,
            @Schema(example = "dc1") String datacenter,
            @Schema(example = "rack1") String rack,
            @Schema(example = "UP") String state,
            @Schema(description = "The node's tokens as strings, ascending") List<String> tokens,
            @Schema(description = "Share of the ring the node owns as primary, 0..1", example = "0.25")
            double ownership,
            @Schema(description = "With keyspace: share of the keyspace's data the node holds (sums to RF)",
                    nullable = true, example = "0.75") Double effectiveOwnership) {
    }

    /** A keyspace and how it is placed. */
    public record KeyspaceView(String name, Map<String, String> replication,
            @Schema(description = "placed or failed") String status,
            @Schema(nullable = true) String reason, List<String> warnings, List<String> tables) {
    }

    /** The ring. */
    public record RingResponse(String partitioner, int tokenCount, List<NodeView> nodes, List<KeyspaceView> keyspaces,
            SnapshotView snapshot) {
    }

    @GetMapping(path = "/ring", produces = "application/json")
    @Operation(summary = "Nodes with tokens, DC, rack, state and ownership",
            description = "With keyspace, each node also carries its effective ownership for that keyspace "
                    + "(as nodetool status <keyspace> reports it).")
    public RingResponse ring(
            @Parameter(description = "Keyspace for effective ownership", example = "iot")
            @RequestParam(required = false) String keyspace) {
        RingOwnership ownership = routing.ownership(keyspace);
        ServedSnapshot served = ownership.snapshot();
        TokenRing ring = served.tokenRing();
        double[] effective = ownership.effective();
        double[] primary = ownership.primary();
        List<List<Token>> tokens = ring.tokensByNode();
        List<NodeView> nodes = new ArrayList<>();
        for (int i = 0; i < ring.nodes().size(); i++) {
            Node n = ring.nodes().get(i);
            nodes.add(new NodeView(n.address(), n.hostId(), n.datacenter(), n.rack(), n.state().name(),
                    tokens.get(i).stream().map(Token::toString).toList(), primary[i],
                    effective == null ? null : effective[i]));
        }
        List<KeyspaceView> keyspaces = new ArrayList<>();
        new TreeMap<>(served.ring().keyspaces()).forEach((name, p) -> {
            List<String> tables = served.schema().tables().stream().filter(t -> t.keyspace().equals(name))
                    .map(t -> t.table()).sorted().toList();
            if (p instanceof KeyspacePlacement.Placed placed) {
                keyspaces.add(new KeyspaceView(name, new TreeMap<>(p.replication()), "placed", null,
                        placed.warnings(), tables));
            } else {
                keyspaces.add(new KeyspaceView(name, new TreeMap<>(p.replication()), "failed",
                        ((KeyspacePlacement.Failed) p).reason(), List.of(), tables));
            }
        });
        return new RingResponse(ring.partitioner().name(), ring.size(), nodes, keyspaces, SnapshotView.of(served));
    }
}
