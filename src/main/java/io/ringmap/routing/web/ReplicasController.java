package io.ringmap.routing.web;

import io.ringmap.hits.web.HitCounting;
import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.web.JsonBodyProblems;
import io.ringmap.web.KeyJson;
import io.ringmap.web.KeyParameters;
import io.ringmap.consistency.ReplicaConsistency;
import io.ringmap.snapshot.web.SnapshotAnswer;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.ReplicaLookup;
import io.ringmap.routing.Routes;
import io.ringmap.routing.ReplicaRoute;
import io.ringmap.routing.RoutingService;
import io.ringmap.routing.TokenRoutes;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.web.KeyProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.Explode;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.enums.ParameterStyle;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.MediaType;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/** {@code /replicas}: a key or a token to its replica set, as Cassandra places it. */
@RestController
@Tag(name = "replicas", description = "Key or token to replicas, as nodetool getendpoints answers")
public class ReplicasController {

    /** GET /replicas' own parameters; every other one is a key column. */
    public static final KeyParameters PARAMETERS = KeyParameters.reserving("keyspace", "table", "token", "dc",
            "consistency");

    private final RoutingService routing;
    private final HitCounting hitCounting;
    private final SingleKeyAnswers singleKey;

    /** @param hitCounting whose lookups count as hits; every caller's when there is none (no caller identity) */
    public ReplicasController(RoutingService routing, ObjectProvider<HitCounting> hitCounting) {
        this.routing = routing;
        this.hitCounting = hitCounting.getIfAvailable(HitCounting::everyCaller);
        this.singleKey = new SingleKeyAnswers(routing, this.hitCounting);
    }

    /** One key's or token's replicas. */
    @Schema(description = "The replicas of one partition key or token")
    public record ReplicasResponse(
            @Schema(example = "iot") String keyspace,
            @Schema(description = "Set when a key was given", example = "readings", nullable = true) String table,
            @Schema(description = "The key's components in canonical text (when a key was given)", nullable = true)
            Map<String, String> key,
            @Schema(example = "1523456789012345678") String token,
            @Schema(example = "Murmur3Partitioner") String partitioner,
            @Schema(description = "The node-owned range holding the token") RangeView range,
            @Schema(description = "Replicas in placement order, the primary first")
            @JsonSerialize(using = ReplicaViews.Writer.class) List<ReplicaView> replicas,
            @Schema(description = "Replica addresses grouped by data centre")
            Map<String, List<String>> replicasByDatacenter,
            @Schema(description = "True for LocalStrategy keyspaces: the data lives on the node serving the request")
            boolean nodeLocal,
            @Schema(description = "Placement warnings, e.g. a DC with fewer nodes than its RF")
            List<String> warnings,
            @Schema(description = "With consistency=...: what a read and a write at that level need from these "
                    + "replicas per DC, how many are live, and whether they can succeed", nullable = true)
            ReplicaConsistency consistency,
            SnapshotView snapshot,
            @Schema(description = "Pending replicas: nodes gaining this token's range while the ring changes (joining, "
                    + "or taking over from a leaving or moving node). Writes go to them too and wait for them "
                    + "(blockFor plus each pending replica); reads never do. Empty when no range is in motion")
            List<ReplicaView> pendingReplicas) implements SnapshotAnswer {

        /** The answer for a key of {@code table} (null for a token), only replicas in {@code dc} when given. */
        static ReplicasResponse of(ReplicaRoute r, String table, String dc) {
            ServedSnapshot served = r.snapshot();
            ReplicaViews replicas = ReplicaViews.of(served.tokenRing(), r.lookup().replicas(), dc);
            return new ReplicasResponse(r.placement().keyspace(), table, r.key() == null ? null
                    : r.key().keyByColumn(), r.token().toString(), served.partitioner().name(),
                    RangeView.of(r.lookup().range()), replicas, replicas.addressesByDatacenter(),
                    r.placement().nodeLocal(), r.placement().warnings(), r.consistency(), SnapshotView.of(served),
                    r.pending().stream().filter(n -> dc == null || n.datacenter().equals(dc))
                            .map(n -> ReplicaView.of(n, true)).toList());
        }
    }

