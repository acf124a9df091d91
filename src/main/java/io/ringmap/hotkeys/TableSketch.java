package io.ringmap.hotkeys;

import io.ringmap.ring.TableName;
import java.util.Map;
import java.util.Objects;

/**
 * The readable state of one table's frequent-items sketch, as it travels between instances: the exact count the
 * sketch holds for each of its items, how much any item may have been undercounted ({@code maximumError}, the
 * sketch's offset), and the hits it saw. An item's true count lies in {@code [count, count + maximumError]}; an item
 * not listed had at most {@code maximumError} hits.
 *
 * <p>Read through the sketch's public row API, not DataSketches' binary form: on Java 17 that form needs the
 * incubator module {@code jdk.incubator.foreign} (datasketches-memory 4), which the service does not enable.
 *
 * @param counts items (key labels, or their exported form when clear keys must not leave the process) and their
 *               counts
 */
public record TableSketch(TableName table, long streamLength, long maximumError, Map<String, Long> counts) {

    public TableSketch {
        Objects.requireNonNull(table, "table must not be null");
        counts = Map.copyOf(counts);
        if (streamLength < 0 || maximumError < 0) {
            throw new IllegalArgumentException("the sketch of " + table + " has negative hits or error");
        }
        for (Long count : counts.values()) {
            if (count < 0) {
                throw new IllegalArgumentException("the sketch of " + table + " has a negative count");
            }
        }
    }
}
