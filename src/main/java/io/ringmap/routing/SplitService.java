package io.ringmap.routing;

import io.ringmap.config.ApiProperties;
import io.ringmap.problem.InvalidParameterException;
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
    private final ApiProperties api;
    private final RangeWeights weights;

    /**
     * @param api the API's limits, among them the most splits one scan may be cut into
     * @param weights   the per-range estimates of size-weighted splits
     */
    public SplitService(RoutingService routing, ApiProperties api, RangeWeights weights) {
        this.routing = routing;
        this.api = api;
        this.weights = weights;
    }

    /**
     * The ring cut into about {@code n} splits for a scan of the table: even ones, ones aligned to node-owned ranges,
     * or ones of about equal estimated bytes, aligned to ownership, from the table's per-range estimates
     * ({@link Splitter#weighted}). {@code n} is checked first, then the table.
     *
     * @throws InvalidParameterException for {@code n} outside 1..{@code ringmap.api.max-splits}
     * @throws io.ringmap.splits.WeightsUnavailableException when there are no estimates for the table (mode size)
     */
    public TableSplits splits(String keyspace, String table, int n, SplitMode m) {
        api.checkSplits(n);
        ServedSnapshot served = routing.snapshot();
        TableSchema schema = routing.table(served, keyspace, table);
        KeyspacePlacement.Placed placement = routing.placement(served, keyspace);
        if (m == SplitMode.SIZE) {
            List<WeightedSplit> sized = Splitter.weighted(
                    served.tokenRing(), weights.of(schema.keyspace(), schema.table()), n, placement::replicasAt);
            return new TableSplits(
                    served,
                    schema,
                    placement,
                    m,
                    sized.stream().map(WeightedSplit::split).toList(),
                    sized);
        }
        List<Split> splits = m == SplitMode.ALIGNED
                ? Splitter.aligned(served.tokenRing(), n, placement::replicasAt)
                : Splitter.even(served.tokenRing(), n, placement::replicasAt);
        return new TableSplits(served, schema, placement, m, splits, null);
    }
}
