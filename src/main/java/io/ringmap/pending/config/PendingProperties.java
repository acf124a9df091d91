package io.ringmap.pending.config;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How ringmap follows ranges in motion (nodes joining, leaving, moving, replacing others) on a live cluster.
 *
 * @param source where to read movement from: {@code auto} (JMX when {@code ringmap.sizes.jmx.enabled}, else CQL's
 *     {@code system_views.gossip_info}; gossip when JMX fails), {@code jmx}, {@code gossip} or {@code none}
 * @param refreshWhileMoving how soon the topology is read again while a node is in motion (beside the periodic
 *     {@code ringmap.topology.refresh-interval})
 * @param probeInterval how often one cheap query looks for a node starting or ending a move, so that motion shows
 *     within seconds (Cassandra 6.0: the last epoch of {@code system_views.cluster_metadata_log}; 4.1 and 5.0: the
 *     statuses of {@code system_views.gossip_info}; 4.0: the StorageService lists over JMX where configured); a
 *     change rebuilds the topology at once
 */
@Validated
@ConfigurationProperties("ringmap.pending")
public record PendingProperties(
        @DefaultValue("auto") @NotNull Source source,
        @DefaultValue("2s") @NotNull Duration refreshWhileMoving,
        @DefaultValue("1s") @NotNull Duration probeInterval) {

    public PendingProperties {
        if (probeInterval.isNegative() || probeInterval.isZero()) {
            throw new IllegalArgumentException("ringmap.pending.probe-interval must be positive, was " + probeInterval);
        }
        if (refreshWhileMoving.isNegative() || refreshWhileMoving.isZero()) {
            throw new IllegalArgumentException(
                    "ringmap.pending.refresh-while-moving must be positive, was " + refreshWhileMoving);
        }
    }

    /** Where movement is read from. */
    public enum Source {
        AUTO,
        JMX,
        GOSSIP,
        NONE
    }

    /** Whether JMX is read first: {@code jmx}, or {@code auto} with JMX access configured. */
    public boolean jmxFirst(boolean jmxEnabled) {
        return source == Source.JMX || source == Source.AUTO && jmxEnabled;
    }
}
