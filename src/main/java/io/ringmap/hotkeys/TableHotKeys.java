package io.ringmap.hotkeys;

import java.util.List;

/**
 * The heaviest keys of one table with their error bounds, as {@code GET /hotkeys} reports them.
 *
 * @param table        the table
 * @param streamLength hits of the table seen by the sketch (exact)
 * @param maximumError the largest amount by which any estimate of this table can be off
 * @param keys         heaviest first
 */
public record TableHotKeys(TableId table, long streamLength, long maximumError, List<HotKey> keys) {

    public TableHotKeys {
        keys = List.copyOf(keys);
    }
}
