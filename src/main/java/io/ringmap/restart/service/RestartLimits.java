package io.ringmap.restart.service;

/** Bounds of one restart plan or guide request, checked before any work (413 {@code plan-too-large}). */
public interface RestartLimits {

    /** The most nodes one request names (to restart, or restarted). */
    int maxNodes();

    /** The most keyspaces one request names a level for. */
    int maxKeyspaceLevels();

    /** The most blocking ranges a refusal lists (it counts them all). */
    int blockingListed();

    /** The most ranges one plan's stop checks look at, all together (bounds its CPU time). */
    long maxRangeChecks();
}
