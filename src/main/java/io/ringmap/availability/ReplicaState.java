package io.ringmap.availability;

import java.util.Objects;

/**
 * One replica of a token range as the coordinator sees it.
 *
 * @param address the node's address (for reporting)
 * @param datacenter the node's data centre
 * @param full false for a transient replica
 * @param alive true when the coordinator counts the node as live
 */
public record ReplicaState(String address, String datacenter, boolean full, boolean alive) {

    public ReplicaState {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(datacenter, "datacenter");
    }
}
