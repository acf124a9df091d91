package io.ringmap.routing;

import io.ringmap.snapshot.ServedSnapshot;

/** Answers how much of the ring, and of a keyspace's data, each node owns, against one snapshot. */
public class OwnershipService {

    private final RoutingService routing;

    public OwnershipService(RoutingService routing) {
        this.routing = routing;
    }

    /** The ring's ownership; with a keyspace, also each node's effective ownership of its data. */
    public RingOwnership ownership(String keyspace) {
        ServedSnapshot served = routing.snapshot();
        double[] effective =
                keyspace == null ? null : served.ring().effectiveOwnership(routing.placement(served, keyspace));
        return new RingOwnership(served, served.ring().primaryOwnership(), effective);
    }
}
