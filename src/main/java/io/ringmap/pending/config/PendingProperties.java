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
 */
@Validated
@ConfigurationProperties("ringmap.pending")
public record PendingProperties(
        @DefaultValue("auto") @NotNull Source source,
        @DefaultValue("2s") @NotNull Duration refreshWhileMoving) {

    public PendingProperties {
        if (refreshWhileMoving.isNegative() || refreshWhileMoving.isZero()) {
            throw new IllegalArgumentException("ringmap.pending.refresh-while-moving must be positive, was "
                    + refreshWhileMoving);
        }
    }

    /** Where movement is read from. */
    public enum Source {
        AUTO, JMX, GOSSIP, NONE
    }

    /** Whether JMX is read first: {@code jmx}, or {@code auto} with JMX access configured. */
    public boolean jmxFirst(boolean jmxEnabled) {
        return source == Source.JMX || source == Source.AUTO && jmxEnabled;
    }
}
