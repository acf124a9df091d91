package io.ringmap.pending;

/** Where ringmap read the ring's movement from. */
public enum MotionSource {
    /** StorageService over JMX: Cassandra's own pending range map and joining/leaving/moving lists. */
    JMX,
    /**
     * CQL's {@code system_views.gossip_info} (Cassandra 4.1+): each endpoint's {@code STATUS_WITH_PORT}; pending
     * ranges computed as Cassandra computes them.
     */
    GOSSIP,
    /**
     * Cassandra 6.0's cluster metadata ({@code system_views.cluster_metadata_directory} and
     * {@code cluster_metadata_log}): node states, a moving node's tokens and the step each multi-step operation is
     * at; read and write replicas as the log's placements give them at that step.
     */
    CLUSTER_METADATA,
    /** Neither could be read (a static topology, an older Cassandra, no JMX): no movement is assumed. */
    NONE
}
