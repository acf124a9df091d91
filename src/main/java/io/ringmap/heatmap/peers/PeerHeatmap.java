package io.ringmap.heatmap.peers;

import io.ringmap.hotkeys.peers.PeerState;
import java.util.List;
import java.util.Objects;

/**
 * What one instance tells its peers of a table's heatmap: who it is, on which ring it counts, its counts per token
 * bucket and time slice with, when asked and clear keys are shown, each slice's keys.
 *
 * @param instance the random id chosen at start
 * @param ring     the content hash of the snapshot it serves (null before its first), named when the buckets differ
 * @param counts   its counts of the table, null when it has counted no hit of it
 * @param clearKeys whether it shows clear keys and so sends the slices' keys when asked; null from an instance of the
 *                 version before per-slice keys
 * @param keys     its hot-key sketch of the table, sent when asked ({@code keys=true}) for instances of the version
 *                 before per-slice keys, which refuse an answer without it and read no other keys; this version
 *                 reads the slices' keys instead. Delete once no such instance runs.
 */
public record PeerHeatmap(String instance, String ring, Counts counts, Boolean clearKeys, PeerState keys) {

    public PeerHeatmap {
        Objects.requireNonNull(instance, "instance must not be null");
    }

    /**
     * The counts of one table.
     *
     * @param sliceMillis the length of a slice ({@code ringmap.heatmap.slice})
     * @param ends        the token buckets' ends as Cassandra prints tokens, ascending (the first starts after the
     *                    partitioner's minimum token)
     * @param slices      the slices with a hit, oldest first
     */
    public record Counts(long sliceMillis, List<String> ends, List<Slice> slices) {}

    /**
     * One time slice.
     *
     * @param start  its start, milliseconds since the epoch (a multiple of the slice length)
     * @param counts hits per bucket, indexed like the ends
     * @param keys   the tracked keys' hits during the slice, hottest first, by clear label; null or empty when not
     *               asked, when clear keys are not shown, or from an instance of the version before them
     */
    public record Slice(long start, long[] counts, List<Key> keys) {

        /** A slice without keys. */
        public Slice(long start, long[] counts) {
            this(start, counts, null);
        }
    }

    /** A key's hits during a slice. */
    public record Key(String label, long hits) {}
}
