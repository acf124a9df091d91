package io.ringmap.planning.config;

import io.ringmap.planning.service.PlanLimits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Limits of the planning endpoints: each bounds the total work and output one request may cause, checked before any
 * of it is done (413 {@code plan-too-large} naming the field, {@code size} and {@code limit}).
 *
 * @param maxDesigns the most designs one {@code POST /plan} compares
 * @param maxGeneratedKeys the most partition keys one {@code POST /plan} generates and hashes over all its designs;
 *     each of D designs gets {@code maxGeneratedKeys / D}: a population beyond its share is sampled, named entities
 *     beyond it are refused
 * @param maxNodes the most nodes, over all data centres, one {@code /tokens/balanced} places (one token each)
 * @param maxSampleKeys the most sample keys one {@code POST /tokens/balanced} hashes
 * @param maxLayoutTokens the most tokens of the ring one {@code POST /tokens/evaluate} places every keyspace on (mode
 *     add: the served ring's tokens and the proposed ones; replace: the proposed ones)
 * @param maxShards the most shards one {@code /plan/shards} plans ({@code count}, or {@code ceil(load / target)})
 * @param maxShardCandidates the most shard values one {@code /plan/shards} hashes and searches for the widest spread
 */
@Validated
@ConfigurationProperties("ringmap.plan")
public record PlanProperties(
        @DefaultValue("8") @Min(1) @Max(64) int maxDesigns,
        @DefaultValue("100000") @Min(1) @Max(10_000_000) int maxGeneratedKeys,
        @DefaultValue("10000") @Min(1) @Max(1_000_000) int maxNodes,
        @DefaultValue("100000") @Min(1) @Max(10_000_000) int maxSampleKeys,
        @DefaultValue("300000") @Min(1) @Max(10_000_000) int maxLayoutTokens,
        @DefaultValue("1024") @Min(1) @Max(65_536) int maxShards,
        @DefaultValue("4096") @Min(1) @Max(1_000_000) int maxShardCandidates)
        implements PlanLimits {}
