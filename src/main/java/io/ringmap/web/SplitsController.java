package io.ringmap.web;

import io.ringmap.ring.TokenRing;
import io.ringmap.routing.RoutingService;
import io.ringmap.routing.TableSplits;
import io.ringmap.schema.TableSchema;
import io.ringmap.splits.CqlPredicates;
import io.ringmap.splits.Split;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code /splits}: the ring cut into token ranges for full-table scans. */
@RestController
@Tag(name = "splits", description = "Token-range splits for full-table scans, each with its CQL predicate")
public class SplitsController {

    private final RoutingService routing;

    public SplitsController(RoutingService routing) {
        this.routing = routing;
    }

    /** One split of a scan. */
    @Schema(description = "One (start, end] split: read it with its predicate")
    public record SplitView(
            @Schema(example = "-9223372036854775808") String start,
            @Schema(example = "-4611686018427387904") String end,
            @Schema(description = "The CQL restriction that reads exactly this split",
                    example = "token(sensor_id, day) > -9223372036854775808 AND token(sensor_id, day) <= "
                            + "-4611686018427387904") String predicate,
            @Schema(description = "A full SELECT for the split",
                    example = "SELECT * FROM iot.readings WHERE token(sensor_id, day) > -9223372036854775808 AND "
                            + "token(sensor_id, day) <= -4611686018427387904") String cql,
            @Schema(description = "Replica addresses holding the split (for an even split that crosses ownership "
                    + "boundaries: those of its first tokens)") List<String> replicas,
            @Schema(description = "How many node-owned ranges the split touches (1 when aligned)") int ownedRanges) {
    }

    /** The splits of a scan, in ring order. */
    public record SplitsResponse(String keyspace, String table, String partitioner,
            @Schema(description = "even or aligned") String mode,
            @Schema(description = "Splits asked for") int requested,
            @Schema(description = "Splits returned (aligned mode returns at least one per owned range)") int count,
            List<SplitView> splits, SnapshotView snapshot) {
    }

    @GetMapping(path = "/splits", produces = "application/json")
    @Operation(summary = "The ring cut into (start, end] splits for a full-table scan",
            description = "mode=even: n ranges of equal width, the first starting at the minimum token. "
                    + "mode=aligned: every node-owned range cut in proportion to its width so the total is about n "
                    + "(at least one per owned range); no split crosses an ownership boundary. Ranges that wrap "
                    + "around the ring are unwrapped. Splits cover the ring exactly once.")
    public SplitsResponse splits(
            @Parameter(description = "Keyspace", example = "iot") @RequestParam String keyspace,
            @Parameter(description = "Table", example = "readings") @RequestParam String table,
            @Parameter(description = "Number of splits, 1.." + RoutingService.MAX_SPLITS, example = "16")
            @RequestParam(defaultValue = "16") int n,
            @Parameter(description = "even or aligned", example = "aligned",
                    schema = @Schema(allowableValues = {"even", "aligned"}))
            @RequestParam(defaultValue = "aligned") String mode) {
        if (n < 1 || n > RoutingService.MAX_SPLITS) {
            throw new InvalidParameterException("n",
                    "n must be between 1 and " + RoutingService.MAX_SPLITS + ", was " + n);
        }
        String m = mode.toLowerCase(Locale.ROOT);
        if (!m.equals("even") && !m.equals("aligned")) {
            throw new InvalidParameterException("mode", "mode must be 'even' or 'aligned', was '" + mode + "'");
        }
        TableSplits scan = routing.splits(keyspace, table, n, m.equals("aligned"));
        TableSchema schema = scan.table();
        TokenRing ring = scan.snapshot().tokenRing();
        String from = CqlPredicates.identifier(schema.keyspace()) + "." + CqlPredicates.identifier(schema.table());
        List<SplitView> views = new ArrayList<>(scan.splits().size());
        for (Split s : scan.splits()) {
            String predicate = CqlPredicates.tokenPredicate(ring.partitioner(), schema.columnNames(), s.range());
            List<String> replicas = ReplicaView.of(ring, scan.placement().replicasAt(s.replicaTokenIndex()), null)
                    .stream().map(ReplicaView::address).toList();
            views.add(new SplitView(s.range().start().toString(), s.range().end().toString(), predicate,
                    "SELECT * FROM " + from + (predicate.isEmpty() ? "" : " WHERE " + predicate), replicas,
                    s.ownedRanges()));
        }
        return new SplitsResponse(scan.placement().keyspace(), schema.table(), ring.partitioner().name(), m, n,
                views.size(), views, SnapshotView.of(scan.snapshot()));
    }
}
