package io.ringmap.topology;

/**
 * Where a {@link TopologySource} delivers what it read. The served snapshot (package {@code io.ringmap.snapshot})
 * implements it, so sources publish into it without depending on it.
 */
public interface TopologyPublisher {

    /**
     * Publishes the topology a source has just read; the served snapshot is fresh afterwards.
     *
     * @throws IllegalArgumentException when the model cannot form a ring; the served snapshot stays
     */
    void publish(TopologyModel model, String source);

    /**
     * Publishes the topology a source still reads from its client's metadata while it cannot reach the cluster
     * (e.g. every node reported DOWN): node states change, but the snapshot is stale in the same atomic step.
     */
    void publishStale(TopologyModel model, String source, String reason);

    /**
     * Reports a failed attempt to reach the cluster (a connection attempt or a refresh): the served snapshot, if any,
     * is marked stale and answers continue from it; before the first snapshot, {@code reason} is why there is none.
     */
    void markStale(String reason);

    /** Says why there is no snapshot yet while the source is still connecting; no failure. */
    void connecting(String reason);
}
