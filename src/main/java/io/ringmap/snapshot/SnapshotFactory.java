package io.ringmap.snapshot;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.replication.Placements;
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

/** Builds {@link TopologySnapshot}s from models, reusing the previous snapshot's precomputed work where it can. */
final class SnapshotFactory {

    private SnapshotFactory() {
    }

    /**
     * @param previous the current snapshot or null; when the ring's shape is unchanged its token ring and
     *     placements are reused and only node states (and schema) are replaced
     * @param createdAt the injected clock's instant of publication
     * @throws IllegalArgumentException when the model cannot form a ring (no tokens, duplicate tokens, bad token)
     */
    static TopologySnapshot build(TopologyModel model, TopologySnapshot previous, String source, long version,
            Instant createdAt) {
        Partitioner partitioner = Partitioners.byName(model.partitioner());
        List<Node> nodes = model.nodes().stream().map(NodeTokens::node).toList();
        RingSnapshot ring;
        if (previous != null && previous.model().sameRingShape(model)) {
            TokenRing tokenRing = previous.tokenRing().withNodes(nodes);
            Map<String, KeyspacePlacement> placements = previous.model().replication().equals(model.replication())
                    ? previous.ring().keyspaces()
                    : Placements.place(tokenRing, model.replication(), localIndex(nodes, model.localAddress()));
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
            ring = RingSnapshot.of(tokenRing, Placements.place(tokenRing, model.replication(),
                    localIndex(tokenRing.nodes(), model.localAddress())));
        }
        return new TopologySnapshot(model, ring, SchemaCatalog.of(model.tables()), source, version, createdAt);
    }

    private static int localIndex(List<Node> nodes, String localAddress) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).address().equals(localAddress)) {
                return i;
            }
        }
        return 0;
    }
}
