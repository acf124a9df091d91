package io.ringmap.restart;

import io.ringmap.consistency.ConsistencyLevel;
import java.util.List;

/**
 * A token range that loses a level when {@code node} stops, which makes a restart impossible as asked.
 *
 * @param node     the node whose stop alone breaks the level
 * @param replicas the range's replica addresses, primary first
 * @param reason   the failing verdict's sentence (reads, else writes)
 */
public record BlockingRange(
        String node,
        String keyspace,
        ConsistencyLevel level,
        String coordinatorDc,
        String start,
        String end,
        List<String> replicas,
        String reason) {

    public BlockingRange {
        replicas = List.copyOf(replicas);
    }
}
