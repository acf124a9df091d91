package io.ringmap.heatmap.web;

import io.ringmap.heatmap.service.HeatmapQuery;
import io.ringmap.heatmap.service.HeatmapQuery.Answer;
import io.ringmap.heatmap.service.ServerSamplesUnavailableException;
import io.ringmap.hotkeys.HotKey;
import io.ringmap.peers.web.PeersView;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.problem.ProblemKind;
import io.ringmap.ring.Node;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
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

    /** A replica of a bucket. */
    @Schema(description = "A node replicating (part of) a bucket")
    public record BucketReplica(
            @Schema(example = "127.0.0.3") String address,
            @Schema(example = "N3") String hostId,
            @Schema(example = "dc2") String datacenter,
            @Schema(example = "rack1") String rack,
            @Schema(example = "UP") String state) {

        static BucketReplica of(Node n) {
            return new BucketReplica(
                    n.address(), n.hostId(), n.datacenter(), n.rack(), n.state().name());
        }
    }

    /** A hot key seen in a bucket. */
    @Schema(description = "A hot key whose token is in the bucket (clear keys only)")
    public record BucketKey(
            @Schema(example = "sensor-17:2026-10-01") String label,

            @Schema(description = "Estimated hits in the hot-key window (ringmap.hotkeys.window)", example = "1200")
            long estimate) {}

    /** One token bucket. */
    @Schema(description = "A token bucket (start, end]: a piece of a ring range, or whole consecutive ranges")
    public record BucketView(
            @Schema(example = "0") int index,

            @Schema(description = "Token the bucket starts after", example = "-9223372036854775808")
            String start,

            @Schema(description = "Last token of the bucket", example = "-9151314442816847873")
            String end,

            @Schema(description = "Share of the ring, 0..1", example = "0.0039")
            double ringShare,

            @Schema(
                    description = "Nodes replicating (part of) the bucket in the served ring, for the table's "
                            + "keyspace; empty when its replication cannot be placed")
            List<BucketReplica> replicas,

            @Schema(description = "Hits in the window", example = "42")
            long hits,

            @Schema(
                    description = "The table's hot keys whose token is in the bucket, hottest first (at most 5); "
                            + "empty unless clear keys are shown (keysShown = clear)")
            List<BucketKey> hotKeys) {}

    /** One time slice. */
    @Schema(description = "One time slice: counts per bucket, indexed like buckets")
    public record SliceView(
            @Schema(description = "Start of the slice") Instant start,

            @Schema(description = "Counts (of the source) per bucket during the slice")
            long[] counts,

            @Schema(
                    description =
                            "Sampled reads or writes during the slice of partitions whose token is unknown "
                                    + "(Cassandra's key text the table's schema could not decode): in no bucket; 0 for client hits",
                    example = "0")
            long unplaced) {}

    /** The answer. */
    @Schema(description = "A table's hits by token bucket and time slice")
    public record HeatmapResponse(
            @Schema(example = "iot") String keyspace,
            @Schema(example = "readings") String table,

            @Schema(
                    description = "What the cells count: client (hits: lookups that count, and POST /hits), "
                            + "reads or writes (the servers' JMX partition sampling, after each sizes round)",
                    allowableValues = {"client", "reads", "writes"})
            String source,

            @Schema(description = "Length of a slice, ISO-8601 (ringmap.heatmap.slice)", example = "PT1M")
            String slice,

            @Schema(description = "Slices kept: the longest window (slice × ringmap.heatmap.slices)", example = "PT1H")
            String retention,

            @Schema(description = "The window answered, ISO-8601", example = "PT1H")
            String window,

            @Schema(description = "Start of the first slice")
            Instant from,

            @Schema(description = "End of the last slice") Instant to,

            @Schema(description = "Largest count of one cell", example = "17")
            long maxCount,

            @Schema(description = "Counts of the table in the window, in buckets", example = "1000")
            long hits,

            @Schema(
                    description = "Sampled counts in the window of partitions whose token is unknown (in no bucket)",
                    example = "0")
            long unplaced,

            @Schema(
                    description = "clear: buckets name the hot keys in them; hashed: keys are hashed and a hashed "
                            + "label is never shown with a token range; not-tracked: hot keys are off; server-side: source "
                            + "reads or writes, whose sampled partitions GET /hotkeys lists (serverSide)",
                    allowableValues = {"clear", "hashed", "not-tracked", "server-side"})
            String keysShown,

            @Schema(description = "Buckets in token order, covering the ring once")
            List<BucketView> buckets,

            @Schema(
                    description = "Slices in time order, oldest first, every slice of the window (zeros where "
                            + "nothing was counted)")
            List<SliceView> slices,

            @Schema(
                    description = "Whose counts the answer sums: this instance's alone (scope local) or every "
                            + "instance's (scope deployment: the peers that answered in time on the same token buckets, and "
                            + "those that did not, with the reason)")
            PeersView peers,

            SnapshotView snapshot) {

        static HeatmapResponse of(Answer a) {
            return new HeatmapResponse(
                    a.table().keyspace(),
                    a.table().table(),
                    a.source().name().toLowerCase(Locale.ROOT),
                    a.settings().slice().toString(),
                    a.settings().retention().toString(),
                    a.window().toString(),
                    a.from(),
                    a.to(),
                    a.maxCount(),
                    a.hits(),
                    a.unplaced(),
                    a.keysShown().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                    a.buckets().stream()
                            .map(b -> new BucketView(
                                    b.index(),
                                    b.start().toString(),
                                    b.end().toString(),
                                    b.ringShare(),
                                    b.replicas().stream().map(BucketReplica::of).toList(),
                                    b.hits(),
                                    b.hotKeys().stream()
                                            .map(HeatmapResponse::key)
                                            .toList()))
                            .toList(),
                    a.slices().stream()
                            .map(s -> new SliceView(s.start(), s.counts(), s.unplaced()))
                            .toList(),
                    PeersView.of(a.contributors()),
                    SnapshotView.of(a.served()));
        }

        private static BucketKey key(HotKey k) {
            return new BucketKey(k.label(), k.estimate());
        }
    }

    @ProblemAnswer(
            kind = ProblemKind.INVALID_PARAMETER,
            detail = "buckets must be from 1 to 128 (ringmap.heatmap.buckets), was 0")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_TABLE, detail = SampleProblems.UNKNOWN_TABLE)
    @ProblemAnswer(kind = ProblemKind.NO_SNAPSHOT, detail = SampleProblems.NO_SNAPSHOT)
    @ProblemAnswer(kind = ProblemKind.SIZES_NOT_COLLECTED, detail = ServerSamplesUnavailableException.DETAIL)
    @GetMapping(path = "/heatmap", produces = "application/json")
    @Operation(
            summary = "A table's hits by token range over time (key visualizer)",
            description = "The table's token space cut into ring-aligned buckets (every edge of the ring is a bucket "
                    + "edge while buckets suffice; with more ranges than buckets, whole consecutive ranges per "
                    + "bucket), and per time slice of the window the hits counted in each bucket: keys routed by "
                    + "callers whose lookups count and keys reported with POST /hits. Each bucket carries its "
                    + "replicas and, when clear keys are shown, the hot keys whose token is in it. Counts are kept "
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
