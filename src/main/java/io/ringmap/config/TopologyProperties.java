package io.ringmap.config;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where the ring comes from.
 *
 * @param file the static topology YAML used when no Cassandra contact points are configured
 *     ({@code classpath:} or {@code file:} location)
 * @param refreshInterval how often a live cluster's topology is re-read as a safety net beside its events, and how
 *     often a static {@code file:} topology is checked for edits
 * @param keyspaces keyspaces to serve (empty: all)
 * @param source {@code auto} (the live cluster when {@code spring.cassandra.contact-points} is set, else the static
 *     file), {@code static}, or {@code cluster} (e.g. contact points from a Testcontainers service connection)
 */
@Validated
@ConfigurationProperties("ringmap.topology")
public record TopologyProperties(
        @DefaultValue("classpath:topology/default.yaml") @NotNull
        String file,

        @DefaultValue("30s") @NotNull Duration refreshInterval,
        @DefaultValue("") List<String> keyspaces,

        @DefaultValue("auto") @jakarta.validation.constraints.Pattern(regexp = "auto|static|cluster")
        String source) {

    public TopologyProperties {
        keyspaces = keyspaces == null
                ? List.of()
                : keyspaces.stream().filter(k -> !k.isBlank()).toList();
        if (refreshInterval.isNegative() || refreshInterval.isZero()) {
            throw new IllegalArgumentException(
                    "ringmap.topology.refresh-interval must be positive, was " + refreshInterval);
        }
    }

    /** True when the keyspace passes the configured filter. */
    public boolean serves(String keyspace) {
        return keyspaces.isEmpty() || keyspaces.contains(keyspace);
    }
}
