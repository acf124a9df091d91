package io.ringmap.sizes.config;

import io.ringmap.sizes.cluster.CollectorSettings;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * What the servers know of partition sizes: how often and how much is collected from each node, the guideline
 * answers are checked against, and the optional JMX source.
 *
 * @param enabled                collect at all (only with a live cluster)
 * @param refreshInterval        time between collection rounds (Cassandra itself refreshes its size estimates every
 *                               5 minutes by default)
 * @param initialDelay           wait after the cluster session opens before the first round
 * @param queryTimeout           time limit of each query to a node
 * @param maxTables              tables kept per round at most (bounds memory and metric series)
 * @param maxRangesPerNode       estimate rows kept per node at most (vnodes × tables)
 * @param topPartitions          largest / most tombstoned partitions kept per table
 * @param includeSystemKeyspaces also collect Cassandra's own keyspaces
 */
@Validated
@ConfigurationProperties("ringmap.sizes")
public record SizesProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("5m") @NotNull Duration refreshInterval,
        @DefaultValue("10s") @NotNull Duration initialDelay,
        @DefaultValue("5s") @NotNull Duration queryTimeout,
        @DefaultValue("1000") @Min(1) int maxTables,
        @DefaultValue("100000") @Min(1) int maxRangesPerNode,
        @DefaultValue("10") @Min(1) @Max(1000) int topPartitions,
        @DefaultValue("false") boolean includeSystemKeyspaces,
        @DefaultValue @Valid @NotNull Guideline guideline,
        @DefaultValue @Valid @NotNull Load load,
        @DefaultValue @Valid @NotNull Jmx jmx)
        implements CollectorSettings {

    /**
     * The partition guideline (the partitioning reference: under about 100 MB and well under 100,000 rows).
     *
     * @param maxPartitionSize a partition above this size breaches it
     * @param maxPartitionRows a partition above this many rows breaches it
     * @param pathologyRatio   a maximum this many times the 99th percentile (or the mean) is named
     */
    public record Guideline(
            @DefaultValue("100MB") @NotNull DataSize maxPartitionSize,
            @DefaultValue("100000") @Min(1) long maxPartitionRows,

            @DefaultValue("10") @DecimalMin(value = "1", inclusive = false)
            double pathologyRatio) {}

    /**
     * When {@code /load} names uneven load under even ownership.
     *
     * @param ownershipTolerance ownership is even when largest / smallest effective ownership is at most 1 + this
     * @param imbalanceRatio     load is uneven when largest / smallest load reaches this
     */
    public record Load(
            @DefaultValue("0.1") @DecimalMin("0") double ownershipTolerance,

            @DefaultValue("1.5") @DecimalMin(value = "1", inclusive = false)
            double imbalanceRatio) {}

    /**
     * The optional JMX source: exact byte figures, histograms (what {@code nodetool tablehistograms} prints), the
     * current top partitions and partition sampling (what {@code nodetool toppartitions} does).
     *
     * @param enabled  read JMX at all (off by default)
     * @param host     host to connect to; {@code {address}} stands for the node's address
     * @param port     JMX port of every node
     * @param ports    per-node port overrides, by node address
     * @param username JMX user (empty: no authentication)
     * @param password JMX password
     * @param ssl      connect with TLS (RMI over SSL, the JVM's default trust store)
     * @param sampling partition sampling for server-side hot partitions
     */
    public record Jmx(
            @DefaultValue("false") boolean enabled,
            @DefaultValue("{address}") @NotNull String host,
            @DefaultValue("7199") @Min(1) @Max(65535) int port,
            Map<String, Integer> ports,
            String username,
            String password,
            @DefaultValue("false") boolean ssl,
            @DefaultValue @Valid @NotNull Sampling sampling)
            implements CollectorSettings.Jmx {

        public Jmx {
            ports = ports == null ? Map.of() : Map.copyOf(ports);
        }

        /** The host for a node. */
        public String hostFor(String address) {
            return host.replace("{address}", address);
        }

        /** The port for a node. */
        public int portFor(String address) {
            return ports.getOrDefault(address, port);
        }
    }

    /**
     * Partition sampling on every node for every collected table (each sample blocks a JMX call for {@code duration}).
     *
     * @param enabled  sample during each round
     * @param duration how long each node samples
     * @param capacity the sampler's capacity (as nodetool toppartitions -s)
     * @param top      partitions kept per table (as nodetool toppartitions -k)
     */
    public record Sampling(
            @DefaultValue("false") boolean enabled,
            @DefaultValue("5s") @NotNull Duration duration,
            @DefaultValue("256") @Min(1) int capacity,
            @DefaultValue("10") @Min(1) @Max(1000) int top)
            implements CollectorSettings.Sampling {}
}
