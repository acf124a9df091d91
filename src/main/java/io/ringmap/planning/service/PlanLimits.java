package io.ringmap.planning.service;

/**
 * What one planning request may cost, implemented by the configuration's properties ({@code ringmap.plan.*}, each
 * described there), so the services do not depend on the configuration that creates them.
 */
public interface PlanLimits {

    int maxDesigns();

    int maxGeneratedKeys();

    int maxNodes();

    int maxSampleKeys();

    int maxLayoutTokens();

    int maxShards();

    int maxShardCandidates();
}
