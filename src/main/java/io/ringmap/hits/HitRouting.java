package io.ringmap.hits;

import java.util.List;
import java.util.Map;

/**
 * Records a client's report of accesses of one table ({@code POST /hits}), validated like lookups, all or nothing:
 * the batch size, the table, every item as the reader reads it, every key; then each key's token and replicas go to
 * the {@link HitRecorder}. The routing service provides it, so the hits feature asks without importing routing.
 */
public interface HitRouting {

    /** One item of a hits report, as the caller reads it. */
    record Hit(Map<String, String> key, long count) {}

    /** Reads item {@code index} of a request into a {@link Hit}; may reject it by throwing. */
    @FunctionalInterface
    interface HitReader<T> {
        Hit read(int index, T item);
    }

    /** Records the report; the reader checks each count (at least 1). */
    <T> RecordedHits recordHits(String keyspace, String table, List<T> items, HitReader<T> reader);
}
