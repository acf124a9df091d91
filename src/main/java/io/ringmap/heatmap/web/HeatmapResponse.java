package io.ringmap.heatmap.web;

import io.ringmap.heatmap.service.HeatmapQuery.Answer;
import io.ringmap.peers.web.PeersView;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.web.NodeIdentity;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

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

        @Schema(description = "Start of the first slice") Instant from,

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
                description = "clear: slices and buckets name the tracked keys in them; hashed: keys are hashed and a "
                        + "hashed label is never shown with a token range; not-tracked: hot keys are off; server-side: "
                        + "source reads or writes, whose sampled partitions GET /hotkeys lists (serverSide)",
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
                                b.replicas().stream().map(NodeIdentity::of).toList(),
                                b.hits(),
                                b.hotKeys().stream()
                                        .map(k -> new BucketKey(k.label(), k.hits()))
                                        .toList()))
                        .toList(),
                a.slices().stream()
                        .map(s -> new SliceView(
                                s.start(),
                                s.counts(),
                                s.unplaced(),
                                s.keys().stream()
                                        .map(k -> new CellKey(k.label(), k.hits(), k.bucket()))
                                        .toList()))
                        .toList(),
                PeersView.of(a.contributors()),
                SnapshotView.of(a.served()));
    }
}
