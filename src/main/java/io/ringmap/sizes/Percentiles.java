package io.ringmap.sizes;

/**
 * Percentiles of a Cassandra estimated histogram, as {@code nodetool tablehistograms} prints them (bucket upper
 * bounds, so each value is an upper estimate).
 */
public record Percentiles(long p50, long p75, long p95, long p98, long p99, long min, long max) {

    /** The larger value per percentile of two nodes (the worst node's figures). */
    public Percentiles worst(Percentiles o) {
        if (o == null) {
            return this;
        }
        return new Percentiles(
                Math.max(p50, o.p50),
                Math.max(p75, o.p75),
                Math.max(p95, o.p95),
                Math.max(p98, o.p98),
                Math.max(p99, o.p99),
                Math.min(min, o.min),
                Math.max(max, o.max));
    }
}
