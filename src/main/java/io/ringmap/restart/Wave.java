package io.ringmap.restart;

import java.util.List;

/**
 * One wave of a rolling restart: nodes stopped together, each keyspace keeping its level while they are down.
 *
 * @param number     1 for the first wave
 * @param nodes      ring node indexes, in the order the planner took them
 * @param wholeRacks {@code dc/rack} of every rack all of whose ring members are in this wave
 * @param checks     per keyspace, level and coordinator data centre, why the wave is safe
 */
public record Wave(int number, List<Integer> nodes, List<String> wholeRacks, List<WaveCheck> checks) {

    public Wave {
        nodes = List.copyOf(nodes);
        wholeRacks = List.copyOf(wholeRacks);
        checks = List.copyOf(checks);
    }
}
