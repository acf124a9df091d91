package io.ringmap.planning.web;

import io.ringmap.planning.LayoutMode;
import io.ringmap.planning.PlanException;
import io.ringmap.planning.service.TokenPlanService;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.problem.ProblemKind;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.web.JsonBodyProblems;
import io.ringmap.web.KeyProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code /tokens/balanced} and {@code /tokens/evaluate}: initial tokens per DC, and what a token layout would own. */
@RestController
@Tag(name = "plan")
public class TokenPlanController {

    private final TokenPlanService tokens;

    public TokenPlanController(TokenPlanService tokens) {
        this.tokens = tokens;
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = "nodes 'dc1' is not dc:count[,dc:count...]")
    @ProblemAnswer(kind = ProblemKind.INVALID_GENERATOR, detail = "data centre 'dc1' needs at least 1 node, was 0")
    @ProblemAnswer(kind = ProblemKind.PLAN_TOO_LARGE, detail = SampleProblems.TOO_MANY_NODES)
    @SnapshotProblems
    @GetMapping(path = "/tokens/balanced", produces = "application/json")
    @Operation(
            summary = "initial_token for N nodes per data centre, each DC dividing the ring evenly",
            description = "Murmur3 and Random: node k of DC d (of D DCs, N_d nodes) gets min + range * (k + (d + "
                    + "1/2) / D) / N_d: even within each DC, DCs interleaved, no collisions. For ByteOrdered use "
                    + "POST with a sample of real keys. nodes=dc1:2,dc2:2 gives dc1 -6917529027641081856, "
                    + "2305843009213693952 and dc2 -2305843009213693952, 6917529027641081856. At most "
                    + "ringmap.plan.max-nodes nodes over all DCs (413 beyond).")
    public BalancedResponse balanced(@ParameterObject BalancedParameters parameters) {
        return BalancedResponse.of(tokens.balanced(parameters.perDc(), parameters.partitioner()));
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_GENERATOR, detail = "give nodes per data centre, e.g. dc1:3,dc2:3")
    @ProblemAnswer(kind = ProblemKind.PLAN_TOO_LARGE, detail = SampleProblems.TOO_MANY_NODES)
    @SnapshotProblems
    @JsonBodyProblems
    @KeyProblems
    @PostMapping(path = "/tokens/balanced", consumes = "application/json", produces = "application/json")
    @Operation(
            summary = "initial_token per DC at the quantiles of a sample of real keys (ByteOrdered)",
            description = "The sample keys are serialized and hashed as /token does (ByteOrdered: the key bytes). At "
                    + "most ringmap.plan.max-nodes nodes over all DCs and ringmap.plan.max-sample-keys keys (413 "
                    + "beyond).")
    public BalancedResponse balancedFromSample(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            examples =
                                                    @ExampleObject(
                                                            name = "sample",
                                                            value =
                                                                    "{\"nodes\": "
                                                                            + "{\"dc1\": 2, \"dc2\": 2}, \"sample\": {\"keyspace\": \"iot\", \"table\": \"readings\", "
                                                                            + "\"keys\": [{\"sensor_id\": \"sensor-1\", \"day\": \"2026-10-01\"}, {\"sensor_id\": "
                                                                            + "\"sensor-2\", \"day\": \"2026-10-01\"}, {\"sensor_id\": \"sensor-3\", \"day\": "
                                                                            + "\"2026-10-02\"}, {\"sensor_id\": \"sensor-4\", \"day\": \"2026-10-02\"}]}}")))
                    @RequestBody
                    BalancedRequest request) {
        if (request.nodes() == null) {
            throw new PlanException(ProblemKind.INVALID_GENERATOR, "nodes", "give nodes per data centre");
        }
        SampleBody sample = request.sample();
        return BalancedResponse.of(
                sample == null || sample.keys() == null
                        ? tokens.balanced(request.nodes(), request.partitioner(), null, null, null)
                        : tokens.balanced(
                                request.nodes(),
                                request.partitioner(),
                                sample.keyspace(),
                                sample.table(),
                                sample.keys()));
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_TOKEN, detail = SampleProblems.INVALID_TOKEN)
    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = "mode 'swap' is not add or replace")
    @SnapshotProblems
    @JsonBodyProblems
    @PostMapping(path = "/tokens/evaluate", consumes = "application/json", produces = "application/json")
    @Operation(
            summary = "Ownership and effective ownership per keyspace of a proposed token layout",
            description = "mode=add: the nodes join the served ring; mode=replace: they are the whole ring. Every "
                    + "keyspace of the served snapshot is placed as Cassandra places it. At most "
                    + "ringmap.plan.max-layout-tokens tokens in the evaluated ring (413 beyond).")
    public EvaluateResponse evaluate(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            examples =
                                                    @ExampleObject(
                                                            name = "add",
                                                            value =
                                                                    "{\"mode\": \"add\", "
                                                                            + "\"nodes\": [{\"address\": \"127.0.0.5\", \"datacenter\": \"dc1\", \"rack\": \"rack1\", "
                                                                            + "\"tokens\": [\"-6917529027641081856\"]}, {\"address\": \"127.0.0.6\", \"datacenter\": "
                                                                            + "\"dc2\", \"rack\": \"rack1\", \"tokens\": [\"2305843009213693952\"]}]}")))
                    @RequestBody
                    EvaluateRequest request) {
        LayoutMode mode = LayoutMode.of(request.mode());
        if (request.nodes() == null || request.nodes().isEmpty()) {
            throw new InvalidParameterException("nodes", "give the proposed nodes with their tokens");
        }
        return EvaluateResponse.of(tokens.evaluate(
                mode, request.nodes().stream().map(ProposedNode::proposal).toList()));
    }
}
