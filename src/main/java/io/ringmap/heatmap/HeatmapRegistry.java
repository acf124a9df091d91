package io.ringmap.heatmap;

import io.ringmap.hotkeys.SaturatingCounter;
import io.ringmap.ring.TableName;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.Token;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every table's heatmap, bounded: at most {@link HeatmapSettings#maxTables()} tables, each of at most
 * {@code buckets × slices} counts ({@link HeatmapSettings#memoryBound()} in all) and per slice at most
 * {@link HeatmapSettings#keysPerSlice()} keys ({@link HeatmapSettings#keysMemoryBound()}). The slots go to tables by recent
 * hits: once all are taken, a further table's hits are dropped (counted by {@link #droppedHits()}) and tallied for the
 * current slice, and when its tally exceeds the hits of the coldest counted table within the retention, it takes
 * that table's slot (counted by {@link #evictions()}). So idle tables cannot pin the slots, and a burst of tables hit
 * once cannot evict a table hit more often than they are.
 *
 * <p>Thread-safe. The hit path of a counted table never waits but at a slice's start; a table without a slot takes
 * this registry's lock, and finds the coldest table by summing the counted tables' rows at most once per slice and
 * once per attempt that can succeed (the hits within the retention only grow during a slice, so the coldest's figure
 * found earlier in the slice is a lower bound).
 */
public final class HeatmapRegistry {

    private final HeatmapSettings settings;
    private final Clock clock;
    private final TrackedKeys tracked;
    private final ConcurrentHashMap<TableName, TableHeat> tables = new ConcurrentHashMap<>();
    private final SaturatingCounter droppedHits = new SaturatingCounter();
    private final SaturatingCounter evictions = new SaturatingCounter();
    // guarded by this: the current slice's dropped hits per table without a slot (at most maxTables tables), and the
    // coldest counted table's hits within the retention, as last found in that slice (-1: not found yet)
    private final Map<TableName, Long> tallies = new HashMap<>();
    private long tallySlice = Long.MIN_VALUE;
    private long coldestHits = -1;

    /** Counts without keys (the servers' sampled reads and writes, or hot keys off). */
    public HeatmapRegistry(HeatmapSettings settings, Clock clock) {
        this(settings, clock, TrackedKeys.NONE);
    }

    /** @param tracked the tracked keys whose hits each slice keeps ({@link TableHeat}) */
    public HeatmapRegistry(HeatmapSettings settings, Clock clock, TrackedKeys tracked) {
        this.settings = Objects.requireNonNull(settings, "settings must not be null");
        this.clock = Objects.requireNonNull(clock, "clock must not be null");
        this.tracked = Objects.requireNonNull(tracked, "tracked must not be null");
    }

    public HeatmapSettings settings() {
        return settings;
    }

    /** Counts {@code count} hits of a key of the table with this token, on the token axis of {@code ring}. */
    public void record(String keyspace, String table, TokenRing ring, Token token, long count) {
        TableHeat heat = heat(new TableName(keyspace, table), count);
        if (heat == null) {
            droppedHits.add(count);
            return;
        }
        heat.record(ring, token, count, clock.millis());
    }

    /** Counts {@code count} hits of a key of the table whose token is unknown: in the current slice, in no bucket. */
    public void recordUnplaced(String keyspace, String table, TokenRing ring, long count) {
        TableHeat heat = heat(new TableName(keyspace, table), count);
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
        TableName id = new TableName(keyspace, table);
        TableHeat heat = tables.get(id);
        if (heat == null) {
            long batch = 0;
            for (int i = 0; i < n; i++) {
                batch = SaturatingCounter.add(batch, counts == null ? 1 : counts[i]);
            }
            heat = heat(id, batch);
            if (heat == null) {
                droppedHits.add(batch);
                return;
            }
        }
        heat.recordAll(ring, tokens, counts, n, clock.millis());
    }

    /** The table's counts within the retention now, or empty when it has had no hit. */
    public Optional<TableHeatmap> heatmap(String keyspace, String table) {
        TableHeat heat = tables.get(new TableName(keyspace, table));
        return heat == null ? Optional.empty() : Optional.ofNullable(heat.snapshot(clock.millis()));
    }

    /** Stops counting a table (dropped from the schema). */
    public synchronized void forget(String keyspace, String table) {
        if (tables.remove(new TableName(keyspace, table)) != null) {
            coldestHits = -1;
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

    /** Tables whose counts were dropped to give their slot to a table with more recent hits. */
    public long evictions() {
        return evictions.get();
    }

    /** The table's counts, or null when it has no slot and {@code count} more hits do not win it one. */
    private TableHeat heat(TableName id, long count) {
        TableHeat heat = tables.get(id);
        return heat != null ? heat : admit(id, count);
    }

    private synchronized TableHeat admit(TableName id, long count) {
        TableHeat heat = tables.get(id);
        if (heat != null) {
            return heat; // admitted by another thread meanwhile
        }
        if (tables.size() < settings.maxTables()) {
            return put(id);
        }
        long now = clock.millis();
        long slice = Math.floorDiv(now, settings.slice().toMillis());
        if (slice != tallySlice) {
            // a new slice: earlier tallies are no longer recent, and the counted tables' oldest rows expired
            tallies.clear();
            tallySlice = slice;
            coldestHits = -1;
        }
        Long before = tallies.get(id);
        if (before == null && tallies.size() >= settings.maxTables()) {
            return null; // as many contenders this slice as there are slots: this one waits for the next slice
        }
        long tally = SaturatingCounter.add(before == null ? 0 : before, count);
        if (coldestHits >= 0 && tally <= coldestHits) {
            tallies.put(id, tally); // cannot beat the lower bound: no need to look at the counted tables
            return null;
        }
        TableName coldest = null;
        long fewest = Long.MAX_VALUE;
        for (Map.Entry<TableName, TableHeat> e : tables.entrySet()) {
            long hits = e.getValue().hitsWithin(now);
            if (hits < fewest) {
                fewest = hits;
                coldest = e.getKey();
            }
        }
        coldestHits = fewest;
        if (coldest == null || tally <= fewest) {
            tallies.put(id, tally);
            return null;
        }
        tables.remove(coldest);
        tallies.remove(id);
        evictions.add(1);
        return put(id);
    }

    private TableHeat put(TableName id) {
        coldestHits = -1; // the new table has no hits yet
        TableHeat heat = new TableHeat(id, settings, tracked);
        tables.put(id, heat);
        return heat;
    }
}
