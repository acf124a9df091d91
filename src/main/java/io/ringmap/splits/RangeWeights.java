package io.ringmap.splits;

import java.util.List;

/** Where size-weighted splits get their per-range estimates for a table. */
public interface RangeWeights {

    /**
     * The table's estimated ranges (non-overlapping, non-wrapping).
     *
     * @throws WeightsUnavailableException when no estimates are known (no live cluster, nothing collected yet)
     */
    List<WeightedRange> of(String keyspace, String table);

    /** No estimates, ever: the reason is given with every request. */
    static RangeWeights unavailable(String reason) {
        return (keyspace, table) -> {
            throw new WeightsUnavailableException(reason, false);
        };
    }
}
