package io.ringmap.routing;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.schema.TableSchema;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.splits.Split;
import java.util.List;

/** A table's scan cut into splits, in ring order, with the placement that says who holds each split. */
public record TableSplits(ServedSnapshot snapshot, TableSchema table, KeyspacePlacement.Placed placement,
        List<Split> splits) {
}
