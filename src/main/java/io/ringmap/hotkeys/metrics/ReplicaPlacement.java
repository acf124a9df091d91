package io.ringmap.hotkeys.metrics;

import java.util.Objects;

/** Where a replica node lives, for the {@code dc} and {@code rack} tags of {@code ringmap.replica.hits}. */
public record ReplicaPlacement(String dc, String rack) {

    /** Placement of a node the topology does not know (any more). */
    public static final ReplicaPlacement UNKNOWN = new ReplicaPlacement("unknown", "unknown");

    public ReplicaPlacement {
        Objects.requireNonNull(dc, "dc must not be null");
        Objects.requireNonNull(rack, "rack must not be null");
    }
}
