package io.ringmap.planning.web;

import io.ringmap.planning.service.KeyDesignService;
import io.ringmap.problem.ProblemKind;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.web.JsonBodyProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /plan}: candidate partition key designs modelled on the real ring, side by side. */
@RestController
@Tag(name = "plan", description = "What a change would do, before making it, on the real ring")
public class PlanController {

    static final String ATLASMART = """
            {
              "keyspace": "iot",
              "workload": {
                "entities": {"normal-1": 12000, "normal-2": 8000, "celebrity-display": 480000},
                "start": "2026-08-01",
                "retentionDays": 30,
                "bytesPerRow": 420
              },
              "designs": [
                {"name": "tenant only", "columns": [
                  {"name": "tenant_id", "type": "text", "generator": {"kind": "fixed", "value": "tenant-7"}}]},
                {"name": "tenant + device + day", "columns": [
                  {"name": "tenant_id", "type": "text", "generator": {"kind": "fixed", "value": "tenant-7"}},
                  {"name": "device_id", "type": "text", "generator": {"kind": "entity"}},
                  {"name": "day", "type": "date", "generator": {"kind": "timeBucket", "unit": "day"}}]}
              ]
            }""";

    private final KeyDesignService plans;
    private final Clock clock;

    public PlanController(KeyDesignService plans, ObjectProvider<Clock> clock) {
        this.plans = plans;
        this.clock = clock.getIfAvailable(Clock::systemUTC);
    }

    @ProblemAnswer(
            kind = ProblemKind.UNSUPPORTED_KEY_TYPE,
            detail = "CQL type 'vector<float, 3>' is not supported in a ringmap partition key")
    @ProblemAnswer(kind = ProblemKind.INVALID_GENERATOR, detail = "give at least one design")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(
            kind = ProblemKind.PLAN_TOO_LARGE,
            detail = "9 designs, more than the 8 a plan compares (ringmap.plan.max-designs)")
    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @SnapshotProblems
    @JsonBodyProblems
    @PostMapping(path = "/plan", consumes = "application/json", produces = "application/json")
    @Operation(
            summary = "Model candidate partition key designs on the real ring, side by side",
            description = "For a workload (entities with event rates, a period, bytes per row) and candidate designs "
                    + "(partition key columns with CQL types and value generators), the partitions, rows and bytes "
                    + "per partition (p50/p95/p99/max), the largest partition, load per node and replica set with "
                    + "skew, partitions touched by typical queries, and the smallest shard count or bucket that "
                    + "keeps every partition under the guideline. Keys are serialized and hashed as /token does. "
                    + "The example is the AtlasMart planning model of the partition key design reference: tenant "
                    + "only gives one partition of 15,000,000 rows (5.87 GiB); tenant + device + day gives 90, the "
                    + "largest the celebrity's device-day with 480,000 rows (192.26 MiB), which 5 shards bring under"
                    + " 100,000 rows.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            schema = @Schema(implementation = PlanRequest.class),
                                            examples = @ExampleObject(name = "AtlasMart", value = ATLASMART))))
    public PlanResponse plan(@RequestBody PlanRequest request) {
        return PlanResponse.of(plans.plan(request.question(clock)), request.designs());
    }
}
