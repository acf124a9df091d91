package io.ringmap.hotkeys;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A thread-safe count of hits that stops at {@link Long#MAX_VALUE} instead of overflowing: no amount of reported hits
 * can make a total negative, or make a reader of it (the sketch, a metric, an answer) fail.
 */
public final class SaturatingCounter {

    private final AtomicLong value = new AtomicLong();

    /** Adds {@code count} (not negative), stopping at {@link Long#MAX_VALUE}. */
    public void add(long count) {
        long current = value.get();
        // one CAS when uncontended, as LongAdder's base; the retry runs only while another thread adds at once
        while (!value.compareAndSet(current, add(current, count))) {
            current = value.get();
        }
    }

    /** The count so far. */
    public long get() {
        return value.get();
    }

    /** {@code a + b} for two counts (neither negative), {@link Long#MAX_VALUE} when the sum would overflow. */
    public static long add(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
