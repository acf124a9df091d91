package io.ringmap.consistency;

import java.util.Objects;

/**
 * One replica of a token range as the coordinator sees it.
 *
 * @param address the node's address (for reporting)
 * @param datacenter the node's data centre
 * @param full false for a transient replica
 * @param alive true when the coordinator counts the node as live
 * @param pending true for a pending replica (a node gaining the range while the ring changes): written to and
 *     counted for writes, never read from
 */
public record ReplicaState(String address, String datacenter, boolean full, boolean alive, boolean pending) {

    public ReplicaState {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(datacenter, "datacenter");
    }

    /** A natural replica. */
    public ReplicaState(String address, String datacenter, boolean full, boolean alive) {
        this(address, datacenter, full, alive, false);
    }
}