    /** Request bodies Swagger UI's Try it out sends as they are, each answering on the bundled sample. */
    static final String KEY_EXAMPLE = "{\"keyspace\": \"iot\", \"table\": \"readings\", "
            + "\"key\": {\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}}";
    static final String BATCH_KEYS_EXAMPLE = "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": ["
            + "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}, "
            + "{\"sensor_id\": \"sensor-18\", \"day\": \"2026-10-01\"}]}";
    static final String BATCH_TOKENS_EXAMPLE = "{\"keyspace\": \"iot\", \"tokens\": [\"1523456789012345678\", "
            + "\"-9223372036854775807\"]}";

    /** One key of a table, in a JSON body: the single-key form that generated clients call. */
    @Schema(description = "One partition key of a table, with the optional data centre and consistency level of "
            + "GET /replicas")
    public record ReplicasKeyRequest(
            @NotBlank @Schema(example = "iot") String keyspace,
            @NotBlank @Schema(example = "readings") String table,
            @NotNull @Schema(description = "The key as a {column: value} map",
                    example = "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}")
            Map<String, String> key,
            @Schema(description = "Only replicas in this data centre; with a LOCAL_* consistency, the coordinator's",
                    nullable = true) String dc,
            @Schema(description = "A consistency level, as consistency= of GET /replicas", nullable = true)
            String consistency) {
    }

    /** A batch of keys of one table, or of tokens. */
    @Schema(description = "A batch of keys of one table, or a batch of tokens (give keys with table, or tokens)")
    public record ReplicasBatchRequest(
            @NotBlank @Schema(example = "iot") String keyspace,
            @Schema(example = "readings", nullable = true) String table,
            @Schema(description = "Keys as {column: value} maps", nullable = true,
                    example = "[{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}]")
            @JsonDeserialize(contentUsing = KeyJson.Reader.class) List<Map<String, String>> keys,
            @Schema(description = "Tokens as strings", nullable = true, example = "[\"1523456789012345678\"]")
            List<String> tokens,
            @Schema(description = "Only replicas in this data centre", nullable = true) String dc) {
    }

    /** One key or token of a batch. */
    public record ReplicasResult(Map<String, String> key, String token, RangeView range,
            @JsonSerialize(using = ReplicaViews.Writer.class) List<ReplicaView> replicas) {

        /** A batch item; {@code dc} was checked once for the batch ({@link RoutingService#requireDatacenter}). */
        static ReplicasResult of(ServedSnapshot served, Map<String, String> key, String token, ReplicaLookup lookup,
                String dc) {
            return new ReplicasResult(key, token, RangeView.of(lookup.range()),
                    ReplicaViews.of(served.tokenRing(), lookup.replicas(), dc));
        }
    }

    /** The replicas of a batch, in request order. */
    public record ReplicasBatchResponse(String keyspace, String table, String partitioner, boolean nodeLocal,
            List<String> warnings, @JsonSerialize(using = ReplicasResults.Writer.class) List<ReplicasResult> results,
            SnapshotView snapshot) {
    }

    /** One key or token of a compact batch answer: its replicas as indexes into the answer's {@code replicas}. */
    @Schema(description = "One key or token of a compact batch answer")
    public record CompactResult(
            @Schema(description = "The key's components in canonical text (when keys were given)", nullable = true)
            Map<String, String> key,
            @Schema(example = "1523456789012345678") String token,
            @Schema(description = "The node-owned range holding the token") RangeView range,
            @Schema(description = "Replicas in placement order, the primary first, as indexes into the answer's "
                    + "replicas", example = "[0, 1, 2]") List<Integer> replicas) {
    }

    /** The replicas of a batch, each distinct replica listed once and each key referring to them. */
    @Schema(description = "A batch answer of POST /replicas in compact form: the same replicas, each listed once")
    public record ReplicasCompactBatchResponse(String keyspace, String table, String partitioner, boolean nodeLocal,
            List<String> warnings,
            @Schema(description = "The distinct replicas of the batch (a node once as a full and once as a transient "
                    + "replica, if it is both), in order of first use; results refer to them by index")
            @JsonSerialize(using = ReplicaViews.Writer.class) List<ReplicaView> replicas,
            @Schema(description = "In request order")
            @JsonSerialize(using = CompactResults.Writer.class) List<CompactResult> results,
            SnapshotView snapshot) {
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_TOKEN, detail = SampleProblems.INVALID_TOKEN)
    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER,
            detail = "data centre 'mars' has no nodes in the ring; known: [dc1, dc2]")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_CONSISTENCY_LEVEL, detail = SampleProblems.UNKNOWN_CONSISTENCY_LEVEL)
    @ProblemAnswer(kind = ProblemKind.LOCAL_DATACENTER_REQUIRED, detail = SampleProblems.LOCAL_DATACENTER_REQUIRED)
    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.TABLE_PARTITIONER, detail = SampleProblems.TABLE_PARTITIONER)
    @ProblemAnswer(kind = ProblemKind.NO_SNAPSHOT, detail = SampleProblems.NO_SNAPSHOT)
    @KeyProblems
    @GetMapping(path = "/replicas", produces = "application/json")
    @Operation(summary = "Replicas of one partition key or token",
            description = "Either token=..., or table=... with every partition key column as column=value. "
                    + "On the bundled sample, keyspace=iot&token=1523456789012345678 gives 127.0.0.3, 127.0.0.4, "
                    + "127.0.0.1. Generated clients give a key with POST /replicas/key (a free-form exploded query "
                    + "object does not generate well) and leave the key argument null.")
    // most plain requests are answered ahead of this handler, by the same SingleKeyAnswers, by the single-key filter
    // (io.ringmap.routing.web.fastpath); this handler answers what the filter leaves (and everything when it is
    // off). Lean all the same: the parameters are read once from the container's map (a @RequestParam each, or a
    // MultiValueMap argument, made Spring MVC build binders and ResolvableTypes per request) and the answer's content
    // type is set here, so Spring MVC writes it without negotiating (docs/performance.md, "Single key")
    @Parameter(name = "keyspace", in = ParameterIn.QUERY, required = true, description = "Keyspace",
            example = "iot", schema = @Schema(type = "string"))
    @Parameter(name = "table", in = ParameterIn.QUERY, description = "Table (with key columns)",
            example = "readings", schema = @Schema(type = "string"))
    @Parameter(name = "token", in = ParameterIn.QUERY, description = "A token instead of a key, as a string (e.g. "
            + "1523456789012345678); no example value, so Swagger UI's Try it out sends the key and not both",
            schema = @Schema(type = "string"))
    @Parameter(name = "dc", in = ParameterIn.QUERY, description = "Only replicas in this data centre; with a "
            + "LOCAL_* consistency, the coordinator's (default spring.cassandra.local-datacenter)",
            schema = @Schema(type = "string"))
    @Parameter(name = "consistency", in = ParameterIn.QUERY, description = "A consistency level: ANY (writes), ONE, "
            + "TWO, THREE, QUORUM, ALL, LOCAL_QUORUM, EACH_QUORUM, SERIAL, LOCAL_SERIAL, LOCAL_ONE (e.g. LOCAL_QUORUM "
            + "with dc=dc1); no example value, so Swagger UI's Try it out leaves it out",
            schema = @Schema(type = "string"))
    @Parameter(name = "key", in = ParameterIn.QUERY, style = ParameterStyle.FORM, explode = Explode.TRUE,
            description = "Partition key columns as column=value pairs (with table); the form for curl and Swagger "
                    + "UI",
            schema = @Schema(type = "object", additionalPropertiesSchema = String.class),
            examples = @ExampleObject(name = "reference", value = "{\"sensor_id\": \"sensor-17\", \"day\": "
                    + "\"2026-10-01\"}"))
    public ReplicasResponse replicas(HttpServletRequest request, HttpServletResponse response)
            throws MissingServletRequestParameterException {
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
    @ProblemAnswer(kind = ProblemKind.NO_SNAPSHOT, detail = SampleProblems.NO_SNAPSHOT)
    @JsonBodyProblems
    @KeyProblems
    @PostMapping(path = "/replicas/key", consumes = "application/json", produces = "application/json")
    @Operation(summary = "Replicas of one partition key, given in the body",
            description = "The same answer as GET /replicas with table and key columns, the key as a {column: value} "
                    + "map in a JSON body: the form generated clients call.")
    public ReplicasResponse replicasOfKey(@io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
            mediaType = "application/json", examples = @ExampleObject(name = "reference", value = KEY_EXAMPLE)))
            @Valid @RequestBody ReplicasKeyRequest request) {
        return ReplicasResponse.of(routing.replicasOfKey(request.keyspace(), request.table(), request.key(),
                request.dc(), request.consistency(), hitCounting.counts()), request.table(), request.dc());
    }

    @ReplicaBatchProblems
    @PostMapping(path = "/replicas", consumes = "application/json", produces = "application/json")
    @Operation(summary = "Replicas of a batch of keys of one table, or of tokens",
            description = "All items are validated first: one bad item rejects the batch (400 naming its index). "
                    + "At most ringmap.api.max-batch-size items (413 beyond).")
    public ReplicasBatchResponse replicasBatch(@io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
            mediaType = "application/json", examples = {@ExampleObject(name = "keys", value = BATCH_KEYS_EXAMPLE),
                @ExampleObject(name = "tokens", value = BATCH_TOKENS_EXAMPLE)}))
            @Valid @RequestBody ReplicasBatchRequest request,
            HttpServletResponse response) {
        BatchResponses.buffer(response);
        boolean byKeys = request.keys() != null;
        boolean byTokens = request.tokens() != null;
        if (byKeys == byTokens) {
            throw new InvalidParameterException(byKeys ? "tokens" : "keys",
                    "give either keys (with table) or tokens, not both and not neither");
        }
        if (byKeys && (request.table() == null || request.table().isBlank())) {
            throw new InvalidParameterException("table", "keys need the table they belong to");
        }
        ServedSnapshot served;
        KeyspacePlacement.Placed placement;
        List<ReplicasResult> results;
        if (byKeys) {
            Routes routes = routing.replicasOfKeys(request.keyspace(), request.table(), request.keys(), request.dc(),
                    hitCounting.counts());
            served = routes.snapshot();
            placement = routes.placement();
            results = ReplicasResults.ofKeys(served, routes.keys(), request.dc());
        } else {
            TokenRoutes routes = routing.replicasOfTokens(request.keyspace(), request.tokens(), request.dc());
            served = routes.snapshot();
            placement = routes.placement();
            results = ReplicasResults.ofTokens(served, routes.tokens(), request.dc());
        }
        return new ReplicasBatchResponse(placement.keyspace(), request.table(), served.partitioner().name(),
                placement.nodeLocal(), placement.warnings(), results, SnapshotView.of(served));
    }

    @ReplicaBatchProblems
    @PostMapping(path = "/replicas/compact", consumes = "application/json", produces = "application/json")
    @Operation(summary = "Replicas of a batch of keys or tokens, each distinct replica listed once",
            description = "The request and the answers of POST /replicas, in a smaller form for large batches: "
                    + "replicas lists every distinct replica of the batch once (in order of first use) and each "
                    + "result's replicas are indexes into it. Expanding them gives POST /replicas' answer exactly. "
                    + "Same validation and limits as POST /replicas.")
    public ReplicasCompactBatchResponse replicasBatchCompact(@io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(mediaType = "application/json", examples = {
                @ExampleObject(name = "keys", value = BATCH_KEYS_EXAMPLE),
                @ExampleObject(name = "tokens", value = BATCH_TOKENS_EXAMPLE)}))
            @Valid @RequestBody ReplicasBatchRequest request,
            HttpServletResponse response) {
        ReplicasBatchResponse full = replicasBatch(request, response);
        CompactResults compact = new CompactResults((ReplicasResults) full.results());
        return new ReplicasCompactBatchResponse(full.keyspace(), full.table(), full.partitioner(), full.nodeLocal(),
                full.warnings(), compact.replicas(), compact, full.snapshot());
    }
}
