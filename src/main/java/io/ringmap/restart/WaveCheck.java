package io.ringmap.restart;

import io.ringmap.consistency.ConsistencyLevel;

/**
 * Why one keyspace keeps its level while a wave's nodes are down: what {@code /availability} answers for the same
 * keyspace, level, coordinator data centre and nodes down.
 *
 * @param ranges               the ring's token ranges
 * @param unavailableForReads  ranges whose reads fail at the level with the wave down (0 unless they failed before)
 * @param unavailableForWrites ranges whose writes fail, pending replicas counted
 * @param reason               a sentence naming the tightest range's live replicas against what the level needs
 */
public record WaveCheck(
        String keyspace,
        ConsistencyLevel level,
        String coordinatorDc,
        int ranges,
        int unavailableForReads,
        int unavailableForWrites,
        String reason) {}
