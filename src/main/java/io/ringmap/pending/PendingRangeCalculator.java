package io.ringmap.pending;

import io.ringmap.replication.ReplicationStrategy;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRange;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The pending ranges of one keyspace while nodes join, leave, move or replace others: mirrors Cassandra 5.0's
 * {@code TokenMetadata.calculatePendingRanges(AbstractReplicationStrategy, TokenMetadata, bootstrapTokens,
 * leavingEndpoints, movingEndpoints)}, which {@code PendingRangeCalculatorService} runs for every keyspace on each
 * gossip state change. In its order: the ranges of leaving nodes go to the nodes that replicate them once all have
 * left; each joining (or replacing) node gets the ranges it would replicate in that ring with its tokens added, one
 * node at a time; each moving node, in that ring with its token moved (then removed, as Cassandra does), gives the
 * nodes that newly replicate a range affected by the move the parts they do not replicate yet.
 */
public final class PendingRangeCalculator {

    private PendingRangeCalculator() {}

    /**
     * @param ring the ring of normal tokens (leaving and moving nodes are in it; joining and replacing ones are not)
     * @param strategy the keyspace's replication strategy
     * @param motions the nodes in motion
     * @return every pending (range, replica) pair, in Cassandra's order of calculation
     */
    public static List<PendingRange> calculate(
            TokenRing ring, ReplicationStrategy strategy, Collection<NodeMotion> motions) {
        if (motions.isEmpty()) {
            return List.of();
        }
        Layout current = Layout.of(Tokens.of(ring), strategy);
        Map<String, Node> nodes = new LinkedHashMap<>();
        ring.nodes().forEach(n -> nodes.put(n.hostId(), n));
        motions.forEach(m -> nodes.putIfAbsent(m.node().hostId(), m.node()));
        // a set: Cassandra adds each (range, replica) once (PendingRangeMaps, Conflict.DUPLICATE)
        Set<PendingRange> out = new LinkedHashSet<>();

        Tokens allLeft = Tokens.of(ring);
        Set<String> leaving = new LinkedHashSet<>();
        for (NodeMotion m : motions) {
            if (m.kind() == MotionKind.LEAVING) {
                leaving.add(m.node().hostId());
                allLeft.remove(m.node().hostId());
            }
        }
        Layout afterLeaving = allLeft.isEmpty() ? null : Layout.of(allLeft, strategy);
        if (afterLeaving != null) {
            Set<TokenRange> affected = new LinkedHashSet<>();
            leaving.forEach(host -> affected.addAll(current.rangesOf(host)));
            for (TokenRange range : affected) {
                Set<String> before = current.replicasAt(range.end());
                for (String host : afterLeaving.replicasAt(range.end())) {
                    if (before.contains(host)) {
                        continue;
                    }
                    // Replica.subtractSameReplication: only the parts it does not replicate already
                    for (TokenRange piece : current.pieces.subtract(range, current.rangesOf(host))) {
                        out.add(new PendingRange(piece, nodes.get(host)));
                    }
                }
            }
        }

        for (NodeMotion m : motions) {
            if (m.kind() != MotionKind.JOINING && m.kind() != MotionKind.REPLACING) {
                continue;
            }
            Tokens cloned = allLeft.copy();
            cloned.put(m.node(), m.tokens());
            Layout joined = Layout.of(cloned, strategy);
            for (TokenRange range : joined.rangesOf(m.node().hostId())) {
                out.add(new PendingRange(range, m.node()));
            }
        }

        for (NodeMotion m : motions) {
            if (m.kind() != MotionKind.MOVING || m.tokens().isEmpty() || allLeft.isEmpty()) {
                continue;
            }
            String mover = m.node().hostId();
            Layout before = Layout.of(allLeft, strategy);
            Set<TokenRange> affected = new LinkedHashSet<>(before.rangesOf(mover));
            allLeft.put(m.node(), m.tokens());
            Layout after = Layout.of(allLeft, strategy);
            affected.addAll(after.rangesOf(mover));
            for (TokenRange range : affected) {
                Set<String> gaining = new LinkedHashSet<>(after.replicasAt(range.end()));
                gaining.removeAll(current.replicasAt(range.end()));
                for (String host : gaining) {
                    List<TokenRange> old = current.rangesOf(host);
                    Set<TokenRange> oldSet = new HashSet<>(old);
                    for (TokenRange gained : after.rangesOf(host)) {
                        if (oldSet.contains(gained)) {
                            continue;
                        }
                        for (TokenRange piece : current.pieces.subtract(gained, old)) {
                            out.add(new PendingRange(piece, nodes.get(host)));
                        }
                    }
                }
            }
            allLeft.remove(mover); // as Cassandra does: the next move is computed without this node
        }
        return List.copyOf(out);
    }

