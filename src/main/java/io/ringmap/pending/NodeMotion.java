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
 * @param step where a multi-step operation of Cassandra 6.0's cluster metadata is, as its log names the step done
 *     (e.g. {@code START_JOIN}); null where the cluster has no such log
 * @param movedFrom MOVING whose reads have moved (Cassandra 6.0's {@code MID_MOVE} done): the token it moves from,
 *     which still takes writes while the ring already has it at its new one; otherwise empty
 */
public record NodeMotion(
        Node node,
        MotionKind kind,
        List<Token> tokens,
        String replacedHostId,
        boolean alive,
        String step,
        List<Token> movedFrom) {

    public NodeMotion {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(kind, "kind");
        tokens = List.copyOf(tokens);
        movedFrom = List.copyOf(movedFrom);
        if (!movedFrom.isEmpty() && (kind != MotionKind.MOVING || tokens.size() != 1 || movedFrom.size() != 1)) {
            throw new IllegalArgumentException("only a node moving from one token to another names the token it "
                    + "moves from, " + node.broadcastEndpoint() + " does not");
        }
        if (kind == MotionKind.MOVING && tokens.size() > 1) {
            throw new IllegalArgumentException(
                    "a moving node moves to one token, " + node.broadcastEndpoint() + " names " + tokens.size());
        }
        if ((kind == MotionKind.REPLACING) != (replacedHostId != null)) {
            throw new IllegalArgumentException("exactly a replacing node names the node it replaces");
        }
    }

    /** A node in motion whose reads are where its tokens say (every step but a move's MID). */
    public NodeMotion(
            Node node, MotionKind kind, List<Token> tokens, String replacedHostId, boolean alive, String step) {
        this(node, kind, tokens, replacedHostId, alive, step, List.of());
    }

    /** A node in motion as gossip or JMX shows it: no step. */
    public NodeMotion(Node node, MotionKind kind, List<Token> tokens, String replacedHostId, boolean alive) {
        this(node, kind, tokens, replacedHostId, alive, null);
    }
}
