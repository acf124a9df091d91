package io.ringmap.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * What every ringmap meter carries.
 *
 * @param cluster the value of the {@code cluster} tag on every meter; empty: the static topology file's
 *     {@code cluster} name, or {@code unknown} for a live cluster, whose name is read only after start-up (set it
 *     there to the cluster's {@code cluster_name}; ringmap warns when the cluster calls itself otherwise)
 */
@Validated
@ConfigurationProperties("ringmap.metrics")
public record MetricsProperties(@DefaultValue("") String cluster) {

    public MetricsProperties {
        cluster = cluster == null || cluster.isBlank() ? null : cluster.trim();
    }
}
