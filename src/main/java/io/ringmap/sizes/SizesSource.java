package io.ringmap.sizes;

import io.ringmap.ring.TableName;
import io.ringmap.splits.RangeWeights;
import io.ringmap.splits.WeightedRange;
import io.ringmap.splits.WeightsUnavailableException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Where the last collection round's figures are read from; answers never wait for a round. */
public interface SizesSource extends RangeWeights {

    /** The last complete round, if any. */
    Optional<SizesSnapshot> current();

    /**
     * The last round.
     *
     * @throws WeightsUnavailableException when there is none (with the reason, and whether one may still come)
     */
    default SizesSnapshot require() {
        return current().orElseThrow(() -> new WeightsUnavailableException(unavailableReason(), retryable()));
    }

    /** Why there are no figures (meaningful when {@link #current()} is empty). */
    String unavailableReason();

    /** True when figures may come later (a live cluster), false when they never will (static topology). */
    boolean retryable();

    /** Every node's primary-range estimates of the table, weighted by mean partition size × partition count. */
    @Override
    default List<WeightedRange> of(String keyspace, String table) {
        SizesSnapshot snapshot = require();
        TableName name = new TableName(keyspace, table);
        List<WeightedRange> out = new ArrayList<>();
        for (NodeTableStats s : snapshot.table(name)) {
            for (RangeEstimate r : s.primaryRanges()) {
                out.add(new WeightedRange(r.range(), r.bytes(), r.partitions()));
            }
        }
        if (out.isEmpty()) {
            throw new WeightsUnavailableException(
                    "no node has size estimates for " + name + " yet: Cassandra records "
                            + "them for flushed data every size_recorder_interval (5 minutes by default; nodetool "
                            + "refreshsizeestimates forces it)",
                    true);
        }
        return out;
    }

    /** A source that never has figures (e.g. a static topology). */
    static SizesSource unavailable(String reason) {
        return new SizesSource() {
            @Override
            public Optional<SizesSnapshot> current() {
                return Optional.empty();
            }

            @Override
            public String unavailableReason() {
                return reason;
            }

            @Override
            public boolean retryable() {
                return false;
            }
        };
    }
}
