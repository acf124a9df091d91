package io.ringmap.web;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.ReplicaLookup;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.ServedSnapshot;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.Explode;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.enums.ParameterStyle;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import java.util.ArrayList;
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

/** {@code /replicas}: a key or a token to its replica set, as Cassandra places it. */
@RestController
@Tag(name = "replicas", description = "Key or token to replicas, as nodetool getendpoints answers")
public class ReplicasController {

    private static final Set<String> RESERVED = Set.of("keyspace", "table", "token", "dc");

    private final RoutingService routing;

    public ReplicasController(RoutingService routing) {
        this.routing = routing;
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
            @Schema(description = "Replicas in placement order, the primary first") List<ReplicaView> replicas,
            @Schema(description = "Replica addresses grouped by data centre")
            Map<String, List<String>> replicasByDatacenter,
            @Schema(description = "True for LocalStrategy keyspaces: the data lives on the node serving the request")
            boolean nodeLocal,
            @Schema(description = "Placement warnings, e.g. a DC with fewer nodes than its RF")
            List<String> warnings,
            SnapshotView snapshot) {
    }

    /** A batch of keys of one table, or of tokens. */
    @Schema(description = "A batch of keys of one table, or a batch of tokens (give keys with table, or tokens)")
    public record ReplicasBatchRequest(
            @NotBlank @Schema(example = "iot") String keyspace,
            @Schema(example = "readings", nullable = true) String table,
            @Schema(description = "Keys as {column: value} maps", nullable = true,
                    example = "[{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}]")
            List<Map<String, String>> keys,
            @Schema(description = "Tokens as strings", nullable = true, example = "[\"1523456789012345678\"]")
            List<String> tokens,
            @Schema(description = "Only replicas in this data centre", nullable = true) String dc) {
    }

    /** One key or token of a batch. */
    public record ReplicasResult(Map<String, String> key, String token, RangeView range, List<ReplicaView> replicas) {
    }

    /** The replicas of a batch, in request order. */
    public record ReplicasBatchResponse(String keyspace, String table, String partitioner, boolean nodeLocal,
            List<String> warnings, List<ReplicasResult> results, SnapshotView snapshot) {
    }

    @GetMapping(path = "/replicas", produces = "application/json")
    @Operation(summary = "Replicas of one partition key or token",
            description = "Either token=..., or table=... with every partition key column as column=value. "
                    + "On the bundled sample, keyspace=iot&token=1523456789012345678 gives 127.0.0.3, 127.0.0.4, "
                    + "127.0.0.1.")
    @Parameter(name = "key", in = ParameterIn.QUERY, style = ParameterStyle.FORM, explode = Explode.TRUE,
            description = "Partition key columns as column=value pairs (with table)",
            schema = @Schema(type = "object", additionalPropertiesSchema = String.class),
            examples = @ExampleObject(name = "reference", value = "{\"sensor_id\": \"sensor-17\", \"day\": "
                    + "\"2026-10-01\"}"))
    public ReplicasResponse replicas(
            @Parameter(description = "Keyspace", example = "iot") @RequestParam String keyspace,
            @Parameter(description = "Table (with key columns)") @RequestParam(required = false) String table,
            @Parameter(description = "A token instead of a key", example = "1523456789012345678")
            @RequestParam(required = false) String token,
            @Parameter(description = "Only replicas in this data centre") @RequestParam(required = false) String dc,
            @Parameter(hidden = true) @RequestParam MultiValueMap<String, String> params) {
        ServedSnapshot f = routing.snapshot();
        Map<String, String> components = KeyParams.components(params, RESERVED);
        KeyspacePlacement.Placed placement;
        ReplicaLookup lookup;
        Map<String, String> key = null;
        String tokenText;
        if (token != null) {
            if (table != null || !components.isEmpty()) {
                throw new InvalidParameterException("token", "give either token or table with key columns, not both");
            }
            placement = routing.placement(f, keyspace);
            lookup = routing.replicasOfTokens(f, keyspace, List.of(token)).get(0);
            tokenText = f.tokenRing().partitioner().parseToken(token).toString();
        } else {
            if (table == null) {
                throw new InvalidParameterException("table", "give token=..., or table=... with the key columns");
            }
            KeyRoute r = routing.route(f, keyspace, table, List.of(components), true).get(0);
            placement = routing.placement(f, keyspace);
            lookup = r.replicas();
            key = r.keyByColumn();
            tokenText = r.token().toString();
        }
        TokenRing ring = f.tokenRing();
        List<ReplicaView> replicas = ReplicaView.of(ring, lookup.replicas(), dc);
        return new ReplicasResponse(placement.keyspace(), table == null ? null : table, key, tokenText,
                ring.partitioner().name(), RangeView.of(lookup.range()), replicas, byDc(replicas),
                placement.nodeLocal(), placement.warnings(), SnapshotView.of(f));
    }

    @PostMapping(path = "/replicas", consumes = "application/json", produces = "application/json")
    @Operation(summary = "Replicas of a batch of keys of one table, or of tokens",
            description = "All items are validated first: one bad item rejects the batch (400 naming its index). "
                    + "At most ringmap.api.max-batch-size items (413 beyond).")
    public ReplicasBatchResponse replicasBatch(@Valid @RequestBody ReplicasBatchRequest request) {
        boolean byKeys = request.keys() != null;
        boolean byTokens = request.tokens() != null;
        if (byKeys == byTokens) {
            throw new InvalidParameterException(byKeys ? "tokens" : "keys",
                    "give either keys (with table) or tokens, not both and not neither");
        }
        if (byKeys && (request.table() == null || request.table().isBlank())) {
            throw new InvalidParameterException("table", "keys need the table they belong to");
        }
        ServedSnapshot f = routing.snapshot();
        KeyspacePlacement.Placed placement = routing.placement(f, request.keyspace());
        TokenRing ring = f.tokenRing();
        List<ReplicasResult> results = new ArrayList<>();
        if (byKeys) {
            for (KeyRoute r : routing.route(f, request.keyspace(), request.table(), request.keys(), true)) {
                results.add(new ReplicasResult(r.keyByColumn(), r.token().toString(),
                        RangeView.of(r.replicas().range()), ReplicaView.of(ring, r.replicas().replicas(), request.dc())));
            }
        } else {
            List<ReplicaLookup> lookups = routing.replicasOfTokens(f, request.keyspace(), request.tokens());
            for (int i = 0; i < lookups.size(); i++) {
                results.add(new ReplicasResult(null, ring.partitioner().parseToken(request.tokens().get(i)).toString(),
                        RangeView.of(lookups.get(i).range()), ReplicaView.of(ring, lookups.get(i).replicas(), request.dc())));
            }
        }
        return new ReplicasBatchResponse(placement.keyspace(), request.table(), ring.partitioner().name(),
                placement.nodeLocal(), placement.warnings(), results, SnapshotView.of(f));
    }

    private static Map<String, List<String>> byDc(List<ReplicaView> replicas) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        replicas.forEach(r -> out.computeIfAbsent(r.datacenter(), k -> new ArrayList<>()).add(r.address()));
        return out;
    }
}
