package io.ringmap.routing;

import io.ringmap.snapshot.ServedSnapshot;

/**
 * The served ring with each node's ownership, by node index.
 *
 * @param primary the share of all token ranges each node owns as primary
 * @param effective the share of the keyspace's data each node holds, or null when no keyspace was asked for
 */
public record RingOwnership(ServedSnapshot snapshot, double[] primary, double[] effective) {}
