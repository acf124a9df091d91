package io.ringmap.hotkeys;

/**
 * An exact, monotonic hit counter for one exported key (a top-K partition, {@code _other}, or a replica node); it
 * saturates at {@link Long#MAX_VALUE} ({@link SaturatingCounter}).
 *
 * <p>Identity matters: a key that leaves the top K and comes back gets a new instance starting at zero, so a
 * metrics layer holding the old instance must drop its meter and register the new one.
 */
public final class HitCounter {

    private final String key;
    private final SaturatingCounter hits = new SaturatingCounter();

    HitCounter(String key) {
        this.key = key;
    }

    /** The exported key: label, hash, node id, or {@value KeyLabels#OTHER}. */
    public String key() {
        return key;
    }

    /** Hits counted since this counter was created. */
    public long count() {
        return hits.get();
    }

    void add(long count) {
        hits.add(count);
    }

    @Override
    public String toString() {
        return key + "=" + count();
    }
}
