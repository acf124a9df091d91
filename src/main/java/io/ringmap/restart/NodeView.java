package io.ringmap.restart;

import java.time.Instant;
import java.util.Map;

/**
 * One node's own view of the ring's members, read from that node ({@code system_views.gossip_info} through a
 * statement addressed to it), or why it could not be read.
 *
 * @param node    the address of the node whose view this is
 * @param readAt  when the read ended
 * @param source  what was read, e.g. {@code system_views.gossip_info}
 * @param members by internode (broadcast) address, what the node knows of each member; empty when not read
 * @param error   why the view could not be read (the node's native transport closed, a timeout), or null
 */
public record NodeView(String node, Instant readAt, String source, Map<String, Member> members, String error) {

    public NodeView {
        members = Map.copyOf(members);
    }

    /** A view that could not be read. */
    public static NodeView unreadable(String node, Instant at, String source, String error) {
        return new NodeView(node, at, source, Map.of(), error);
    }

    /**
     * What a node's gossip holds of one member.
     *
     * @param generation  the member's gossip generation: a new one each time it starts
     * @param status      its gossip status (NORMAL, shutdown, LEAVING, ...), without the tokens
     * @param nativeReady its {@code RPC_READY} state (native transport open), null when the view does not say
     */
    public record Member(String address, int generation, String status, Boolean nativeReady) {}
}
