package io.ringmap.streams.service;

import io.ringmap.ring.ReplicaSet;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Numbers the distinct replica sets of a stream in order of first use, for compact answers that list each set once.
 * A placement shares one {@link ReplicaSet} instance per range, so the sets are told apart by identity; the index is
 * bounded by the ring's ranges, not by the stream's length.
 */
public final class ReplicaSetIndex {

    private final Map<ReplicaSet, Integer> indexes = new IdentityHashMap<>();

    /** The set's index, or its new index encoded as {@code -1 - index} when this is its first use. */
    public int indexOf(ReplicaSet set) {
        Integer known = indexes.get(set);
        if (known != null) {
            return known;
        }
        int index = indexes.size();
        indexes.put(set, index);
        return -1 - index;
    }
}
