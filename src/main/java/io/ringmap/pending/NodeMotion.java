package io.ringmap.pending;

import io.ringmap.ring.Node;
import io.ringmap.token.Token;
import java.util.List;
import java.util.Objects;

/**
 * One node changing its place in the ring.
 *
 * @param node the node; a joining or replacing node is not (yet) in the ring's node list
 * @param kind what it is doing
 * @param tokens JOINING: its bootstrap tokens; LEAVING: its tokens; MOVING: the one token it moves to (none when
 *     the source does not say); REPLACING: the tokens it takes over
 * @param replacedHostId REPLACING: the host id of the node it replaces; otherwise null
 * @param alive whether the coordinators count it as live (a pending replica down still counts in blockFor)
 */
public record NodeMotion(Node node, MotionKind kind, List<Token> tokens, String replacedHostId, boolean alive) {

    public NodeMotion {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(kind, "kind");
        tokens = List.copyOf(tokens);
        if (kind == MotionKind.MOVING && tokens.size() > 1) {
            throw new IllegalArgumentException("a moving node moves to one token, " + node.broadcastEndpoint()
                    + " names " + tokens.size());
        }
        if ((kind == MotionKind.REPLACING) != (replacedHostId != null)) {
            throw new IllegalArgumentException("exactly a replacing node names the node it replaces");
        }
    }
}
