package io.ringmap.hotkeys;

import io.ringmap.ring.TableName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;
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
    private final Map<TableName, Merged> byTable = new HashMap<>();

    /**
     * @param clearLabels whether the parts' items are clear labels (exported with {@code exporter} for the answer)
     *                    or exported forms already
     */
    public SketchMerge(KeyExporter exporter, boolean clearLabels) {
        this.keyOf = clearLabels ? exporter::export : UnaryOperator.identity();
    }

    /**
     * Adds every table of one instance, or none of them when one would take a table's hits, error or a key's count
     * past 2^63-1, or comes twice.
     *
     * @throws IllegalArgumentException naming the table whose figures would overflow or that came twice
     */
    public void addAll(List<TableSketch> instance) {
        addAll(instance, () -> false);
    }

    /**
     * As {@link #addAll(List)}, unless {@code expired} turns true while the instance's tables are checked (asked
     * once per table, before anything changes): then nothing of the instance is added and the answer is false. Once
     * the check has passed, adding costs about as much as the check did (one map update per key).
     *
     * @throws IllegalArgumentException naming the table whose figures would overflow or that came twice
     */
    public boolean addAll(List<TableSketch> instance, BooleanSupplier expired) {
        // checked before anything changes, so a refused instance leaves no trace
        Map<TableName, long[]> totals = new HashMap<>(); // per table: hits, error, highest count after adding
        for (TableSketch part : instance) {
            if (expired.getAsBoolean()) {
                return false;
            }
            if (totals.containsKey(part.table())) {
                throw new IllegalArgumentException("the sketch of " + part.table() + " came twice");
            }
            Merged merged = byTable.get(part.table());
            long[] sums = totals.computeIfAbsent(
                    part.table(),
                    t -> merged == null ? new long[3] : new long[] {merged.streamLength, merged.maximumError, 0});
            try {
                sums[0] = Math.addExact(sums[0], part.streamLength());
                sums[1] = Math.addExact(sums[1], part.maximumError());
                for (Map.Entry<String, Long> item : part.counts().entrySet()) {
                    long before = merged == null ? 0 : merged.counts.getOrDefault(item.getKey(), 0L);
                    sums[2] = Math.max(sums[2], Math.addExact(before, item.getValue()));
                }
                Math.addExact(sums[2], sums[1]); // every upper bound stays a long
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("the hits of " + part.table() + " would exceed 2^63-1 merged");
            }
        }
        for (TableSketch part : instance) {
            byTable.computeIfAbsent(part.table(), t -> new Merged()).add(part);
        }
        return true;
    }

    /** The merged heaviest keys of every table, in keyspace and table order, at most {@code limit} per table. */
    public List<TableHotKeys> hotKeys(int limit) {
        List<TableHotKeys> all = new ArrayList<>(byTable.size());
        byTable.forEach((table, merged) -> all.add(merged.hotKeys(table, limit, keyOf)));
        all.sort(Comparator.comparing((TableHotKeys h) -> h.table().keyspace())
                .thenComparing(h -> h.table().table()));
        return all;
    }

    private static final class Merged {
        final Map<String, Long> counts = new HashMap<>();
        long streamLength;
        long maximumError;

        // checked by addAll: nothing overflows
        void add(TableSketch part) {
            streamLength += part.streamLength();
            maximumError += part.maximumError();
            part.counts().forEach((item, count) -> counts.merge(item, count, Long::sum));
        }

        TableHotKeys hotKeys(TableName table, int limit, UnaryOperator<String> keyOf) {
            if (limit < 0) {
                throw new IllegalArgumentException("limit must not be negative, was " + limit);
            }
            // the heaviest `limit` items only: a bounded heap whose head is the lightest kept
            PriorityQueue<Map.Entry<String, Long>> heaviest = new PriorityQueue<>(HOTTEST_FIRST.reversed());
            for (Map.Entry<String, Long> item : counts.entrySet()) {
                if (heaviest.size() < limit) {
                    heaviest.add(item);
                } else if (limit > 0 && HOTTEST_FIRST.compare(item, heaviest.peek()) < 0) {
                    heaviest.poll();
                    heaviest.add(item);
                }
            }
            List<Map.Entry<String, Long>> rows = new ArrayList<>(heaviest);
            rows.sort(HOTTEST_FIRST);
            List<HotKey> keys = new ArrayList<>(Math.min(limit, rows.size()));
            for (int i = 0; i < rows.size() && keys.size() < limit; i++) {
                long count = rows.get(i).getValue();
                long estimate = count + maximumError; // as ItemsSketch estimates: the upper bound
                double share = streamLength == 0 ? 0 : (double) estimate / streamLength;
                keys.add(new HotKey(
                        keyOf.apply(rows.get(i).getKey()),
                        estimate,
                        count,
                        estimate,
                        share,
                        rows.get(i).getKey()));
            }
            return new TableHotKeys(table, streamLength, maximumError, keys);
        }
    }
}
