package io.ringmap.ring;

/** A node's state as the cluster reports it (the driver's {@code NodeState}, gossip's UP/DOWN). */
public enum NodeState {
    UP,
    DOWN,
    UNKNOWN,
    JOINING,
    LEAVING,
    MOVING,
    FORCED_DOWN
}
