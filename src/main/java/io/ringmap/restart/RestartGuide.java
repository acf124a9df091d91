package io.ringmap.restart;

import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.TokenRing;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether the nodes restarted so far are back: UP in ringmap's own view, their native transport open, and UP again in
 * every other node's own view (a node down in ringmap's view has not seen them back: it is waited for too). A node is back in a peer's view when the peer's gossip holds the node's current
 * generation (the one the node itself reports: a restart starts a new one) with status NORMAL and, where gossip
 * says, its native transport ready; until then that peer still knows the node from before its restart, or as shut down.
 */
public final class RestartGuide {

    private RestartGuide() {}

    /**
     * Why a stop must wait.
     *
     * @param node   the restarted node waited for, or null when the wait is not about one node
     * @param peer   the node whose view is waited for, or null
     * @param reason a sentence naming what was seen
     */
    public record Wait(String node, String peer, String reason) {}

    /**
     * The waits before the next stop.
     *
     * @param restarted ring indexes of the nodes restarted so far
     * @param views     by node address, each node's own view as read now (nodes not read are absent)
     */
    public static List<Wait> waits(TokenRing ring, List<Integer> restarted, Map<String, NodeView> views) {
        List<Wait> out = new ArrayList<>();
        Set<String> unreadable = new LinkedHashSet<>();
        for (int r : restarted) {
            Node node = ring.nodes().get(r);
            if (node.state() != NodeState.UP) {
                out.add(new Wait(
                        node.address(),
                        null,
                        node.address() + " is " + node.state() + " in ringmap's view of the ring (the driver's)"));
            }
            NodeView own = views.get(node.address());
            NodeView.Member self = own == null ? null : own.members().get(node.broadcastAddress());
            if (own == null || own.error() != null || self == null) {
                out.add(new Wait(
                        node.address(),
                        node.address(),
                        node.address() + "'s native transport is not open "
                                + "or its own view could not be read"
                                + (own == null || own.error() == null ? "" : ": " + own.error())));
                continue;
            }
            for (int p = 0; p < ring.nodes().size(); p++) {
                Node peer = ring.nodes().get(p);
                if (p == r || restarted.contains(p) && peer.state() != NodeState.UP) {
                    continue; // a restarted peer not back yet is waited for on its own
                }
                NodeView view = views.get(peer.address());
                if (view == null) {
                    // not read: a peer down in ringmap's view cannot have seen the node back; a node down during a
                    // rolling restart is waited for, not assumed away (whether the driver has already marked a
                    // stopped or paused peer down must not decide between WAIT and DONE)
                    if (peer.state() != NodeState.UP && unreadable.add(peer.address())) {
                        out.add(new Wait(
                                node.address(),
                                peer.address(),
                                peer.address() + " is " + peer.state() + " in ringmap's view: it cannot have seen "
                                        + node.address() + " back"));
                    }
                    continue;
                }
                if (view.error() != null) {
                    if (unreadable.add(peer.address())) {
                        out.add(new Wait(
                                null,
                                peer.address(),
                                peer.address() + "'s own view could not be read: " + view.error()));
                    }
                    continue;
                }
                String why = notBack(self, view.members().get(node.broadcastAddress()));
                if (why != null) {
                    out.add(new Wait(node.address(), peer.address(), peer.address() + " " + why));
                }
            }
        }
        return out;
    }

    /** Why a peer's entry does not show the node back, or null when it does. */
    private static String notBack(NodeView.Member self, NodeView.Member seen) {
        if (seen == null) {
            return "does not know " + self.address() + " at all";
        }
        if (seen.generation() != self.generation()) {
            return "still has " + self.address() + " at generation " + seen.generation() + " (" + seen.status()
                    + "), not the " + self.generation() + " it restarted with: it has not seen it back";
        }
        if (!"NORMAL".equals(seen.status())) {
            return "has " + self.address() + " " + seen.status() + ", not NORMAL";
        }
        if (Boolean.FALSE.equals(seen.nativeReady())) {
            return "has " + self.address() + "'s native transport not ready yet (RPC_READY false)";
        }
        return null;
    }
}
