package io.ringmap.config;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Limits of the HTTP API.
 *
 * @param maxBatchSize the most keys one {@code POST /token}, {@code POST /replicas} or {@code POST /hits} may carry
 */
@Validated
@ConfigurationProperties("ringmap.api")
public record ApiProperties(@DefaultValue("10000") @Min(1) @Max(1_000_000) int maxBatchSize) {
}
