package io.ringmap.sizes.cluster;

import io.ringmap.topology.JmxSettings;
import java.time.Duration;

/**
 * What the collector is told of its rounds, implemented by the configuration's properties ({@code ringmap.sizes.*}),
 * so the collector does not depend on the configuration that creates it.
 */
public interface CollectorSettings {

    /** Time between collection rounds. */
    Duration refreshInterval();

    /** Wait after the cluster session opens before the first round. */
    Duration initialDelay();

    /** Time limit of each query to a node. */
    Duration queryTimeout();

    /** Tables kept per round at most. */
    int maxTables();

    /** Estimate rows kept per node at most. */
    int maxRangesPerNode();

    /** Largest and most tombstoned partitions read per table. */
    int topPartitions();

    /** Whether Cassandra's own keyspaces are collected too. */
    boolean includeSystemKeyspaces();

    /** The optional JMX source. */
    Jmx jmx();

    /** How to reach each node's JMX, and whether to at all. */
    interface Jmx extends JmxSettings {

        boolean enabled();

        Sampling sampling();
    }

    /** Partition sampling during each round ({@code nodetool toppartitions}). */
    interface Sampling {

        boolean enabled();

        /** How long each node samples. */
        Duration duration();

        /** The sampler's capacity (as {@code nodetool toppartitions -s}). */
        int capacity();

        /** Partitions kept per table (as {@code nodetool toppartitions -k}). */
        int top();
    }
}
