package io.ringmap.heatmap;

import io.ringmap.hotkeys.SaturatingCounter;
import io.ringmap.ring.TableName;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One table's live counts: a circular buffer of {@code slices} rows of per-bucket hit counters.
 *
 * <p>Concurrency: the hit path reads the current row (a volatile field), finds the bucket and adds to one
 * {@link AtomicLongArray} cell; it locks only when the clock has passed into a new slice or the ring has changed
 * (at most once per slice or ring change, under this object's monitor). A hit racing with the start of a new slice
 * may land in the slice before: counts are exact, their slice is exact to within that race. A new slice's row replaces
 * the one a full retention older; a ring change that moves the bucket edges drops the older rows (their buckets are
 * not this axis).
 *
 * <p>Keys per slice: the tracked keys' exact counters ({@link TrackedKeys}, the hot-key tracker's top K) are marked
 * when a slice starts, in the same locked step that starts its row, and a slice's keys are the difference to the marks
 * at the next slice's start ({@link KeyMarks}), computed there once and kept, at most
 * {@link HeatmapSettings#keysPerSlice()} of them, hottest first. So the hit path gains no lock and no allocation:
 * the marks cost one read of each tracked counter once per slice, on the hit that starts the slice, under the lock it
 * takes anyway. A hit recorded between the end of the slice and the next slice's first hit cannot be, so the marks at
 * that first hit are the slice's end; hits racing with it may count in the slice before, as the cells' do. The open
 * slice's keys are read against the counters' values when the heatmap is read. A clock that goes back keeps counting
 * in the newest slice, its keys too; rows dropped by a ring change take their keys with them.
 */
final class TableHeat {

    /** One slice's counters, the count of keys without a token (server samples only), and its keys. */
    private record Row(
            long slice, TokenRing ring, BucketLayout layout, AtomicLongArray counts, AtomicLong unplaced, Keys keys) {}

    /**
     * A slice's keys: the tracked keys' marks at its start while it is open, its keys once it has ended (the marks
     * then dropped, so an ended slice holds its keys alone). Guarded by the table's monitor.
     */
    private static final class Keys {
        KeyMarks start;
        List<SliceKey> ended;

        Keys(KeyMarks start) {
            this.start = start;
        }

        void end(KeyMarks marks, int max) {
            ended = start.until(marks, max);
            start = null;
        }
    }

    private final TableName table;
    private final HeatmapSettings settings;
    private final TrackedKeys tracked;
    private final long sliceMillis;
    private final Row[] rows;
    private volatile Row current;

    TableHeat(TableName table, HeatmapSettings settings, TrackedKeys tracked) {
        this.table = table;
        this.settings = settings;
        this.tracked = tracked;
        this.sliceMillis = settings.slice().toMillis();
        this.rows = new Row[settings.slices()];
    }

    private KeyMarks marks() {
        return settings.keysPerSlice() == 0 ? KeyMarks.NONE : KeyMarks.read(tracked.of(table));
    }

    void record(TokenRing ring, Token token, long count, long nowMillis) {
        Row row = row(ring, nowMillis);
        int bucket = row.layout.bucketOf(token);
        row.counts.accumulateAndGet(bucket, count, SaturatingCounter::add);
    }

    /**
     * Counts a batch: {@code counts[i]} hits (one each when {@code counts} is null) of the key with token
     * {@code tokens[i]}, for each {@code i < n}, summed per bucket first, so each bucket of the batch costs one
     * atomic update, not each key.
     */
    void recordAll(TokenRing ring, Token[] tokens, long[] counts, int n, long nowMillis) {
        Row row = row(ring, nowMillis);
        long[] perBucket = new long[row.layout.size()];
        for (int i = 0; i < n; i++) {
            int bucket = row.layout.bucketOf(tokens[i]);
            perBucket[bucket] = SaturatingCounter.add(perBucket[bucket], counts == null ? 1 : counts[i]);
        }
        for (int bucket = 0; bucket < perBucket.length; bucket++) {
            if (perBucket[bucket] > 0) {
                row.counts.accumulateAndGet(bucket, perBucket[bucket], SaturatingCounter::add);
            }
        }
    }

    /** Counts {@code count} of a key whose token is unknown: in the slice, in no bucket. */
    void recordUnplaced(TokenRing ring, long count, long nowMillis) {
        row(ring, nowMillis).unplaced.accumulateAndGet(count, SaturatingCounter::add);
    }

    /** The row that counts hits at {@code nowMillis} on {@code ring}, started if it is a new slice or ring. */
    private Row row(TokenRing ring, long nowMillis) {
        long slice = Math.floorDiv(nowMillis, sliceMillis);
        Row row = current;
        return row == null || row.slice != slice || row.ring != ring ? advance(ring, slice) : row;
    }

    private synchronized Row advance(TokenRing ring, long slice) {
        Row row = current;
        if (row != null && row.slice == slice && row.ring == ring) {
            return row; // another thread advanced first
        }
        if (row != null && slice < row.slice) {
            slice = row.slice; // a clock that went back: counted in the newest slice
            if (row.ring == ring) {
                return row;
            }
        }
        BucketLayout layout =
                row != null && row.ring == ring ? row.layout : BucketLayout.aligned(ring, settings.buckets());
        if (row != null && !layout.equals(row.layout)) {
            // the ring's boundaries moved: earlier counts are of other buckets and cannot be shown on this axis
            Arrays.fill(rows, null);
        }
        if (row != null && row.slice == slice && layout.equals(row.layout)) {
            // the same slice, an equal layout of a ring rebuilt without moving its tokens: keep counting in it
            Row same = new Row(slice, ring, layout, row.counts, row.unplaced, row.keys);
            rows[index(slice)] = same;
            current = same;
            return same;
        }
        KeyMarks marks = marks();
        if (row != null && row.slice < slice && layout.equals(row.layout)) {
            // the slice before has ended: its keys are what the counters counted since its start
            row.keys.end(marks, settings.keysPerSlice());
        }
        Row fresh = new Row(slice, ring, layout, new AtomicLongArray(layout.size()), new AtomicLong(), new Keys(marks));
        rows[index(slice)] = fresh;
        current = fresh;
        return fresh;
    }

    private int index(long slice) {
        return (int) Math.floorMod(slice, (long) rows.length);
    }

    /** The counts of the slices within the retention at {@code nowMillis}, oldest first; null before any hit. */
    synchronized TableHeatmap snapshot(long nowMillis) {
        Row newest = current;
        if (newest == null) {
            return null;
        }
        long nowSlice = Math.floorDiv(nowMillis, sliceMillis);
        List<TableHeatmap.Slice> out = new ArrayList<>(rows.length);
        for (long s = nowSlice - rows.length + 1; s <= nowSlice; s++) {
            Row row = rows[index(s)];
            if (row != null && row.slice == s && row.layout.equals(newest.layout)) {
                long[] counts = new long[row.counts.length()];
                for (int b = 0; b < counts.length; b++) {
                    counts[b] = row.counts.get(b);
                }
                List<SliceKey> keys = row.keys.ended;
                if (keys == null) {
                    // the open slice (every other row was ended when the next one started): its keys so far
                    keys = row == newest ? row.keys.start.until(marks(), settings.keysPerSlice()) : List.of();
                }
                out.add(new TableHeatmap.Slice(s * sliceMillis, counts, row.unplaced.get(), keys));
            }
        }
        return new TableHeatmap(table, newest.layout, sliceMillis, out);
    }

    /** Hits of every slice within the retention at {@code nowMillis}, placed or not, saturating. */
    synchronized long hitsWithin(long nowMillis) {
        long nowSlice = Math.floorDiv(nowMillis, sliceMillis);
        long sum = 0;
        for (Row row : rows) {
            if (row != null && row.slice > nowSlice - rows.length && row.slice <= nowSlice) {
                for (int b = 0; b < row.counts.length(); b++) {
                    sum = SaturatingCounter.add(sum, row.counts.get(b));
                }
                sum = SaturatingCounter.add(sum, row.unplaced.get());
            }
        }
        return sum;
    }

    /** The ring the newest slice was counted against, or null before any hit. */
    TokenRing ring() {
        Row row = current;
        return row == null ? null : row.ring;
    }
}
