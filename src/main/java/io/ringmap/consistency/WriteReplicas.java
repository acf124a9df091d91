package io.ringmap.consistency;

import io.ringmap.pending.NodeMotion;
import io.ringmap.pending.PendingReplicas;
import io.ringmap.pending.RingMotion;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRange;
import io.ringmap.ring.TokenRing;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The replicas a write goes to while ranges are in motion: a range's natural replicas and its pending ones (mirrors
 * {@code ReplicaLayout.forTokenWriteLiveAndDown}), each live or not. A pending replica in the ring is live as the
 * ring's live nodes say; one outside it (joining, replacing) as its motion says, unless assumed down.
 */
public final class WriteReplicas {

    private final TokenRing ring;
    private final boolean[] live;
    private final RingMotion motion;
    private final Map<String, Integer> ringIndex = new HashMap<>();
    private final Set<String> offRingDown = new HashSet<>();

    /**
     * @param live per ring node index, whether the coordinator counts it live
     * @param assumedDown host ids or addresses of nodes outside the ring to count as down
     */
    public WriteReplicas(TokenRing ring, boolean[] live, RingMotion motion, Set<String> assumedDown) {
        this.ring = ring;
        this.live = live;
        this.motion = motion;
        for (int n = 0; n < ring.nodes().size(); n++) {
            ringIndex.put(ring.nodes().get(n).hostId(), n);
        }
        for (NodeMotion m : motion.motions()) {
            if (!ringIndex.containsKey(m.node().hostId())
                    && (!m.alive()
                            || assumedDown.contains(m.node().hostId())
                            || assumedDown.contains(m.node().address())
                            || assumedDown.contains(m.node().broadcastAddress()))) {
                offRingDown.add(m.node().hostId());
            }
        }
    }

    /** Per ring node index, whether the coordinator counts it live. */
    public boolean[] live() {
        return live;
    }

    /** The movement these replicas come from. */
    public RingMotion motion() {
        return motion;
    }

    /** The keyspace's pending replicas. */
    public PendingReplicas pending(String keyspace) {
        return motion.pending(keyspace);
    }

    /** This view with ring node {@code node} down as well. */
    public WriteReplicas without(int node) {
        boolean[] after = live.clone();
        after[node] = false;
        WriteReplicas out = new WriteReplicas(ring, after, motion, Set.of());
        out.offRingDown.addAll(offRingDown);
        return out;
    }

    /** The ring index of {@code node}, or -1 when it is not in the ring. */
    public int ringIndex(Node node) {
        return ringIndex.getOrDefault(node.hostId(), -1);
    }

    /** Whether the coordinator counts the pending replica {@code node} as live. */
    public boolean isLive(Node node) {
        int i = ringIndex(node);
        return i >= 0 ? live[i] : !offRingDown.contains(node.hostId());
    }

    /** The natural replicas, then the pending ones that are not natural, as the coordinator sees them. */
    public List<ReplicaState> states(ReplicaSet natural, List<Node> pending) {
        List<ReplicaState> out = new ArrayList<>(Availability.replicaStates(ring, natural, live));
        for (Node p : pending) {
            int i = ringIndex(p);
            if (i >= 0 && contains(natural, i)) {
                continue; // ReplicaLayout resolves a replica both natural and pending as natural
            }
            out.add(new ReplicaState(p.address(), p.datacenter(), true, isLive(p), true));
        }
        return out;
    }

    /**
     * The write replica sets of one range: one per part with pending replicas, and the natural set alone for the rest
     * (null range when pending parts cover it all).
     */
    public List<Piece> pieces(String keyspace, TokenRange range, ReplicaSet natural) {
        List<PendingReplicas.Part> parts = motion.pending(keyspace).parts(ring.partitioner(), range);
        List<Piece> out = new ArrayList<>();
        List<TokenRange> covered = new ArrayList<>();
        for (PendingReplicas.Part part : parts) {
            out.add(new Piece(part.range(), states(natural, part.replicas()), part.replicas()));
            covered.add(part.range());
        }
        if (parts.isEmpty()
                || !new io.ringmap.pending.RangePieces(ring.partitioner())
                        .subtract(range, covered)
                        .isEmpty()) {
            out.add(new Piece(parts.isEmpty() ? range : null, states(natural, List.of()), List.of()));
        }
        return out;
    }

    /**
     * One part of a range and the replicas a write to it counts.
     *
     * @param range the part, or null for what is left of the range outside every pending part
     */
    public record Piece(TokenRange range, List<ReplicaState> replicas, List<Node> pending) {}

    static boolean contains(ReplicaSet set, int node) {
        for (int i = 0; i < set.size(); i++) {
            if (set.node(i) == node) {
                return true;
            }
        }
        return false;
    }
}
