package io.ringmap.pending;

import io.ringmap.ring.Node;
import io.ringmap.ring.TokenRange;
import java.util.Objects;

/**
 * A token range a node will replicate once the ring's movement completes, and so receives writes for now (one entry
 * of Cassandra's {@code PendingRangeMaps}).
 */
public record PendingRange(TokenRange range, Node replica) {

    public PendingRange {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(replica, "replica");
    }
}
