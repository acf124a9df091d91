package io.ringmap.config;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How the live cluster source follows a Cassandra cluster (used when {@code spring.cassandra.contact-points} is set;
 * the connection itself is configured with Spring Boot's {@code spring.cassandra.*}).
 *
 * @param localNode the node (host id, RPC address or broadcast address) LocalStrategy keyspaces ({@code system},
 *     ...) resolve to; empty: the node that answers
 *     ringmap's own queries
 * @param eventDebounce how long node and schema events are coalesced before one rebuild
 * @param checkTimeout timeout of the periodic connectivity query ({@code SELECT release_version FROM system.local})
 * @param reconnectMaxDelay the longest wait between two connection attempts, ringmap's first connection and the
 *     driver's reconnections alike (the driver's default of 60 s would hide a recovered cluster for a minute)
 */
@Validated
@ConfigurationProperties("ringmap.topology.cluster")
public record ClusterProperties(
        @DefaultValue("") String localNode,
        @DefaultValue("200ms") @NotNull Duration eventDebounce,
        @DefaultValue("2s") @NotNull Duration checkTimeout,
        @DefaultValue("5s") @NotNull Duration reconnectMaxDelay) {

    public ClusterProperties {
        localNode = localNode == null || localNode.isBlank() ? null : localNode.trim();
        requirePositive(checkTimeout, "check-timeout");
        requirePositive(reconnectMaxDelay, "reconnect-max-delay");
        if (eventDebounce.isNegative()) {
            throw new IllegalArgumentException(
                    "ringmap.topology.cluster.event-debounce must not be negative, was " + eventDebounce);
        }
    }

    private static void requirePositive(Duration d, String name) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException("ringmap.topology.cluster." + name + " must be positive, was " + d);
        }
    }
}
