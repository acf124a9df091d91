package io.ringmap.heatmap;

import io.ringmap.hotkeys.HitCounter;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tracked keys' counters at one moment (a slice boundary): which counter objects, and each one's count then.
 * Immutable. The hits of a slice are the difference between the marks at its start and at its end: a counter that is
 * the same object at both counted its difference; one that is only at the end was created during the slice (its key
 * entered the top K) and counted all its value in it; one that is only at the start left the top K during the slice
 * and is not listed (what it counted went with it, as in {@link io.ringmap.hotkeys.TableTracker}).
 */
final class KeyMarks {

    static final KeyMarks NONE = new KeyMarks(new String[0], new HitCounter[0], new long[0]);

    private final String[] labels;
    private final HitCounter[] counters;
    private final long[] counts;

    private KeyMarks(String[] labels, HitCounter[] counters, long[] counts) {
        this.labels = labels;
        this.counters = counters;
        this.counts = counts;
    }

    /** The counters' values now: one read of each, no lock. */
    static KeyMarks read(Map<String, HitCounter> tracked) {
        if (tracked.isEmpty()) {
            return NONE;
        }
        String[] labels = new String[tracked.size()];
        HitCounter[] counters = new HitCounter[labels.length];
        long[] counts = new long[labels.length];
        int i = 0;
        for (Map.Entry<String, HitCounter> e : tracked.entrySet()) {
            if (i == labels.length) {
                break; // never happens: the map does not change
            }
            labels[i] = e.getKey();
            counters[i] = e.getValue();
            counts[i++] = e.getValue().count();
        }
        return new KeyMarks(labels, counters, counts);
    }

    /** The hits each key counted from these marks to {@code end}, hottest first, at most {@code max}, none of 0. */
    List<SliceKey> until(KeyMarks end, int max) {
        if (max == 0 || end.labels.length == 0) {
            return List.of();
        }
        Map<HitCounter, Long> before = new IdentityHashMap<>(counters.length * 2);
        for (int i = 0; i < counters.length; i++) {
            before.put(counters[i], counts[i]);
        }
        List<SliceKey> keys = new ArrayList<>(end.labels.length);
        for (int i = 0; i < end.labels.length; i++) {
            Long start = before.get(end.counters[i]);
            long hits = start == null ? end.counts[i] : Math.max(0, end.counts[i] - start);
            if (hits > 0) {
                keys.add(new SliceKey(end.labels[i], hits));
            }
        }
        keys.sort(SliceKey.HOTTEST_FIRST);
        return List.copyOf(keys.size() > max ? keys.subList(0, max) : keys);
    }
}
