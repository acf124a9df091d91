package io.ringmap.routing.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.ring.TokenRange;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.SplitService;
import io.ringmap.routing.TableSplits;
import io.ringmap.schema.TableSchema;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.splits.CqlPredicates;
import io.ringmap.splits.Split;
import io.ringmap.splits.WeightedSplit;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.ringmap.web.TableParameters;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.ArrayList;
import java.util.List;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code /splits}: the ring cut into token ranges for full-table scans. */
@RestController
@Tag(name = "splits", description = "Token-range splits for full-table scans, each with its CQL predicate")
public class SplitsController {

    private final SplitService splitter;

    public SplitsController(SplitService splitter) {
        this.splitter = splitter;
    }

    @ProblemAnswer(
            kind = ProblemKind.INVALID_PARAMETER,
            detail = "n must be between 1 and 10000 (ringmap.api.max-splits), was 0")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_TABLE, detail = SampleProblems.UNKNOWN_TABLE)
    @ProblemAnswer(kind = ProblemKind.SIZES_NOT_COLLECTED, detail = SampleProblems.SIZES_NOT_COLLECTED)
    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.TABLE_PARTITIONER, detail = SampleProblems.TABLE_PARTITIONER)
    @SnapshotProblems
    @ProblemAnswer(kind = ProblemKind.SIZES_UNAVAILABLE, detail = SampleProblems.SIZES_UNAVAILABLE)
    @GetMapping(path = "/splits", produces = "application/json")
    @Operation(
            summary = "The ring cut into (start, end] splits for a full-table scan",
            description = "mode=even: n ranges of equal width, the first starting at the minimum token. "
                    + "mode=aligned: no split crosses an ownership boundary. When n is at least the number of "
                    + "node-owned ranges, every owned range is cut in proportion to its width (one range per split); "
                    + "when n is smaller (vnodes), whole owned ranges that share a replica are grouped into about n "
                    + "splits of several ranges each, as the Spark connector groups token ranges per replica. "
                    + "Ranges that wrap around the ring are unwrapped. mode=size: aligned to ownership, but cut so each "
                    + "split holds about the same estimated bytes, from every node's per-range estimates "
                    + "(system.table_estimates of the last sizes round; 409 sizes-not-collected without a live "
                    + "cluster, 503 sizes-unavailable before the first round). Splits "
                    + "cover the ring exactly once.")
    public SplitsResponse splits(@ParameterObject TableParameters table, @ParameterObject SplitsParameters parameters) {
        boolean compact = parameters.compact();
        int n = parameters.n();
        TableSplits scan = splitter.splits(table.keyspace(), table.table(), n, parameters.mode());
        TableSchema schema = scan.table();
        TokenRing ring = scan.snapshot().tokenRing();
        List<SplitView> views = new ArrayList<>(scan.splits().size());
        for (int i = 0; i < scan.splits().size(); i++) {
            WeightedSplit w = scan.estimates() == null ? null : scan.estimates().get(i);
            views.add(view(
                    ring,
                    schema,
                    scan.splits().get(i),
                    w == null ? null : Math.round(w.estimatedBytes()),
                    w == null ? null : Math.round(w.estimatedPartitions()),
                    compact));
        }
        return new SplitsResponse(
                scan.placement().keyspace(),
                schema.table(),
                ring.partitioner().name(),
                scan.mode().text(),
                n,
                views.size(),
                template(schema, compact),
                views,
                SnapshotView.of(scan.snapshot()));
    }

    private static CqlTemplate template(TableSchema schema, boolean compact) {
        return compact
                ? new CqlTemplate(
                        CqlPredicates.tokenPredicateTemplate(schema.columnNames()),
                        CqlPredicates.selectTemplate(schema.keyspace(), schema.table(), schema.columnNames()))
                : null;
    }

    /** A split with each of its ranges' CQL (compact: only where the template cannot read the range). */
    private static SplitView view(
            TokenRing ring, TableSchema schema, Split s, Long bytes, Long partitions, boolean compact) {
        List<RangeQuery> ranges = new ArrayList<>(s.ranges().size());
        for (TokenRange r : s.ranges()) {
            if (compact && CqlPredicates.templateApplies(ring.partitioner(), r)) {
                ranges.add(new RangeQuery(r.start().toString(), r.end().toString(), null, null));
                continue;
            }
            ranges.add(new RangeQuery(
                    r.start().toString(),
                    r.end().toString(),
                    CqlPredicates.tokenPredicate(ring.partitioner(), schema.columnNames(), r),
                    CqlPredicates.select(
                            ring.partitioner(), schema.keyspace(), schema.table(), schema.columnNames(), r)));
        }
        List<String> replicas = ReplicaView.of(ring, s.replicas(), null).stream()
                .map(v -> v.node().address())
                .toList();
        return new SplitView(ranges, replicas, s.ownedRanges(), bytes, partitions);
    }
}
