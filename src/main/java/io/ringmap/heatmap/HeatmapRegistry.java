package io.ringmap.heatmap;

import io.ringmap.hotkeys.SaturatingCounter;
import io.ringmap.ring.TableName;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.Token;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every table's heatmap, bounded: at most {@link HeatmapSettings#maxTables()} tables, each of at most
 * {@code buckets × slices} counts ({@link HeatmapSettings#memoryBound()} in all). Hits of further tables are dropped
 * and counted by {@link #droppedHits()}. Thread-safe; the hit path never waits but at a slice's start.
 */
public final class HeatmapRegistry {

    private final HeatmapSettings settings;
    private final Clock clock;
    private final ConcurrentHashMap<TableName, TableHeat> tables = new ConcurrentHashMap<>();
    private final AtomicInteger reserved = new AtomicInteger();
    private final SaturatingCounter droppedHits = new SaturatingCounter();

    public HeatmapRegistry(HeatmapSettings settings, Clock clock) {
        this.settings = Objects.requireNonNull(settings, "settings must not be null");
        this.clock = Objects.requireNonNull(clock, "clock must not be null");
    }

    public HeatmapSettings settings() {
        return settings;
    }

    /** Counts {@code count} hits of a key of the table with this token, on the token axis of {@code ring}. */
    public void record(String keyspace, String table, TokenRing ring, Token token, long count) {
        TableHeat heat = heat(new TableName(keyspace, table));
        if (heat == null) {
            droppedHits.add(count);
            return;
        }
        heat.record(ring, token, count, clock.millis());
    }

    /** Counts {@code count} hits of a key of the table whose token is unknown: in the current slice, in no bucket. */
    public void recordUnplaced(String keyspace, String table, TokenRing ring, long count) {
        TableHeat heat = heat(new TableName(keyspace, table));
        if (heat == null) {
            droppedHits.add(count);
            return;
        }
        heat.recordUnplaced(ring, count, clock.millis());
    }

    /**
     * Counts a batch of one table: {@code counts[i]} hits (one each when {@code counts} is null) of the key with
     * token {@code tokens[i]}, for each {@code i < n}.
     */
    public void recordAll(String keyspace, String table, TokenRing ring, Token[] tokens, long[] counts, int n) {
        TableHeat heat = heat(new TableName(keyspace, table));
        if (heat == null) {
            long dropped = 0;
            for (int i = 0; i < n; i++) {
                dropped = SaturatingCounter.add(dropped, counts == null ? 1 : counts[i]);
            }
            droppedHits.add(dropped);
            return;
        }
        long now = clock.millis();
        for (int i = 0; i < n; i++) {
            heat.record(ring, tokens[i], counts == null ? 1 : counts[i], now);
        }
    }

    /** The table's counts within the retention now, or empty when it has had no hit. */
    public Optional<TableHeatmap> heatmap(String keyspace, String table) {
        TableHeat heat = tables.get(new TableName(keyspace, table));
        return heat == null ? Optional.empty() : Optional.ofNullable(heat.snapshot(clock.millis()));
    }

    /** Stops counting a table (dropped from the schema). */
    public void forget(String keyspace, String table) {
        if (tables.remove(new TableName(keyspace, table)) != null) {
            reserved.decrementAndGet();
        }
    }

    /** Tables counted now. */
    public int tableCount() {
        return tables.size();
    }

    /** Hits not counted because {@link HeatmapSettings#maxTables()} tables were already counted. */
    public long droppedHits() {
        return droppedHits.get();
    }

    private TableHeat heat(TableName id) {
        TableHeat heat = tables.get(id);
        if (heat != null) {
            return heat;
        }
        return tables.computeIfAbsent(id, key -> {
            if (reserved.incrementAndGet() > settings.maxTables()) {
                reserved.decrementAndGet();
                return null; // no mapping is created
            }
            return new TableHeat(key, settings);
        });
    }
}
