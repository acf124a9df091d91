package io.ringmap.hotkeys;

import io.ringmap.ring.TableName;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;

/**
 * The heaviest keys of one table with their error bounds, as {@code GET /hotkeys} reports them.
 *
 * @param table        the table
 * @param streamLength hits of the table seen by the sketch (exact)
 * @param maximumError the largest amount by which any estimate of this table can be off
 * @param keys         heaviest first
 */
public record TableHotKeys(TableName table, long streamLength, long maximumError, List<HotKey> keys) {

    public TableHotKeys {
        keys = List.copyOf(keys);
    }

    /**
     * The heaviest keys of a sketch whose items are key labels, hottest first (ties by label), at most {@code limit}.
     *
     * @param keyOf the exported form of a label ({@link KeyExporter#export}, or the label itself when the items are
     *              exported forms already)
     */
    static TableHotKeys of(TableName table, ItemsSketch<String> sketch, int limit, UnaryOperator<String> keyOf) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative, was " + limit);
        }
        ItemsSketch.Row<String>[] rows = sketch.getFrequentItems(0L, ErrorType.NO_FALSE_NEGATIVES);
        Arrays.sort(rows, TableTracker.HOTTEST_FIRST);
        long streamLength = sketch.getStreamLength();
        List<HotKey> keys = new ArrayList<>(Math.min(limit, rows.length));
        for (int i = 0; i < rows.length && keys.size() < limit; i++) {
            ItemsSketch.Row<String> row = rows[i];
            double share = streamLength == 0 ? 0 : (double) row.getEstimate() / streamLength;
            keys.add(new HotKey(
                    keyOf.apply(row.getItem()),
                    row.getEstimate(),
                    row.getLowerBound(),
                    row.getUpperBound(),
                    share,
                    row.getItem()));
        }
        return new TableHotKeys(table, streamLength, sketch.getMaximumError(), keys);
    }
}
