package io.ringmap.restart.service;

import io.ringmap.consistency.ConsistencyLevel;
import io.ringmap.restart.WaveCheck;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.List;
import java.util.Map;

/**
 * A rolling restart's plan on one served snapshot.
 *
 * @param waves      the ordered waves
 * @param oneAtATime the waves one node at a time would need
 * @param levels     per keyspace kept, its level
 * @param datacenters per level, the coordinators' data centres it is kept for
 */
public record PlannedRestart(
        List<PlannedWave> waves,
        int oneAtATime,
        Map<String, ConsistencyLevel> levels,
        Map<ConsistencyLevel, List<String>> datacenters,
        ServedSnapshot snapshot) {

    public PlannedRestart {
        waves = List.copyOf(waves);
        levels = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(levels));
        datacenters = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(datacenters));
    }

    /**
     * One wave, by address.
     *
     * @param racks the {@code dc/rack} of each node, in order
     */
    public record PlannedWave(
            int number, List<String> nodes, List<String> racks, List<String> wholeRacks, List<WaveCheck> checks) {

        public PlannedWave {
            nodes = List.copyOf(nodes);
            racks = List.copyOf(racks);
            wholeRacks = List.copyOf(wholeRacks);
            checks = List.copyOf(checks);
        }
    }
}
