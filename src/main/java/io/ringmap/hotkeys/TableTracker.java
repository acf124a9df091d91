package io.ringmap.hotkeys;

import io.ringmap.ring.TableName;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;

/**
 * Hot-key tracking for one table: a bounded frequent-items sketch over a sliding window, and exact counters for
 * the keys currently in the table's top K plus one {@code _other} counter for everything else.
 *
 * <p>A hit updates the sketch and, in the same critical section, either the counter of its key (if the key was in
 * the top K when the hit happened) or {@code _other}. {@link #refresh()} recomputes the top K from the sketch and
 * swaps it while holding every stripe lock, so no hit is counted twice or lost: at every instant
 * {@code total == sum(top K counters) + other + evicted}. A key entering the top K gets a new counter at zero; a key
 * leaving it takes its counter with it and is counted under {@code _other} afterwards.
 *
 * <p>Ranking uses the sketch's error bounds as hysteresis: a newcomer replaces an incumbent of the top K only when
 * its lower bound exceeds the incumbent's upper bound, i.e. when the sketch is certain it is hotter, so keys with
 * nearly equal traffic do not flap in and out of the exported set. An incumbent that is no longer in the sketch at
 * all is dropped.
 *
 * <p>A hit never waits for a lock: when every stripe is busy (on a loaded machine a thread holding one may have been
 * descheduled, and every other request thread would then queue behind it, a lock convoy that cut the throughput of
 * {@code GET /replicas} to a few percent), the hit is queued and counted by the next thread that holds a stripe, or
 * by the next read ({@link #refresh()}, {@link #counters()}, {@link #hotKeys(int)}). Until then it is in none of the
 * figures, so the sum above stays exact.
 *
 * <p>The sketch counts a window: {@link #rotateWindow()} starts a new one and keeps the previous, so estimates cover
 * the last one to two windows and keys that cooled down eventually leave the top K.
 *
 * <p>Counts cannot overflow: the exact counters saturate at {@link Long#MAX_VALUE} (the sum above then holds only
 * until one of them does), and each stripe's window takes at most {@code windowCapacity} hits (a hit that does not fit
 * starts the stripe's next window early, and one larger than a window counts as a full window), so that the sketch's
 * stream weight summed over every stripe and both windows stays a positive long (DataSketches adds weights without
 * checking, and fails on a negative one).
 */
public final class TableTracker {

    static final Comparator<ItemsSketch.Row<String>> HOTTEST_FIRST = Comparator.<ItemsSketch.Row<String>>comparingLong(
                    ItemsSketch.Row::getEstimate)
            .reversed()
            .thenComparing(ItemsSketch.Row::getItem);

    /** Labels counted under one stripe lock at most: bounds how long a batch delays a refresh. */
    private static final int CHUNK = 256;
    /** Queued hits counted per hit recorded: more than one, so the queue empties whenever a stripe is free. */
    private static final int DRAIN_PER_HIT = 16;

    private final TableName table;
    private final int topK;
    private final int maxMapSize;
    private final KeyExporter exporter;
    private final Stripe[] stripes;
    private final int stripeMask;
    private final HitCounter other = new HitCounter(KeyLabels.OTHER);
    private final SaturatingCounter total = new SaturatingCounter();
    // most hits one stripe's window takes into its sketch: all windows of all stripes merged stay below Long.MAX_VALUE
    private final long windowCapacity;
    private final Object refreshLock = new Object();
    // hits whose thread found every stripe busy; counted under a stripe lock by whoever takes one next
    private final ConcurrentLinkedQueue<Pending> pending = new ConcurrentLinkedQueue<>();

    // replaced only while every stripe lock is held; read by hits under one stripe lock
    private volatile Top top = Top.EMPTY;
    // guarded by all stripe locks
    private long evicted;
    // guarded by refreshLock
    private long totalAtLastRefresh = -1;

