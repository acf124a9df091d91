package io.ringmap.routing;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.schema.TableSchema;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.splits.Split;
import io.ringmap.splits.WeightedSplit;
import java.util.List;

/**
 * A table's scan cut into splits, in ring order, with the placement that says who holds each split.
 *
 * @param mode      how the ring was cut
 * @param splits    the splits
 * @param estimates with {@link SplitMode#SIZE}, each split's estimated bytes and partitions (in the order of
 *                  {@code splits}); else null
 */
public record TableSplits(
        ServedSnapshot snapshot,
        TableSchema table,
        KeyspacePlacement.Placed placement,
        SplitMode mode,
        List<Split> splits,
        List<WeightedSplit> estimates) {}
