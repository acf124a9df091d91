package io.ringmap.hotkeys;

/**
 * Sizing of hot-key tracking.
 *
 * @param topK           how many keys per table are exported with their own exact counter
 * @param maxMapSize     DataSketches frequent-items map size per sketch (power of two); the sketch keeps at most
 *                       0.75 × this many keys, and its error is at most 3.5 / maxMapSize of the table's hits
 * @param stripes        sketches per table (power of two), each behind its own lock, merged when read
 * @param maxTables      tables tracked at most; hits for further tables are dropped and counted
 * @param maxLabelLength labels longer than this are shortened by {@link KeyLabels#bounded}
 */
public record HotKeySettings(int topK, int maxMapSize, int stripes, int maxTables, int maxLabelLength) {

    /** Defaults: top 20 of each table, 1024-slot map, one sketch per table, 1000 tables, 256-char labels. */
    public static final HotKeySettings DEFAULTS = new HotKeySettings(20, 1024, 1, 1000, 256);

    public HotKeySettings {
        if (topK < 1 || topK > 1000) {
            throw new IllegalArgumentException("topK must be between 1 and 1000, was " + topK);
        }
        if (maxMapSize < 16 || Integer.bitCount(maxMapSize) != 1) {
            throw new IllegalArgumentException("maxMapSize must be a power of two of at least 16, was " + maxMapSize);
        }
        if (topK * 4 > maxMapSize) {
            // the sketch holds ~0.75 × maxMapSize keys: keep it several times larger than K so ranks near K are
            // reliable
            throw new IllegalArgumentException(
                    "maxMapSize must be at least 4 × topK (" + 4 * topK + "), was " + maxMapSize);
        }
        if (stripes < 1 || stripes > 64 || Integer.bitCount(stripes) != 1) {
            throw new IllegalArgumentException("stripes must be a power of two between 1 and 64, was " + stripes);
        }
        if (maxTables < 1) {
            throw new IllegalArgumentException("maxTables must be at least 1, was " + maxTables);
        }
        if (maxLabelLength < 32) {
            throw new IllegalArgumentException("maxLabelLength must be at least 32, was " + maxLabelLength);
        }
    }

    public HotKeySettings withTopK(int value) {
        return new HotKeySettings(value, maxMapSize, stripes, maxTables, maxLabelLength);
    }

    public HotKeySettings withMaxMapSize(int value) {
        return new HotKeySettings(topK, value, stripes, maxTables, maxLabelLength);
    }

    public HotKeySettings withStripes(int value) {
        return new HotKeySettings(topK, maxMapSize, value, maxTables, maxLabelLength);
    }

    public HotKeySettings withMaxTables(int value) {
        return new HotKeySettings(topK, maxMapSize, stripes, value, maxLabelLength);
    }

    /** Series per table a metrics layer may export: the top K plus {@code _other}. */
    public int seriesPerTable() {
        return topK + 1;
    }
}