    /**
     * The pending ranges of one keyspace as Cassandra 6.0's cluster metadata has them (CEP-21): each multi-step
     * operation changes the write placement at its START step (the future replicas are added) and the read placement
     * at its MID step (reads move to the future replicas, the old ones still take writes), and drops the old replicas
     * at FINISH; what a coordinator counts as pending is the write replicas minus the read replicas
     * ({@code ClusterMetadata.pendingRanges}, {@code ReplicaLayout.forTokenWrite}). Each operation's placement change
     * is taken on its own against the read ring, as the log applies each operation's deltas.
     *
     * @param readRing the ring of the read placement: a joiner whose reads moved is in it, a leaver whose reads moved
     *     is not
     * @param strategy the keyspace's replication strategy
     * @param motions the nodes in motion, each with its {@link NodeMotion#step() step}
     * @return every (range, replica) that takes writes but not reads, on the ranges cut at every token of both rings
     */
    public static List<PendingRange> calculateSteps(
            TokenRing readRing, ReplicationStrategy strategy, Collection<NodeMotion> motions) {
        Set<PendingRange> out = new LinkedHashSet<>();
        for (NodeMotion m : motions) {
            MetadataStep.Phase phase = MetadataStep.phase(m.step());
            if (phase == MetadataStep.Phase.NONE) {
                continue;
            }
            Tokens read = Tokens.of(readRing);
            Tokens other = read.copy();
            switch (m.kind()) {
                case JOINING -> {
                    if (phase == MetadataStep.Phase.READS_MOVED) {
                        other.remove(m.node().hostId());
                    } else {
                        other.put(m.node(), m.tokens());
                    }
                }
                case LEAVING -> {
                    if (phase == MetadataStep.Phase.READS_MOVED) {
                        other.put(m.node(), m.tokens());
                    } else {
                        other.remove(m.node().hostId());
                    }
                }
                case MOVING -> {
                    // reads moved (MID_MOVE): the read ring has the node at its new token, its old one still takes
                    // writes; a move whose new (or, past MID, old) token is not known adds nothing (the reader says so)
                    if (m.tokens().isEmpty()) {
                        continue;
                    }
                    if (phase == MetadataStep.Phase.READS_MOVED) {
                        if (m.movedFrom().isEmpty()) {
                            continue;
                        }
                        other.put(m.node(), m.movedFrom());
                    } else {
                        other.put(m.node(), m.tokens());
                    }
                }
                case REPLACING -> {
                    // a replacement whose reads moved is in the read ring, and the node it replaces, which still
                    // takes writes, comes as a LEAVING motion at the same step
                    if (phase == MetadataStep.Phase.READS_MOVED) {
                        continue;
                    }
                    other.put(m.node(), m.tokens());
                }
            }
            if (other.isEmpty()) {
                continue;
            }
            Layout reads = Layout.of(read, strategy);
            Layout writesOnly = Layout.of(other, strategy);
            Map<String, Node> nodes = new LinkedHashMap<>();
            readRing.nodes().forEach(n -> nodes.put(n.hostId(), n));
            nodes.putIfAbsent(m.node().hostId(), m.node());
            for (TokenRange piece : cut(reads.ring, writesOnly.ring)) {
                Set<String> pending = new LinkedHashSet<>(writesOnly.replicasAt(piece.end()));
                pending.removeAll(reads.replicasAt(piece.end()));
                for (String host : pending) {
                    out.add(new PendingRange(piece, nodes.get(host)));
                }
            }
        }
        return List.copyOf(out);
    }

    /** The ranges between consecutive tokens of both rings (Cassandra 6.0 splits its placements at every token). */
    private static List<TokenRange> cut(TokenRing a, TokenRing b) {
        java.util.TreeSet<Token> tokens = new java.util.TreeSet<>();
        for (int i = 0; i < a.size(); i++) {
            tokens.add(a.tokenAt(i));
        }
        for (int i = 0; i < b.size(); i++) {
            tokens.add(b.tokenAt(i));
        }
        List<Token> sorted = new ArrayList<>(tokens);
        List<TokenRange> out = new ArrayList<>(sorted.size());
        for (int i = 0; i < sorted.size(); i++) {
            Token start = sorted.get(i == 0 ? sorted.size() - 1 : i - 1);
            out.add(new TokenRange(start, sorted.get(i)));
        }
        return out;
    }

