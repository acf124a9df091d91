package io.ringmap.sizes;

/**
 * A per-read distribution as the table metric virtual tables report it ({@code system_views.rows_per_read},
 * {@code tombstones_per_read}): reads counted, median, 99th percentile and maximum.
 */
public record ReadStats(long count, double p50, double p99, double max) {

    /** The worse of two nodes' distributions: counts add, percentiles and maxima take the larger. */
    public ReadStats worst(ReadStats other) {
        if (other == null) {
            return this;
        }
        return new ReadStats(
                count + other.count, Math.max(p50, other.p50), Math.max(p99, other.p99), Math.max(max, other.max));
    }
}
