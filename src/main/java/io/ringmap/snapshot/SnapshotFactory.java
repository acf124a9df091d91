package io.ringmap.snapshot;

import io.ringmap.pending.RingMotion;
import io.ringmap.replication.Placements;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.schema.SchemaCatalog;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Partitioners;
import io.ringmap.token.Token;
import io.ringmap.topology.NodeTokens;
import io.ringmap.topology.TopologyModel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Builds {@link TopologySnapshot}s from models, reusing the previous snapshot's precomputed work where it can. */
final class SnapshotFactory {

    private static final Logger log = LoggerFactory.getLogger(SnapshotFactory.class);

    private SnapshotFactory() {}

    /**
     * @param previous the current snapshot or null; when the ring's shape is unchanged its token ring and
     *     placements are reused and only node states (and schema) are replaced
     * @param createdAt the injected clock's instant of publication
     * @throws IllegalArgumentException when the model cannot form a ring (no tokens, duplicate tokens, bad token)
     */
    static TopologySnapshot build(
            TopologyModel model, TopologySnapshot previous, String source, long version, Instant createdAt) {
        Partitioner partitioner = Partitioners.byName(model.partitioner());
        List<Node> nodes = model.nodes().stream().map(NodeTokens::node).toList();
        RingSnapshot ring;
        if (previous != null && previous.model().sameRingShape(model)) {
            TokenRing tokenRing = previous.tokenRing().withNodes(nodes);
            Map<String, KeyspacePlacement> placements =
                    previous.model().replication().equals(model.replication())
                            ? previous.ring().keyspaces()
                            : place(tokenRing, model, nodes);
            ring = previous.ring().withSameShape(tokenRing, placements);
        } else {
            Map<Node, List<Token>> tokens = new LinkedHashMap<>();
            for (NodeTokens nt : model.nodes()) {
                List<Token> parsed = new ArrayList<>(nt.tokens().size());
                for (String t : nt.tokens()) {
                    parsed.add(partitioner.parseToken(t));
                }
                tokens.put(nt.node(), parsed);
            }
            TokenRing tokenRing = TokenRing.of(partitioner, tokens);
            ring = RingSnapshot.of(tokenRing, place(tokenRing, model, tokenRing.nodes()));
        }
        RingMotion motion = RingMotion.of(ring.tokenRing(), model.replication(), model.motion());
        return new TopologySnapshot(
                model,
                ring,
                SchemaCatalog.of(model.tables()),
                source,
                version,
                createdAt,
                ContentHash.of(model, source),
                motion);
    }

    /**
     * Places every keyspace. LocalStrategy keyspaces resolve to the local node; when the configured local node is
     * not in the ring they resolve to the first node and say so in a warning (the answer is not the local node's).
     */
    private static Map<String, KeyspacePlacement> place(TokenRing ring, TopologyModel model, List<Node> nodes) {
        String local = model.localAddress();
        int index = localIndex(nodes, local);
        Map<String, KeyspacePlacement> placements = Placements.place(ring, model.replication(), Math.max(index, 0));
        if (local == null || index >= 0) {
            return placements;
        }
        String warning = "the local node " + local + " is not in the ring; LocalStrategy answers for "
                + nodes.get(0).address() + ", the first node, whose local data may differ";
        log.warn("LocalStrategy keyspaces: {}", warning);
        Map<String, KeyspacePlacement> out = new LinkedHashMap<>();
        placements.forEach((keyspace, p) -> out.put(
                keyspace,
                p instanceof KeyspacePlacement.Placed placed && placed.nodeLocal() ? placed.withWarning(warning) : p));
        return out;
    }

    /**
     * The index of the node named {@code local} by host id, else by RPC endpoint, RPC address or broadcast address:
     * 0 when none is configured, -1 when it is not in the ring.
     */
    private static int localIndex(List<Node> nodes, String local) {
        if (local == null) {
            return 0; // no local node configured: the first node, as TopologyModel documents
        }
        List<java.util.function.Function<Node, String>> names =
                List.of(Node::hostId, Node::rpcEndpoint, Node::address, Node::broadcastAddress);
        for (var name : names) {
            for (int i = 0; i < nodes.size(); i++) {
                if (local.equals(name.apply(nodes.get(i)))) {
                    return i;
                }
            }
        }
        return -1;
    }
}
