package io.ringmap.ring;

/**
 * The replicas of one token range in placement order (the primary first), as node indexes into
 * {@link TokenRing#nodes()}.
 *
 * @param nodes node indexes in placement order
 * @param transientFlags per replica, true for a transient replica; {@code null} when every replica is full
 */
public record ReplicaSet(int[] nodes, boolean[] transientFlags) {

    public int size() {
        return nodes.length;
    }

    public int node(int i) {
        return nodes[i];
    }

    public boolean isFull(int i) {
        return transientFlags == null || !transientFlags[i];
    }
}
