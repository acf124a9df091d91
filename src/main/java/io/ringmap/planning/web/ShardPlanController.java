package io.ringmap.planning.web;

import io.ringmap.planning.PlanException;
import io.ringmap.planning.ShardPlanner;
import io.ringmap.planning.service.KeyHashing;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.RoutingService;
import io.ringmap.schema.TableSchema;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.web.InvalidParameterException;
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
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /plan/shards} and {@code POST /plan/shards}: how many shards a hot key needs and where they land. */
@RestController
@Tag(name = "plan")
public class ShardPlanController {

    private static final Set<String> RESERVED = Set.of("keyspace", "table", "shardColumn", "load", "target", "count",
            "candidates");

    private final RoutingService routing;

    public ShardPlanController(RoutingService routing) {
        this.routing = routing;
    }

    /** One shard key. */
    public record ShardKeyView(String shard, String token, List<String> replicas) {
    }

    /** How far a set of shard keys spreads. */
    public record SpreadView(Map<String, Integer> nodesByDatacenter, Map<String, Integer> replicaSetsByDatacenter,
            int nodes, int replicaSets) {
    }

    /** The question in a JSON body: the form generated clients call. */
    @Schema(description = "A hot key's other partition key columns, its shard column, and load and target or count")
    public record ShardsRequest(
            @NotBlank @Schema(example = "iot") String keyspace,
            @NotBlank @Schema(example = "readings") String table,
            @NotNull @Schema(description = "The key's columns except the shard column, as a {column: value} map",
                    example = "{\"day\": \"2026-10-01\"}") Map<String, String> key,
            @NotBlank @Schema(description = "The shard column (an integer or text column of the partition key)",
                    example = "sensor_id") String shardColumn,
            @Schema(description = "The key's rate or size now (any unit)", nullable = true, example = "480000")
            Double load,
            @Schema(description = "The most per shard (same unit)", nullable = true, example = "100000") Double target,
            @Schema(description = "A shard count instead of load and target", nullable = true) Integer count,
            @Schema(description = "Shard values searched for the widest spread (default 4 x count, at most 4096)",
                    nullable = true) Integer candidates) {
    }

    /** The answer. */
    public record ShardsResponse(String keyspace, String table, Map<String, String> key, String shardColumn,
            @Schema(description = "Shards needed: ceil(load / target), or the count given") int count,
            @Schema(description = "Shard values 0..count-1") List<ShardKeyView> sequential, SpreadView sequentialSpread,
            @Schema(description = "Shard values chosen among the first candidates to reach the most nodes")
            List<ShardKeyView> spread, SpreadView spreadSpread, int candidatesSearched, int nodesInRing) {
    }

    @GetMapping(path = "/plan/shards", produces = "application/json")
    @Operation(summary = "Shards for a hot key: the count under a target, each shard key's token and replicas",
            description = "Give the table, its key columns except the shard column as column=value, the shard column,"
                    + " and either load and target (count = ceil(load / target)) or count. The shard keys are hashed"
                    + " as /token does. Example: keyspace=hot&table=events&item=celebrity&shardColumn=shard&load="
                    + "480000&target=100000 needs 5 shards. The form for curl and Swagger UI: code generators cannot "
                    + "express a free-form exploded query object, so the operation is marked x-internal and generated "
                    + "clients call POST /plan/shards instead.",
            extensions = @Extension(properties = @ExtensionProperty(name = "internal", value = "true",
                    parseValue = true)))
    @Parameter(name = "key", in = ParameterIn.QUERY, style = ParameterStyle.FORM, explode = Explode.TRUE,
            description = "The key's columns except the shard column, as column=value pairs",
            schema = @Schema(type = "object", additionalPropertiesSchema = String.class),
            examples = @ExampleObject(name = "sample", value = "{\"day\": \"2026-10-01\"}"))
    public ShardsResponse shards(
            @Parameter(description = "Keyspace") @RequestParam String keyspace,
            @Parameter(description = "Table whose partition key has the shard column") @RequestParam String table,
            @Parameter(description = "The shard column (an integer or text column of the partition key)")
            @RequestParam String shardColumn,
            @Parameter(description = "The key's rate or size now (any unit)") @RequestParam(required = false)
            Double load,
            @Parameter(description = "The most per shard (same unit)") @RequestParam(required = false) Double target,
            @Parameter(description = "A shard count instead of load and target") @RequestParam(required = false)
            Integer count,
            @Parameter(description = "Shard values searched for the widest spread (default 4 x count, at most "
                    + "4096)") @RequestParam(required = false) Integer candidates,
            @Parameter(hidden = true) @RequestParam MultiValueMap<String, String> params) {
        Map<String, String> key = new LinkedHashMap<>();
        params.forEach((name, values) -> {
            if (!RESERVED.contains(name)) {
                key.put(name.startsWith("pk.") ? name.substring(3) : name, values.get(0));
            }
        });
        return plan(keyspace, table, key, shardColumn, load, target, count, candidates);
    }

