package io.ringmap.sizes.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.sizes.service.SizesService;
import io.ringmap.sizes.web.SizesViews.LoadResponse;
import io.ringmap.sizes.web.SizesViews.SizesResponse;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.ringmap.web.TableParameters;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code /sizes} and {@code /load}: what the servers know of partition sizes and data on disk. */
@RestController
@Tag(name = "sizes", description = "Partition sizes and load as the servers report them, merged over the cluster")
public class SizesController {

    private final SizesService sizes;

    public SizesController(SizesService sizes) {
        this.sizes = sizes;
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = "required parameter 'table' is missing")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_TABLE, detail = SampleProblems.UNKNOWN_TABLE)
    @ProblemAnswer(kind = ProblemKind.SIZES_NOT_COLLECTED, detail = SampleProblems.SIZES_NOT_COLLECTED)
    @SnapshotProblems
    @ProblemAnswer(kind = ProblemKind.SIZES_UNAVAILABLE, detail = SampleProblems.SIZES_UNAVAILABLE)
    @GetMapping(path = "/sizes", produces = "application/json")
    @Operation(
            summary = "Partition sizes of a table, per node and merged, with its largest partitions",
            description = "From the last collection round (system.table_estimates, the system_views table metrics, "
                    + "system.top_partitions, and JMX when enabled): maximum and mean partition size, partition "
                    + "count, disk usage, percentiles (JMX), rows and tombstones per read; the largest partitions "
                    + "with their keys decoded, tokens and replicas; warnings against the guideline. A node that did "
                    + "not answer is listed in missingNodes and left out of the merge. Needs a live cluster: 409 "
                    + "sizes-not-collected on a static topology, 503 sizes-unavailable before the first round.")
    public SizesResponse sizes(@ParameterObject TableParameters table) {
        return SizesResponse.of(sizes.table(table.keyspace(), table.table()));
    }

    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.SIZES_NOT_COLLECTED, detail = SampleProblems.SIZES_NOT_COLLECTED)
    @SnapshotProblems
    @ProblemAnswer(kind = ProblemKind.SIZES_UNAVAILABLE, detail = SampleProblems.SIZES_UNAVAILABLE)
    @GetMapping(path = "/load", produces = "application/json")
    @Operation(
            summary = "Per node: ownership against data on disk and client-side hits",
            description = "Ownership and effective ownership (with keyspace) from the ring, live bytes on disk of "
                    + "the collected tables (the keyspace's, with keyspace) from the last round, and each node's "
                    + "share of the client-side replica hits. Names the symptom uneven-load-even-ownership when load "
                    + "is uneven while ownership is even.")
    public LoadResponse load(@ParameterObject LoadParameters parameters) {
        return LoadResponse.of(sizes.load(parameters.keyspace()));
    }
}
