package io.ringmap.routing;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.schema.TableSchema;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.splits.WeightedSplit;
import java.util.List;

/** A table's scan cut into splits of about equal estimated bytes, in ring order, with their estimates. */
public record SizedTableSplits(ServedSnapshot snapshot, TableSchema table, KeyspacePlacement.Placed placement,
        List<WeightedSplit> splits) {
}
