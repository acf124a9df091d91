package io.ringmap.routing.web;

import io.ringmap.hits.web.HitCounting;
import io.ringmap.problem.ProblemKind;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.web.JsonBodyProblems;
import io.ringmap.web.KeyProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code /replicas}: a key or a token to its replica set, as Cassandra places it. */
@RestController
@Tag(name = "replicas", description = "Key or token to replicas, as nodetool getendpoints answers")
public class ReplicasController {

    private final RoutingService routing;
    private final HitCounting hitCounting;
    private final SingleKeyAnswers singleKey;

    /** @param hitCounting whose lookups count as hits; every caller's when there is none (no caller identity) */
    public ReplicasController(RoutingService routing, ObjectProvider<HitCounting> hitCounting) {
        this.routing = routing;
        this.hitCounting = hitCounting.getIfAvailable(HitCounting::everyCaller);
        this.singleKey = new SingleKeyAnswers(routing, this.hitCounting);
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_TOKEN, detail = SampleProblems.INVALID_TOKEN)
    @ProblemAnswer(
            kind = ProblemKind.INVALID_PARAMETER,
            detail = "data centre 'mars' has no nodes in the ring; known: [dc1, dc2]")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_CONSISTENCY_LEVEL, detail = SampleProblems.UNKNOWN_CONSISTENCY_LEVEL)
    @ProblemAnswer(kind = ProblemKind.LOCAL_DATACENTER_REQUIRED, detail = SampleProblems.LOCAL_DATACENTER_REQUIRED)
    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.TABLE_PARTITIONER, detail = SampleProblems.TABLE_PARTITIONER)
    @SnapshotProblems
    @KeyProblems
    @GetMapping(path = "/replicas", produces = "application/json")
    @Operation(
            summary = "Replicas of one partition key or token",
            description = "Either token=..., or table=... with every partition key column as column=value. "
                    + "On the bundled sample, keyspace=iot&token=1523456789012345678 gives 127.0.0.3, 127.0.0.4, "
                    + "127.0.0.1. Generated clients give a key with POST /replicas/key (a free-form exploded query "
                    + "object does not generate well) and leave the key argument null.")
    // most plain requests are answered ahead of this handler, by the same SingleKeyAnswers, by the single-key filter
    // (io.ringmap.routing.web.fastpath); this handler answers what the filter leaves (and everything when it is
    // off). Lean all the same: the parameters are read once from the container's map (a parameter record, a
    // @RequestParam each or a MultiValueMap argument makes Spring MVC build binders and ResolvableTypes per request;
    // the
    // key's columns, named by the table, are no record's components) and the answer's content
    // type is set here, so Spring MVC writes it without negotiating (docs/performance.md, "Single key")
    @ReplicasQueryParameters
    public ReplicasResponse replicas(HttpServletRequest request, HttpServletResponse response) {
        ReplicasResponse answer = singleKey.replicas(request.getParameterMap());
        // the servlet response's type is what Spring MVC's converters see as preset; not a ResponseEntity, whose
        // handler flushes the response before Tomcat can count its length (a chunked answer, and a compression check)
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        return answer;
    }

    @ProblemAnswer(kind = ProblemKind.KEY_TOO_LARGE, detail = SampleProblems.KEY_TOO_LARGE)
    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.BLANK_KEYSPACE_FIELD)
    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.TABLE_PARTITIONER, detail = SampleProblems.TABLE_PARTITIONER)
    @SnapshotProblems
    @JsonBodyProblems
    @KeyProblems
    @PostMapping(path = "/replicas/key", consumes = "application/json", produces = "application/json")
    @Operation(
            summary = "Replicas of one partition key, given in the body",
            description = "The same answer as GET /replicas with table and key columns, the key as a {column: value} "
                    + "map in a JSON body: the form generated clients call.")
    public ReplicasResponse replicasOfKey(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            examples =
                                                    @ExampleObject(
                                                            name = "reference",
                                                            value = ReplicasKeyRequest.EXAMPLE)))
                    @Valid
                    @RequestBody
                    ReplicasKeyRequest request) {
        return ReplicasResponse.of(
                routing.replicasOfKey(
                        request.keyspace(),
                        request.table(),
                        request.key(),
                        request.dc(),
                        request.consistency(),
                        hitCounting.counts()),
                request.table(),
                request.dc());
    }

    @ReplicaBatchProblems
    @PostMapping(path = "/replicas", consumes = "application/json", produces = "application/json")
    @Operation(
            summary = "Replicas of a batch of keys of one table, or of tokens",
            description = "All items are validated first: one bad item rejects the batch (400 naming its index). "
                    + "At most ringmap.api.max-batch-size items (413 beyond).")
    public ReplicasBatchResponse replicasBatch(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            examples = {
                                                @ExampleObject(
                                                        name = "keys",
                                                        value = ReplicasBatchRequest.KEYS_EXAMPLE),
                                                @ExampleObject(
                                                        name = "tokens",
                                                        value = ReplicasBatchRequest.TOKENS_EXAMPLE)
                                            }))
                    @Valid
                    @RequestBody
                    ReplicasBatchRequest request,
            HttpServletResponse response) {
        BatchResponses.buffer(response);
        return ReplicasBatchResponse.of(batch(request));
    }

    @ReplicaBatchProblems
    @PostMapping(path = "/replicas/compact", consumes = "application/json", produces = "application/json")
    @Operation(
            summary = "Replicas of a batch of keys or tokens, each distinct replica listed once",
            description = "The request and the answers of POST /replicas, in a smaller form for large batches: "
                    + "replicas lists every distinct replica of the batch once (in order of first use) and each "
                    + "result's replicas are indexes into it. Expanding them gives POST /replicas' answer exactly. "
                    + "Same validation and limits as POST /replicas.")
    public ReplicasCompactBatchResponse replicasBatchCompact(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            examples = {
                                                @ExampleObject(
                                                        name = "keys",
                                                        value = ReplicasBatchRequest.KEYS_EXAMPLE),
                                                @ExampleObject(
                                                        name = "tokens",
                                                        value = ReplicasBatchRequest.TOKENS_EXAMPLE)
                                            }))
                    @Valid
                    @RequestBody
                    ReplicasBatchRequest request,
            HttpServletResponse response) {
        BatchResponses.buffer(response);
        return ReplicasCompactBatchResponse.of(batch(request));
    }

    /** The routes of a batch of keys (counted as the caller's hits) or of tokens. */
    private ReplicasResults batch(ReplicasBatchRequest request) {
        if (request.byKeys()) {
            return ReplicasResults.ofKeys(
                    routing.replicasOfKeys(
                            request.keyspace(), request.table(), request.keys(), request.dc(), hitCounting.counts()),
                    request.table(),
                    request.dc());
        }
        return ReplicasResults.ofTokens(
                routing.replicasOfTokens(request.keyspace(), request.tokens(), request.dc()), request.dc());
    }
}