    TableTracker(TableName table, HotKeySettings settings, KeyExporter exporter) {
        this.table = table;
        this.topK = settings.topK();
        this.maxMapSize = settings.maxMapSize();
        this.exporter = exporter;
        this.stripes = new Stripe[settings.stripes()];
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new Stripe(maxMapSize);
        }
        this.stripeMask = stripes.length - 1;
        this.windowCapacity = Long.MAX_VALUE / (2L * stripes.length + 1);
    }

    public TableName table() {
        return table;
    }

    /** Counts {@code count} hits of the key with this label (a {@link KeyLabels#join} result). */
    public void record(String label, long count) {
        if (count <= 0) {
            if (count == 0) {
                return;
            }
            throw new IllegalArgumentException("hit count must not be negative, was " + count);
        }
        Stripe stripe = tryLockStripe();
        if (stripe == null) {
            pending.add(new Pending(label, count));
            return;
        }
        try {
            count(stripe, label, count);
            drainPending(stripe, DRAIN_PER_HIT);
        } finally {
            stripe.lock.unlock();
        }
    }

    // under the stripe's lock
    private void count(Stripe stripe, String label, long count) {
        sketch(stripe, label, count);
        HitCounter counter = top.byLabel.get(label);
        (counter != null ? counter : other).add(count);
        total.add(count);
    }

    // under the stripe's lock
    private void sketch(Stripe stripe, String label, long count) {
        long room = windowCapacity - stripe.current.getStreamLength();
        if (count > room) {
            // a full window starts the stripe's next one early: the weights stay bounded, and keys counted after
            // the flood are still seen
            stripe.previous = stripe.current;
            stripe.current = new ItemsSketch<>(maxMapSize);
            room = windowCapacity;
        }
        stripe.current.update(label, Math.min(count, room));
    }

    // under the stripe's lock
    private void drainPending(Stripe stripe, int max) {
        Pending hit;
        for (int i = 0; i < max && (hit = pending.poll()) != null; i++) {
            count(stripe, hit.label, hit.count);
        }
    }

    /**
     * Counts {@code counts[i]} hits of the key labelled {@code labels[i]} for each {@code i < n}, as many
     * {@link #record} calls would, taking a stripe lock once per chunk of labels instead of once per hit. A label
     * may repeat: its hits add up as they would one by one.
     */
    public void recordAll(String[] labels, long[] counts, int n) {
        for (int i = 0; i < n; i++) {
            if (counts[i] < 0) {
                throw new IllegalArgumentException("hit count must not be negative, was " + counts[i]);
            }
        }
        for (int from = 0; from < n; from += CHUNK) {
            int to = Math.min(n, from + CHUNK);
            Stripe stripe = lockStripe();
            try {
                Map<String, HitCounter> exported = top.byLabel;
                long toOther = 0;
                long all = 0;
                for (int i = from; i < to; i++) {
                    long count = counts[i];
                    if (count == 0) {
                        continue;
                    }
                    sketch(stripe, labels[i], count);
                    HitCounter counter = exported.get(labels[i]);
                    if (counter != null) {
                        counter.add(count);
                    } else {
                        toOther = SaturatingCounter.add(toOther, count);
                    }
                    all = SaturatingCounter.add(all, count);
                }
                if (toOther > 0) {
                    other.add(toOther);
                }
                total.add(all);
                drainPending(stripe, DRAIN_PER_HIT);
            } finally {
                stripe.lock.unlock();
            }
        }
    }

    /**
     * Recomputes the top K from the sketch; cheap when nothing was recorded since the last refresh. Safe to call
     * from any thread; meant to run about once a second.
     */
    public void refresh() {
        synchronized (refreshLock) {
            long seen = total.get();
            if (seen == totalAtLastRefresh && pending.isEmpty()) {
                return;
            }
            Merged view = readSketch();
            Top current = top;
            Top next = select(view, current);
            lockAll();
            try {
                for (Map.Entry<String, HitCounter> entry : current.byLabel.entrySet()) {
                    if (next.byLabel.get(entry.getKey()) != entry.getValue()) {
                        // the count is final: no hit can be in flight while we hold every lock
                        evicted =
                                SaturatingCounter.add(evicted, entry.getValue().count());
                    }
                }
                top = next;
            } finally {
                unlockAll();
            }
            totalAtLastRefresh = seen;
        }
    }

    /** Starts a new sketch window; estimates then cover the previous window and the new one. */
    public void rotateWindow() {
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                stripe.previous = stripe.current;
                stripe.current = new ItemsSketch<>(maxMapSize);
            } finally {
                stripe.lock.unlock();
            }
        }
        synchronized (refreshLock) {
            totalAtLastRefresh = -1; // the ranking may change without new hits
        }
    }

    /** The live exact counters, read consistently. */
    public TopKCounters counters() {
        lockAll();
        try {
            drainPending(stripes[0], Integer.MAX_VALUE);
            long exported = other.count();
            for (HitCounter counter : top.ordered) {
                exported = SaturatingCounter.add(exported, counter.count());
            }
            return new TopKCounters(table, top.ordered, other, exported, total.get(), evicted);
        } finally {
            unlockAll();
        }
    }

    /**
     * The exact counters of the keys in the top K now, by label, hottest first at the last refresh: read without a
     * lock (one volatile read), for a reader that takes their values at moments of its own (the heatmap's slice
     * boundaries). The map never changes; a refresh publishes a new one, whose counter of a key that stayed in the top
     * K is the same object.
     */
    public Map<String, HitCounter> tracked() {
        return top.byLabel;
    }

    /** The heaviest keys of the current window with error bounds, at most {@code limit} of them. */
    public TableHotKeys hotKeys(int limit) {
        Map<String, HitCounter> exported = top.byLabel;
        return TableHotKeys.of(table, window(), limit, label -> {
            HitCounter counter = exported.get(label);
            return counter != null ? counter.key() : exporter.export(label);
        });
    }

    /**
     * The sketch over the current and the previous window as a peer merges it: each item's count (the row's lower
     * bound), the sketch's maximum error and its hits; items written as {@code item} gives them.
     */
    TableSketch sketch(UnaryOperator<String> item) {
        ItemsSketch<String> window = window();
        Map<String, Long> counts = new HashMap<>();
        for (ItemsSketch.Row<String> row : window.getFrequentItems(0L, ErrorType.NO_FALSE_NEGATIVES)) {
            // two labels with one exported form (a 64-bit hash collision) count as one key, as peers see it
            counts.merge(item.apply(row.getItem()), row.getLowerBound(), SaturatingCounter::add);
        }
        return new TableSketch(table, window.getStreamLength(), window.getMaximumError(), counts);
    }

    /** A copy of the sketch over the current and the previous window, stripes merged. */
    private ItemsSketch<String> window() {
        ItemsSketch<String> merged = new ItemsSketch<>(maxMapSize);
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                drainPending(stripe, Integer.MAX_VALUE);
                if (stripe.previous != null) {
                    merged.merge(stripe.previous);
                }
                merged.merge(stripe.current);
            } finally {
                stripe.lock.unlock();
            }
        }
        return merged;
    }

    private Top select(Merged view, Top current) {
        ItemsSketch.Row<String>[] rows = view.rows;
        int candidates = Math.min(topK, rows.length);
        List<ItemsSketch.Row<String>> kept = new ArrayList<>();
        List<ItemsSketch.Row<String>> incoming = new ArrayList<>(); // hottest first
        for (int i = 0; i < candidates; i++) {
            (current.byLabel.containsKey(rows[i].getItem()) ? kept : incoming).add(rows[i]);
        }
        List<ItemsSketch.Row<String>> outgoing = new ArrayList<>(); // incumbents ranked below K, hottest first
        for (int i = candidates; i < rows.length; i++) {
            if (current.byLabel.containsKey(rows[i].getItem())) {
                outgoing.add(rows[i]);
            }
        }
        // incumbents found in no row left the sketch (cooled down for a whole window): dropped
        int weakest = incoming.size() - 1;
        for (ItemsSketch.Row<String> incumbent : outgoing) {
            if (weakest < 0) {
                kept.add(incumbent); // a free slot: nobody challenges it
                continue;
            }
            ItemsSketch.Row<String> challenger = incoming.get(weakest);
            if (challenger.getLowerBound() > incumbent.getUpperBound()) {
                weakest--; // the challenger is certainly hotter: it takes the slot
            } else {
                kept.add(incumbent);
                incoming.remove(weakest--);
            }
        }
        kept.addAll(incoming);
        kept.sort(HOTTEST_FIRST);
        Map<String, HitCounter> byLabel = new LinkedHashMap<>();
        for (ItemsSketch.Row<String> row : kept) {
            HitCounter counter = current.byLabel.get(row.getItem());
            byLabel.put(row.getItem(), counter != null ? counter : new HitCounter(exporter.export(row.getItem())));
        }
        return new Top(byLabel);
    }

    private Merged readSketch() {
        ItemsSketch<String> merged = window();
        ItemsSketch.Row<String>[] rows = merged.getFrequentItems(0L, ErrorType.NO_FALSE_NEGATIVES);
        Arrays.sort(rows, HOTTEST_FIRST);
        return new Merged(rows, merged.getStreamLength(), merged.getMaximumError());
    }

    /** A free stripe, locked, or null when every stripe is busy. */
    private Stripe tryLockStripe() {
        // prefer the thread's home stripe, take any free one rather than wait
        int home = (int) Thread.currentThread().getId() & stripeMask;
        for (int i = 0; i < stripes.length; i++) {
            Stripe stripe = stripes[(home + i) & stripeMask];
            if (stripe.lock.tryLock()) {
                return stripe;
            }
        }
        return null;
    }

    /** A stripe, locked: a free one if any, else the thread's home stripe once it is free (batches only). */
    private Stripe lockStripe() {
        Stripe free = tryLockStripe();
        if (free != null) {
            return free;
        }
        Stripe home = stripes[(int) Thread.currentThread().getId() & stripeMask];
        home.lock.lock();
        return home;
    }

    /** Runs {@code action} while this thread holds every stripe (tests: hits recorded meanwhile must not wait). */
    void whileEveryStripeIsBusy(Runnable action) {
        lockAll();
        try {
            action.run();
        } finally {
            unlockAll();
        }
    }

    private void lockAll() {
        for (Stripe stripe : stripes) {
            stripe.lock.lock(); // always in index order: no deadlock between refresh, counters and rotation
        }
    }

    private void unlockAll() {
        for (int i = stripes.length - 1; i >= 0; i--) {
            stripes[i].lock.unlock();
        }
    }

    private static final class Stripe {
        final ReentrantLock lock = new ReentrantLock();
        ItemsSketch<String> current;
        ItemsSketch<String> previous;

        Stripe(int maxMapSize) {
            current = new ItemsSketch<>(maxMapSize);
        }
    }

    private record Pending(String label, long count) {}

    private record Merged(ItemsSketch.Row<String>[] rows, long streamLength, long maximumError) {}

    private static final class Top {
        static final Top EMPTY = new Top(Map.of());

        final Map<String, HitCounter> byLabel;
        final List<HitCounter> ordered;

        Top(Map<String, HitCounter> byLabel) {
            this.byLabel = Collections.unmodifiableMap(byLabel);
            this.ordered = List.copyOf(byLabel.values());
        }
    }
}
