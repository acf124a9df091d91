package io.ringmap.planning.web;

import io.ringmap.planning.service.ShardPlanService;
import io.ringmap.problem.ProblemKind;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.web.JsonBodyProblems;
import io.ringmap.web.KeyParameters;
import io.ringmap.web.KeyProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.Explode;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.enums.ParameterStyle;
import io.swagger.v3.oas.annotations.extensions.Extension;
import io.swagger.v3.oas.annotations.extensions.ExtensionProperty;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /plan/shards} and {@code POST /plan/shards}: how many shards a hot key needs and where they land. */
@RestController
@Tag(name = "plan")
public class ShardPlanController {

    /** GET /plan/shards' own parameters; every other one is a column of the key. */
    public static final KeyParameters PARAMETERS = KeyParameters.reserving(
            "keyspace", "table", "shardColumn", "load", "target", "count", "candidates", "hotkey", "hotkeyTable");

    private final ShardPlanService shards;

    public ShardPlanController(ShardPlanService shards) {
        this.shards = shards;
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = "required parameter 'shardColumn' is missing")
    @ProblemAnswer(kind = ProblemKind.INVALID_GENERATOR, detail = SampleProblems.NO_SHARDS)
    @ProblemAnswer(kind = ProblemKind.PLAN_TOO_LARGE, detail = SampleProblems.TOO_MANY_SHARDS)
    @SnapshotProblems
    @HotKeyProblems
    @KeyProblems
    @GetMapping(path = "/plan/shards", produces = "application/json")
    @Operation(
            summary = "Shards for a hot key: the count under a target, each shard key's token and replicas",
            description = "Give the table, its key columns except the shard column as column=value (or hotkey= a"
                    + " label from GET /hotkeys), the shard column, and either load and target (count = ceil(load /"
                    + " target)) or count. With hotkey= and no load, the load is the key's estimate from /hotkeys"
                    + " (hits in the sketch window), so target is in hits per window too. The shard keys are hashed"
                    + " as /token does. Example on the bundled sample: keyspace=iot&table=readings&day=2026-10-01&"
                    + "shardColumn=sensor_id&load=480000&target=100000 needs 5 shards. The form for curl and Swagger UI: code generators cannot"
                    + " express a free-form exploded query object, so the operation is marked x-internal and generated"
                    + " clients call POST /plan/shards instead.",
            extensions =
                    @Extension(properties = @ExtensionProperty(name = "internal", value = "true", parseValue = true)))
    @Parameter(
            name = "key",
            in = ParameterIn.QUERY,
            style = ParameterStyle.FORM,
            explode = Explode.TRUE,
            description = "The key's columns except the shard column, as column=value pairs",
            schema = @Schema(type = "object", additionalPropertiesSchema = String.class),
            examples = @ExampleObject(name = "sample", value = "{\"day\": \"2026-10-01\"}"))
    public ShardsResponse shards(@ParameterObject ShardsParameters p, HttpServletRequest request) {
        return ShardsResponse.of(shards.plan(
                p.keyspace(),
                p.table(),
                PARAMETERS.read(request.getParameterMap()).key(),
                p.shardColumn(),
                p.load(),
                p.target(),
                p.count(),
                p.candidates(),
                p.hotkey(),
                p.hotkeyTable()));
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.BLANK_KEYSPACE_FIELD)
    @ProblemAnswer(kind = ProblemKind.INVALID_GENERATOR, detail = SampleProblems.NO_SHARDS)
    @ProblemAnswer(kind = ProblemKind.PLAN_TOO_LARGE, detail = SampleProblems.TOO_MANY_SHARDS)
    @SnapshotProblems
    @HotKeyProblems
    @JsonBodyProblems
    @KeyProblems
    @PostMapping(path = "/plan/shards", consumes = "application/json", produces = "application/json")
    @Operation(
            summary = "Shards for a hot key, the question in the body",
            description = "The same answer as GET /plan/shards, the key's other columns as a {column: value} map in "
                    + "a JSON body: the form generated clients call.")
    public ShardsResponse shardsOfKey(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            examples =
                                                    @ExampleObject(
                                                            name = "sample",
                                                            value =
                                                                    "{\"keyspace\": "
                                                                            + "\"iot\", \"table\": \"readings\", \"key\": {\"day\": \"2026-10-01\"}, \"shardColumn\": "
                                                                            + "\"sensor_id\", \"load\": 480000, \"target\": 100000}")))
                    @Valid
                    @RequestBody
                    ShardsRequest request) {
        return ShardsResponse.of(shards.plan(
                request.keyspace(),
                request.table(),
                request.key(),
                request.shardColumn(),
                request.load(),
                request.target(),
                request.count(),
                request.candidates(),
                request.hotkey(),
                request.hotkeyTable()));
    }
}
