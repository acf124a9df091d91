package io.ringmap.hotkeys;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Merges the sketches of several instances into one view per table, as frequent-items sketches merge (Agarwal et
 * al., "Mergeable summaries", and DataSketches' {@code ItemsSketch.merge}): counts of the same item are summed, the
 * parts' maximum errors are summed, and so are their hits. A key's true total then lies between its summed count and
 * that plus the summed error; no purge is needed, as the merged view is bounded by its parts.
 *
 * <p>All parts must carry the same kind of item: clear labels, or labels exported with one salt (a hashed label is
 * the same on every instance for the same salt, so one key merges across instances). Not thread-safe: one merge per
 * answer.
 */
public final class SketchMerge {

    private static final Comparator<Map.Entry<String, Long>> HOTTEST_FIRST =
            Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey());

    private final UnaryOperator<String> keyOf;
    private final Map<TableId, Merged> byTable = new HashMap<>();

    /**
     * @param clearLabels whether the parts' items are clear labels (exported with {@code exporter} for the answer)
     *                    or exported forms already
     */
    public SketchMerge(KeyExporter exporter, boolean clearLabels) {
        this.keyOf = clearLabels ? exporter::export : UnaryOperator.identity();
    }

    /**
     * Adds every table of one instance, or none of them when one would take a table's hits, error or a key's count
     * past 2^63-1.
     *
     * @throws IllegalArgumentException naming the table whose figures would overflow
     */
    public void addAll(List<TableSketch> instance) {
        Map<TableId, Merged> next = new HashMap<>();
        for (TableSketch part : instance) {
            Merged merged = next.computeIfAbsent(part.table(), t -> byTable.getOrDefault(t, Merged.EMPTY).copy());
            try {
                merged.add(part);
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("the hits of " + part.table() + " would exceed 2^63-1 merged");
            }
        }
        byTable.putAll(next);
    }

    /** The merged heaviest keys of every table, in keyspace and table order, at most {@code limit} per table. */
    public List<TableHotKeys> hotKeys(int limit) {
        List<TableHotKeys> all = new ArrayList<>(byTable.size());
        byTable.forEach((table, merged) -> all.add(merged.hotKeys(table, limit, keyOf)));
        all.sort(Comparator.comparing((TableHotKeys h) -> h.table().keyspace()).thenComparing(h -> h.table().table()));
        return all;
    }

    private static final class Merged {
        static final Merged EMPTY = new Merged();

        final Map<String, Long> counts = new HashMap<>();
        long streamLength;
        long maximumError;

        Merged copy() {
            Merged copy = new Merged();
            copy.counts.putAll(counts);
            copy.streamLength = streamLength;
            copy.maximumError = maximumError;
            return copy;
        }

        void add(TableSketch part) {
            streamLength = Math.addExact(streamLength, part.streamLength());
            maximumError = Math.addExact(maximumError, part.maximumError());
            for (Map.Entry<String, Long> item : part.counts().entrySet()) {
                counts.merge(item.getKey(), item.getValue(), Math::addExact);
            }
            for (long count : counts.values()) {
                Math.addExact(count, maximumError); // every upper bound stays a long
            }
        }

        TableHotKeys hotKeys(TableId table, int limit, UnaryOperator<String> keyOf) {
            if (limit < 0) {
                throw new IllegalArgumentException("limit must not be negative, was " + limit);
            }
            List<Map.Entry<String, Long>> rows = new ArrayList<>(counts.entrySet());
            rows.sort(HOTTEST_FIRST);
            List<HotKey> keys = new ArrayList<>(Math.min(limit, rows.size()));
            for (int i = 0; i < rows.size() && keys.size() < limit; i++) {
                long count = rows.get(i).getValue();
                long estimate = count + maximumError; // as ItemsSketch estimates: the upper bound
                double share = streamLength == 0 ? 0 : (double) estimate / streamLength;
                keys.add(new HotKey(keyOf.apply(rows.get(i).getKey()), estimate, count, estimate, share,
                        rows.get(i).getKey()));
            }
            return new TableHotKeys(table, streamLength, maximumError, keys);
        }
    }
}