    /** A mutable token map (Cassandra's {@code TokenMetadata.cloneOnlyTokenMap}): nodes and their normal tokens. */
    private static final class Tokens {

        private final Partitioner partitioner;
        private final Map<String, Node> nodes;
        private final Map<String, List<Token>> tokens;

        private Tokens(Partitioner partitioner, Map<String, Node> nodes, Map<String, List<Token>> tokens) {
            this.partitioner = partitioner;
            this.nodes = nodes;
            this.tokens = tokens;
        }

        static Tokens of(TokenRing ring) {
            Map<String, Node> nodes = new LinkedHashMap<>();
            Map<String, List<Token>> tokens = new LinkedHashMap<>();
            List<List<Token>> byNode = ring.tokensByNode();
            for (int n = 0; n < ring.nodes().size(); n++) {
                Node node = ring.nodes().get(n);
                nodes.put(node.hostId(), node);
                tokens.put(node.hostId(), new ArrayList<>(byNode.get(n)));
            }
            return new Tokens(ring.partitioner(), nodes, tokens);
        }

        Tokens copy() {
            Map<String, List<Token>> t = new LinkedHashMap<>();
            tokens.forEach((h, l) -> t.put(h, new ArrayList<>(l)));
            return new Tokens(partitioner, new LinkedHashMap<>(nodes), t);
        }

        boolean isEmpty() {
            return tokens.isEmpty();
        }

        void remove(String hostId) {
            nodes.remove(hostId);
            tokens.remove(hostId);
        }

        /**
         * Gives {@code node} exactly {@code owned} (Cassandra's {@code updateNormalTokens}): a token another node
         * held moves to it, and a node left without tokens leaves the ring.
         */
        void put(Node node, List<Token> owned) {
            Set<Token> taken = new HashSet<>(owned);
            tokens.remove(node.hostId());
            nodes.remove(node.hostId());
            for (var it = tokens.entrySet().iterator(); it.hasNext(); ) {
                var e = it.next();
                e.getValue().removeIf(taken::contains);
                if (e.getValue().isEmpty()) {
                    nodes.remove(e.getKey());
                    it.remove();
                }
            }
            nodes.put(node.hostId(), node);
            tokens.put(node.hostId(), new ArrayList<>(owned));
        }

        TokenRing ring() {
            Map<Node, List<Token>> map = new LinkedHashMap<>();
            tokens.forEach((h, t) -> map.put(nodes.get(h), t));
            return TokenRing.of(partitioner, map);
        }
    }

    /** A ring with a strategy's replicas of every range: Cassandra's {@code getAddressReplicas} and friends. */
    private static final class Layout {

        private final TokenRing ring;
        private final ReplicaSet[] replicas;
        private final RangePieces pieces;
        private final Map<String, List<TokenRange>> rangesByHost = new LinkedHashMap<>();

        private Layout(TokenRing ring, ReplicaSet[] replicas) {
            this.ring = ring;
            this.replicas = replicas;
            this.pieces = new RangePieces(ring.partitioner());
            for (int i = 0; i < ring.size(); i++) {
                ReplicaSet set = replicas[i];
                for (int r = 0; r < set.size(); r++) {
                    rangesByHost
                            .computeIfAbsent(ring.nodes().get(set.node(r)).hostId(), h -> new ArrayList<>())
                            .add(ring.rangeAt(i));
                }
            }
        }

        static Layout of(Tokens tokens, ReplicationStrategy strategy) {
            TokenRing ring = tokens.ring();
            return new Layout(ring, strategy.placeAll(ring));
        }

        /** The ranges {@code hostId} replicates ({@code AbstractReplicationStrategy.getAddressReplicas}). */
        List<TokenRange> rangesOf(String hostId) {
            return rangesByHost.getOrDefault(hostId, List.of());
        }

        /** The host ids replicating {@code token} ({@code calculateNaturalReplicas}). */
        Set<String> replicasAt(Token token) {
            ReplicaSet set = replicas[ring.primaryIndex(token)];
            Set<String> out = new LinkedHashSet<>();
            for (int r = 0; r < set.size(); r++) {
                out.add(ring.nodes().get(set.node(r)).hostId());
            }
            return out;
        }
    }
}
