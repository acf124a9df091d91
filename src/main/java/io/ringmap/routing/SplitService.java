package io.ringmap.routing;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.schema.TableSchema;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.splits.RangeWeights;
import io.ringmap.splits.Split;
import io.ringmap.splits.Splitter;
import io.ringmap.splits.WeightedSplit;
import java.util.List;

/** Cuts the ring into splits for a scan of a table, against one snapshot: even, aligned to ownership, or by size. */
public class SplitService {

    private final RoutingService routing;
    private final int maxSplits;

    /** @param maxSplits the most splits one scan may be cut into ({@code ringmap.api.max-splits}) */
    public SplitService(RoutingService routing, int maxSplits) {
        this.routing = routing;
        this.maxSplits = maxSplits;
    }

    /** The most splits one scan may be cut into ({@code ringmap.api.max-splits}). */
    public int maxSplits() {
        return maxSplits;
    }

    /**
     * The ring cut into about {@code n} splits for a scan of the table: even ones, or ones aligned to node-owned
     * ranges.
     */
    public TableSplits splits(String keyspace, String table, int n, boolean aligned) {
        ServedSnapshot served = routing.snapshot();
        TableSchema schema = routing.table(served, keyspace, table);
        KeyspacePlacement.Placed placement = routing.placement(served, keyspace);
        List<Split> splits = aligned ? Splitter.aligned(served.tokenRing(), n, placement::replicasAt)
                : Splitter.even(served.tokenRing(), n, placement::replicasAt);
        return new TableSplits(served, schema, placement, splits);
    }

    /**
     * The ring cut into splits of about equal estimated bytes, aligned to ownership, from the table's per-range
     * estimates ({@link Splitter#weighted}).
     *
     * @throws io.ringmap.splits.WeightsUnavailableException when there are no estimates for the table
     */
    public SizedTableSplits splitsBySize(String keyspace, String table, int n, RangeWeights weights) {
        ServedSnapshot served = routing.snapshot();
        TableSchema schema = routing.table(served, keyspace, table);
        KeyspacePlacement.Placed placement = routing.placement(served, keyspace);
        List<WeightedSplit> splits = Splitter.weighted(served.tokenRing(),
                weights.of(schema.keyspace(), schema.table()), n, placement::replicasAt);
        return new SizedTableSplits(served, schema, placement, splits);
    }
}
