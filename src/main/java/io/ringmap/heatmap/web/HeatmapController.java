package io.ringmap.heatmap.web;

import io.ringmap.heatmap.HeatmapSettings;
import io.ringmap.heatmap.service.HeatmapQuery;
import io.ringmap.heatmap.service.ServerSamplesUnavailableException;
import io.ringmap.peers.web.Scope;
import io.ringmap.problem.ProblemKind;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.ringmap.web.TableParameters;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.web.bind.annotation.GetMapping;
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
            @ParameterObject TableParameters table, @ParameterObject HeatmapParameters parameters) {
        HeatmapSettings settings = query.settings();
        return HeatmapResponse.of(query.heatmap(
                table.keyspace(),
                table.table(),
                settings.buckets(parameters.buckets()),
                settings.window(parameters.windowAsked()),
                Scope.local(parameters.scope()),
                parameters.source()));
    }
}
