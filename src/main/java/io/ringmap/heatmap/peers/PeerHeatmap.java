package io.ringmap.heatmap.peers;

import io.ringmap.hotkeys.peers.PeerState;
import java.util.List;
import java.util.Objects;

/**
 * What one instance tells its peers of a table's heatmap: who it is, on which ring it counts, its counts per token
 * bucket and time slice, and, when asked and clear keys are shown, its hot-key sketch of the table.
 *
 * @param instance the random id chosen at start
 * @param ring     the content hash of the snapshot it serves (null before its first), named when the buckets differ
 * @param counts   its counts of the table, null when it has counted no hit of it
 * @param keys     its hot-key sketch of the table (one table or none, no replica hits), null unless asked for or when
 *                 it tracks no hot keys
 */
public record PeerHeatmap(String instance, String ring, Counts counts, PeerState keys) {

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
     */
    public record Slice(long start, long[] counts) {}
}
