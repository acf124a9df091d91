package io.ringmap.hotkeys;

import io.ringmap.ring.TableName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * All tables' hot-key trackers, bounded: at most {@link HotKeySettings#maxTables()} tables are tracked, hits of
 * further tables are dropped and counted by {@link #droppedHits()}.
 *
 * <p>The hit path ({@code record}) is thread-safe and never waits: one short per-table critical section when its
 * lock is free, a queue otherwise ({@link TableTracker}).
 * Someone must call {@link #refresh()} about once a second (the exported top K changes only then) and
 * {@link #rotateWindows()} once per sketch window.
 */
public final class HotKeyRegistry {

    private final HotKeySettings settings;
    private final KeyExporter exporter;
    private final ConcurrentHashMap<TableName, TableTracker> trackers = new ConcurrentHashMap<>();
    private final AtomicInteger reserved = new AtomicInteger();
    private final SaturatingCounter droppedHits = new SaturatingCounter();

    public HotKeyRegistry(HotKeySettings settings, KeyExporter exporter) {
        this.settings = Objects.requireNonNull(settings, "settings must not be null");
        this.exporter = Objects.requireNonNull(exporter, "exporter must not be null");
    }

    public HotKeySettings settings() {
        return settings;
    }

    /** Counts one hit of the partition key with these components (canonical CQL text of each). */
    public void record(String keyspace, String table, List<String> keyComponents) {
        record(keyspace, table, keyComponents, 1);
    }

    /** Counts {@code count} hits of the partition key with these components (canonical CQL text of each). */
    public void record(String keyspace, String table, List<String> keyComponents, long count) {
        recordLabel(keyspace, table, KeyLabels.join(keyComponents), count);
    }

    /** Counts {@code count} hits of the key with this label, which must come from {@link KeyLabels#join}. */
    public void recordLabel(String keyspace, String table, String label, long count) {
        Objects.requireNonNull(label, "label must not be null");
        TableTracker tracker = tracker(new TableName(keyspace, table));
        if (tracker == null) {
            droppedHits.add(count);
            return;
        }
        tracker.record(KeyLabels.bounded(label, settings.maxLabelLength()), count);
    }

    /**
     * Counts a batch of one table: {@code counts[i]} hits of the key labelled {@code labels[i]} ({@link KeyLabels#join}
     * results) for each {@code i < n}. The labels array is bounded in place.
     */
    public void recordLabels(String keyspace, String table, String[] labels, long[] counts, int n) {
        TableTracker tracker = tracker(new TableName(keyspace, table));
        if (tracker == null) {
            long dropped = 0;
            for (int i = 0; i < n; i++) {
                dropped = SaturatingCounter.add(dropped, counts[i]);
            }
            droppedHits.add(dropped);
            return;
        }
        for (int i = 0; i < n; i++) {
            labels[i] = KeyLabels.bounded(
                    Objects.requireNonNull(labels[i], "label must not be null"), settings.maxLabelLength());
        }
        tracker.recordAll(labels, counts, n);
    }

    /** Recomputes every table's top K. */
    public void refresh() {
        trackers.values().forEach(TableTracker::refresh);
    }

    /** Starts a new sketch window in every table. */
    public void rotateWindows() {
        trackers.values().forEach(TableTracker::rotateWindow);
    }

    /** Live exact counters of every tracked table, in keyspace and table order. */
    public List<TopKCounters> counters() {
        List<TopKCounters> all = new ArrayList<>(trackers.size());
        for (TableTracker tracker : trackers.values()) {
            all.add(tracker.counters());
        }
        all.sort(Comparator.comparing((TopKCounters c) -> c.table().keyspace())
                .thenComparing(c -> c.table().table()));
        return all;
    }

    /**
     * The exact counters of one table's top-K keys now, by clear label ({@link TableTracker#tracked()}), read without
     * a lock; empty when the table is not tracked.
     */
    public Map<String, HitCounter> tracked(TableName table) {
        TableTracker tracker = trackers.get(table);
        return tracker == null ? Map.of() : tracker.tracked();
    }

    /** Heaviest keys of one table, or empty when the table has no recorded hit. */
    public Optional<TableHotKeys> hotKeys(String keyspace, String table, int limit) {
        return Optional.ofNullable(trackers.get(new TableName(keyspace, table))).map(t -> t.hotKeys(limit));
    }

    /** Heaviest keys of every tracked table, in keyspace and table order. */
    public List<TableHotKeys> hotKeys(int limit) {
        List<TableHotKeys> all = new ArrayList<>(trackers.size());
        for (TableTracker tracker : trackers.values()) {
            all.add(tracker.hotKeys(limit));
        }
        all.sort(Comparator.comparing((TableHotKeys h) -> h.table().keyspace())
                .thenComparing(h -> h.table().table()));
        return all;
    }

    /**
     * Every tracked table's sketch over the current and the previous window (or only {@code only}'s, when given), as
     * a peer merges it: with clear labels as items, or with each label replaced by its exported form
     * ({@link KeyExporter#export}) so that no clear key leaves the process.
     */
    public List<TableSketch> sketches(TableName only, boolean clearLabels) {
        List<TableSketch> all = new ArrayList<>();
        for (TableTracker tracker : trackers.values()) {
            if (only == null || only.equals(tracker.table())) {
                all.add(tracker.sketch(clearLabels ? UnaryOperator.identity() : exporter::export));
            }
        }
        return all;
    }

    /** Stops tracking a table (dropped from the schema); its counters disappear from {@link #counters()}. */
    public void forget(String keyspace, String table) {
        if (trackers.remove(new TableName(keyspace, table)) != null) {
            reserved.decrementAndGet();
        }
    }

    /** Tables tracked now. */
    public int tableCount() {
        return trackers.size();
    }

    /** Hits not tracked because {@link HotKeySettings#maxTables()} tables were already tracked. */
    public long droppedHits() {
        return droppedHits.get();
    }

    private TableTracker tracker(TableName id) {
        TableTracker tracker = trackers.get(id);
        if (tracker != null) {
            return tracker;
        }
        return trackers.computeIfAbsent(id, key -> {
            if (reserved.incrementAndGet() > settings.maxTables()) {
                reserved.decrementAndGet();
                return null; // no mapping is created
            }
            return new TableTracker(key, settings, exporter);
        });
    }
}
