package io.ringmap.restart.config;

import io.ringmap.restart.service.RestartLimits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of {@code POST /plan/restart} and its guide.
 *
 * @param maxNodes          the most nodes one request names to restart (or as restarted)
 * @param maxKeyspaceLevels the most keyspaces one request names a level for
 * @param blockingListed    the most blocking ranges a refusal lists (it counts them all)
 * @param maxRangeChecks    the most ranges one plan's stop checks look at, all together: each check of a node looks
 *                          at every range of every keyspace kept, and a plan makes a few per node and wave
 * @param viewTimeout       how long the guide waits for one node's own view
 */
@Validated
@ConfigurationProperties("ringmap.plan.restart")
public record RestartProperties(
        @DefaultValue("1000") @Min(1) @Max(100_000) int maxNodes,
        @DefaultValue("1000") @Min(1) @Max(100_000) int maxKeyspaceLevels,
        @DefaultValue("20") @Min(1) @Max(1000) int blockingListed,
        @DefaultValue("50000000") @Min(1) long maxRangeChecks,
        @DefaultValue("2s") Duration viewTimeout)
        implements RestartLimits {}
