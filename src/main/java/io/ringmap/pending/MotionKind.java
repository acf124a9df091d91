package io.ringmap.pending;

/**
 * How a node is changing its place in the ring, as Cassandra 5.0's gossip {@code STATUS_WITH_PORT} names it
 * ({@code BOOT}, {@code LEAVING}, {@code MOVING}, {@code BOOT_REPLACE}) and {@code nodetool status} shows it
 * (J, L, M).
 */
public enum MotionKind {
    /** Bootstrapping: its tokens are Cassandra's bootstrap tokens, it owns nothing yet. */
    JOINING,
    /** Decommissioning (or being removed): still a natural replica of its ranges until it has left. */
    LEAVING,
    /** Moving its one token to another. */
    MOVING,
    /** Bootstrapping to take over a dead node's tokens ({@code -Dcassandra.replace_address_first_boot}). */
    REPLACING
}