    @PostMapping(path = "/plan/shards", consumes = "application/json", produces = "application/json")
    @Operation(summary = "Shards for a hot key, the question in the body",
            description = "The same answer as GET /plan/shards, the key's other columns as a {column: value} map in "
                    + "a JSON body: the form generated clients call.")
    public ShardsResponse shardsOfKey(@Valid @RequestBody ShardsRequest request) {
        return plan(request.keyspace(), request.table(), request.key(), request.shardColumn(), request.load(),
                request.target(), request.count(), request.candidates());
    }

    private ShardsResponse plan(String keyspace, String table, Map<String, String> key, String shardColumn,
            Double load, Double target, Integer count, Integer candidates) {
        ServedSnapshot f = routing.snapshot();
        TableSchema schema = routing.table(f, keyspace, table);
        KeyspacePlacement.Placed placement = routing.placement(f, keyspace);
        if (!schema.columnNames().contains(shardColumn)) {
            throw new InvalidParameterException("shardColumn", "'" + shardColumn + "' is not a partition key column "
                    + "of " + keyspace + "." + table + "; columns: " + schema.columnNames());
        }
        int n;
        if (count != null) {
            n = count;
        } else if (load != null && target != null) {
            n = ShardPlanner.countFor(load, target);
        } else {
            throw new InvalidParameterException("count", "give count, or load and target");
        }
        if (n < 1 || n > 1024) {
            throw new PlanException(PlanException.Kind.PLAN_TOO_LARGE, "count", n
                    + " shards; a shard plan has 1 to 1024");
        }
        int searched = candidates == null ? Math.min(4096, 4 * n) : candidates;
        if (searched < n || searched > 4096) {
            throw new InvalidParameterException("candidates", "candidates must be from count (" + n + ") to 4096");
        }
        if (key.containsKey(shardColumn)) {
            throw new InvalidParameterException(shardColumn, "leave the shard column out: its values are planned");
        }
        TokenRing ring = f.tokenRing();
        ShardPlanner.ShardPlan plan = ShardPlanner.plan(n, searched, v -> {
            Map<String, String> values = new LinkedHashMap<>(key);
            values.put(shardColumn, Long.toString(v));
            return KeyHashing.token(ring.partitioner(), schema, values);
        }, f.ring(), placement);
        return new ShardsResponse(placement.keyspace(), table, key, shardColumn, n, views(plan.sequential(), ring),
                spread(plan.sequentialSpread()), views(plan.chosen(), ring), spread(plan.chosenSpread()),
                plan.candidatesSearched(), ring.nodes().size());
    }

    private static List<ShardKeyView> views(List<ShardPlanner.ShardKey> keys, TokenRing ring) {
        return keys.stream().map(k -> new ShardKeyView(Long.toString(k.value()), k.token().toString(),
                Arrays.stream(k.replicas()).mapToObj(i -> ring.nodes().get(i).address()).toList())).toList();
    }

    private static SpreadView spread(ShardPlanner.Spread s) {
        return new SpreadView(s.nodesByDatacenter(), s.replicaSetsByDatacenter(), s.nodes(), s.replicaSets());
    }
}
