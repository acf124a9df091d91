package io.ringmap.heatmap.web;

import io.ringmap.heatmap.service.HeatmapQuery;
import io.ringmap.heatmap.service.ServerSamplesUnavailableException;
import io.ringmap.peers.web.PeersView;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.problem.ProblemKind;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Duration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /heatmap}: a table's hits on ring-aligned token buckets over time (the console's key visualizer). */
@RestController
@ConditionalOnBooleanProperty(name = "ringmap.heatmap.enabled", matchIfMissing = true)
@Tag(name = "heatmap", description = "Key visualizer: a table's hits by token range over time")
public class HeatmapController {

    private final HeatmapQuery query;

    public HeatmapController(HeatmapQuery query) {
        this.query = query;
    }

    @ProblemAnswer(
            kind = ProblemKind.INVALID_PARAMETER,
            detail = "buckets must be from 1 to 128 (ringmap.heatmap.buckets), was 0")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_TABLE, detail = SampleProblems.UNKNOWN_TABLE)
    @SnapshotProblems
    @ProblemAnswer(kind = ProblemKind.SIZES_NOT_COLLECTED, detail = ServerSamplesUnavailableException.DETAIL)
    @GetMapping(path = "/heatmap", produces = "application/json")
    @Operation(
            summary = "A table's hits by token range over time (key visualizer)",
            description = "The table's token space cut into ring-aligned buckets (every edge of the ring is a bucket "
                    + "edge while buckets suffice; with more ranges than buckets, whole consecutive ranges per "
                    + "bucket), and per time slice of the window the hits counted in each bucket: keys routed by "
                    + "callers whose lookups count and keys reported with POST /hits. Each bucket carries its "
                    + "replicas; when clear keys are shown, each slice names the table's tracked keys (top K) hit "
                    + "during it with their hits and bucket, and each bucket its hottest of those over the window. "
                    + "Counts are kept "
                    + "for ringmap.heatmap.slices slices of ringmap.heatmap.slice each, per instance; with peers "
                    + "(ringmap.peers.*) the answer sums every instance's counts within ringmap.peers.timeout, "
                    + "leaving out and naming a peer that counts on other token buckets (another ring, other "
                    + "settings) rather than summing different ranges. source=reads or writes draws the servers' "
                    + "sampled reads or writes instead (JMX partition sampling on a live cluster, added after each "
                    + "sizes round to the bucket of each sampled partition's token): the cluster's own counts, the "
                    + "same on every instance and never summed over them.")
    public HeatmapResponse heatmap(
            @Parameter(description = "Keyspace", example = "iot") @RequestParam String keyspace,
            @Parameter(description = "Table", example = "readings") @RequestParam String table,
            @Parameter(
                            description = "Buckets at most, 1..ringmap.heatmap.buckets (default: all); neighbours are "
                                    + "added together",
                            example = "64")
                    @RequestParam(required = false)
                    Integer buckets,
            @Parameter(
                            description = "How far back, as 10m, 1h or ISO-8601 PT10M; from one slice to the retention "
                                    + "(default: the retention)",
                            example = "30m")
                    @RequestParam(required = false)
                    String window,
            @Parameter(
                            description = "deployment (default): every instance's counts summed (ringmap.peers.*); "
                                    + "local: this instance's only",
                            schema = @Schema(allowableValues = {"deployment", "local"}))
                    @RequestParam(required = false)
                    String scope,
            @Parameter(
                            description =
                                    "What the cells count: client (default) hits, or the servers' sampled reads or "
                                            + "writes (JMX partition sampling)",
                            schema = @Schema(allowableValues = {"client", "reads", "writes"}))
                    @RequestParam(required = false)
                    String source) {
        int max = query.maxBuckets();
        int n = buckets == null ? max : buckets;
        if (n < 1 || n > max) {
            throw new InvalidParameterException(
                    "buckets", "buckets must be from 1 to " + max + " (ringmap.heatmap.buckets), was " + buckets);
        }
        return HeatmapResponse.of(
                query.heatmap(keyspace, table, n, window(window), PeersView.localScope(scope), source(source)));
    }

    private static HeatmapQuery.Source source(String text) {
        if (text == null) {
            return HeatmapQuery.Source.CLIENT;
        }
        return switch (text) {
            case "client" -> HeatmapQuery.Source.CLIENT;
            case "reads" -> HeatmapQuery.Source.READS;
            case "writes" -> HeatmapQuery.Source.WRITES;
            default -> throw new InvalidParameterException("source", "source must be client, reads or writes");
        };
    }

    private Duration window(String text) {
        if (text == null) {
            return query.retention();
        }
        Duration window;
        try {
            window = DurationStyle.detectAndParse(text);
        } catch (IllegalArgumentException e) {
            throw new InvalidParameterException("window", "window must be a duration such as 10m, 1h or PT10M");
        }
        if (window.isNegative() || window.isZero() || window.compareTo(query.retention()) > 0) {
            throw new InvalidParameterException(
                    "window",
                    "window must be positive and at most the retention, " + query.retention()
                            + " (ringmap.heatmap.slice × ringmap.heatmap.slices), was " + window);
        }
        return window;
    }
}
