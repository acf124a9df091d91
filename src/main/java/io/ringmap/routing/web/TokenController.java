package io.ringmap.routing.web;

import io.ringmap.hits.web.HitCounting;
import io.ringmap.problem.ProblemKind;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.Routes;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.web.JsonBodyProblems;
import io.ringmap.web.KeyParameters;
import io.ringmap.web.KeyProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.ringmap.web.TableParameters;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.Explode;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.enums.ParameterStyle;
import io.swagger.v3.oas.annotations.extensions.Extension;
import io.swagger.v3.oas.annotations.extensions.ExtensionProperty;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code /token}: partition key values to the token Cassandra computes. */
@RestController
@Tag(name = "token", description = "Partition key to token, exactly as SELECT token(...) computes it")
public class TokenController {

    /** GET /token's own parameters; every other one is a key column. */
    public static final KeyParameters PARAMETERS = KeyParameters.reserving("keyspace", "table");

    private static final HexFormat HEX = HexFormat.of();

    private final RoutingService routing;
    private final HitCounting hitCounting;

    /** @param hitCounting whose lookups count as hits; every caller's when there is none (no caller identity) */
    public TokenController(RoutingService routing, ObjectProvider<HitCounting> hitCounting) {
        this.routing = routing;
        this.hitCounting = hitCounting.getIfAvailable(HitCounting::everyCaller);
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.MISSING_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.TABLE_PARTITIONER, detail = SampleProblems.TABLE_PARTITIONER)
    @SnapshotProblems
    @KeyProblems
    @GetMapping(path = "/token", produces = "application/json")
    @Operation(
            summary = "Token of one partition key",
            description = "Give the keyspace, the table and every partition key column as a query parameter named "
                    + "by the column (prefix a column with 'pk.' if it is named keyspace or table). Values are "
                    + "parsed by the column's CQL type and serialized with the Cassandra driver's codecs. The form for "
                    + "curl and Swagger UI: code generators cannot express a free-form exploded query object, so the "
                    + "operation is marked x-internal and generated clients call POST /token/key instead.",
            extensions =
                    @Extension(properties = @ExtensionProperty(name = "internal", value = "true", parseValue = true)))
    @Parameter(
            name = "key",
            in = ParameterIn.QUERY,
            required = true,
            style = ParameterStyle.FORM,
            explode = Explode.TRUE,
            description = "Partition key columns as column=value pairs",
            schema = @Schema(type = "object", additionalPropertiesSchema = String.class),
            examples =
                    @ExampleObject(
                            name = "reference",
                            value = "{\"sensor_id\": \"sensor-17\", \"day\": " + "\"2026-10-01\"}"))
    public TokenResponse token(@ParameterObject TableParameters table, HttpServletRequest request) {
        return tokenOf(
                table.keyspace(),
                table.table(),
                PARAMETERS.read(request.getParameterMap()).key());
    }

    @ProblemAnswer(kind = ProblemKind.KEY_TOO_LARGE, detail = SampleProblems.KEY_TOO_LARGE)
    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.BLANK_KEYSPACE_FIELD)
    @ProblemAnswer(kind = ProblemKind.TABLE_PARTITIONER, detail = SampleProblems.TABLE_PARTITIONER)
    @SnapshotProblems
    @JsonBodyProblems
    @KeyProblems
    @PostMapping(path = "/token/key", consumes = "application/json", produces = "application/json")
    @Operation(
            summary = "Token of one partition key, given in the body",
            description = "The same answer as GET /token, with the key as a {column: value} map in a JSON body: the "
                    + "form generated clients call.")
    public TokenResponse tokenOfKey(@Valid @RequestBody TokenKeyRequest request) {
        return tokenOf(request.keyspace(), request.table(), request.key());
    }

    private TokenResponse tokenOf(String keyspace, String table, Map<String, String> key) {
        Routes routes = routing.route(keyspace, table, List.of(key), false, hitCounting.counts());
        KeyRoute r = routes.keys().get(0);
        return new TokenResponse(
                r.table().keyspace(),
                r.table().table(),
                routes.snapshot().partitioner().name(),
                r.keyByColumn(),
                r.token().toString(),
                HEX.formatHex(r.key().serializedKey()),
                SnapshotView.of(routes.snapshot()));
    }

    @ProblemAnswer(kind = ProblemKind.KEY_TOO_LARGE, detail = SampleProblems.KEY_TOO_LARGE)
    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.BLANK_KEYSPACE_FIELD)
    @ProblemAnswer(kind = ProblemKind.BATCH_TOO_LARGE, detail = SampleProblems.BATCH_TOO_LARGE)
    @ProblemAnswer(kind = ProblemKind.TABLE_PARTITIONER, detail = SampleProblems.TABLE_PARTITIONER)
    @SnapshotProblems
    @JsonBodyProblems
    @KeyProblems
    @PostMapping(path = "/token", consumes = "application/json", produces = "application/json")
    @Operation(
            summary = "Tokens of a batch of partition keys of one table",
            description = "All keys are validated first: one bad key rejects the batch (400 naming its index) and "
                    + "nothing of it is counted. At most ringmap.api.max-batch-size keys (413 beyond).")
    public TokenBatchResponse tokens(@Valid @RequestBody TokenBatchRequest request, HttpServletResponse response) {
        BatchResponses.buffer(response);
        Routes routes = routing.route(request.keyspace(), request.table(), request.keys(), false, hitCounting.counts());
        return new TokenBatchResponse(
                request.keyspace(),
                request.table(),
                routes.snapshot().partitioner().name(),
                new TokenResults(routes.keys()),
                SnapshotView.of(routes.snapshot()));
    }
}
