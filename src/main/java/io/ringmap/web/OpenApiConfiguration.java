package io.ringmap.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.web.ProblemRenderer;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.servers.Server;
import io.swagger.v3.oas.models.tags.Tag;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.bind.annotation.PostMapping;

/**
 * The OpenAPI document: API info, a relative server URL (so the document does not depend on the port it was
 * served from), and the problem responses of every operation with an example each.
 */
@Configuration(proxyBeanMethods = false)
public class OpenApiConfiguration {

    private static final String PROBLEM = "application/problem+json";

    @Bean
    OpenAPI ringmapOpenApi() {
        return new OpenAPI()
                .info(new Info().title("ringmap")
                        .description("Cassandra partition routing as a service: partition key to token (as SELECT "
                                + "token(...) computes it), key or token to replicas (as nodetool getendpoints "
                                + "answers), and token-range splits for full-table scans. Tokens are JSON strings. "
                                + "Errors are RFC 9457 problem details with a stable type per kind.")
                        .version("v1")
                        .license(new License().name("Apache-2.0").identifier("Apache-2.0")))
                .servers(List.of(new Server().url("/").description("this ringmap instance")))
                .components(new io.swagger.v3.oas.models.Components().addSchemas("ProblemDetail", problemSchema()));
    }

    /** Tags in the order a user meets them: token, replicas, splits, ring, hot keys, then the rest by name. */
    static final List<String> TAG_ORDER = List.of("token", "replicas", "splits", "ring", "hot keys");

    @Bean
    OpenApiCustomizer tagOrder() {
        return openApi -> {
            if (openApi.getTags() != null) {
                openApi.setTags(openApi.getTags().stream().sorted(Comparator
                        .comparingInt((Tag t) -> TAG_ORDER.contains(t.getName()) ? TAG_ORDER.indexOf(t.getName())
                                : TAG_ORDER.size())
                        .thenComparing(Tag::getName)).toList());
            }
        };
    }

    /** RFC 9457 problem details, with ringmap's extension members (OpenAPI 3.1 reads {@code types}, not type). */
    private static Schema<Object> problemSchema() {
        Schema<Object> s = new Schema<>();
        s.type("object").types(Set.of("object"))
                .description("RFC 9457 problem details; extension members name what was wrong (column, "
                + "value, expectedType, parameter, index, missing, unknown, expected, keyspace, table, limit)");
        s.addProperty("type", new Schema<String>().type("string").types(Set.of("string")).format("uri")
                .description("Stable URI per kind of problem, " + ProblemKind.TYPE_PREFIX + "<kind>"));
        s.addProperty("title", new Schema<String>().type("string").types(Set.of("string"))
                .description("Fixed per type"));
        s.addProperty("status", new Schema<Integer>().type("integer").types(Set.of("integer")).format("int32"));
        s.addProperty("detail", new Schema<String>().type("string").types(Set.of("string"))
                .description("What was wrong, naming it"));
        s.addProperty("instance", new Schema<String>().type("string").types(Set.of("string")).format("uri")
                .description("The request path"));
        s.additionalProperties(true);
        return s;
    }

    @Bean
    OperationCustomizer problemResponses() {
        return (operation, handler) -> {
            ApiResponses responses = operation.getResponses();
            responses.addApiResponse("400", problem("Bad input: a key value that does not parse as its column's CQL "
                    + "type, a missing or extra key column, a malformed token or parameter", Map.of(
                            ProblemKind.INVALID_KEY_VALUE, "value 'yesterday' for partition key column 'day' is not a "
                                    + "valid date",
                            ProblemKind.KEY_COMPONENTS, "partition key of iot.readings is (sensor_id, day): missing "
                                    + "[day]",
                            ProblemKind.INVALID_TOKEN, "token 'abc' is not a valid Murmur3Partitioner token: "
                                    + "expected a signed 64-bit integer")));
            responses.addApiResponse("404", problem("Unknown keyspace or table", Map.of(
                    ProblemKind.UNKNOWN_KEYSPACE, "keyspace 'nope' is not in the ring snapshot; the keyspaces "
                            + "are: iot, iot_multi_dc",
                    ProblemKind.UNKNOWN_TABLE, "table 'iot.nope' is not in the ring snapshot; the tables of keyspace "
                            + "'iot' are: readings")));
            responses.addApiResponse("422", problem("The keyspace's replication strategy cannot be placed", Map.of(
                    ProblemKind.UNPLACEABLE_KEYSPACE, "replicas of keyspace 'odd' cannot be computed: replication "
                            + "strategy 'com.example.MoonStrategy' is not supported")));
            if (handler.hasMethodAnnotation(PostMapping.class)) {
                responses.addApiResponse("413", problem("Batch larger than ringmap.api.max-batch-size", Map.of(
                        ProblemKind.BATCH_TOO_LARGE, "batch of 20000 items exceeds the limit of 10000 "
                                + "(ringmap.api.max-batch-size)")));
            }
            responses.addApiResponse("503", problem("No ring snapshot yet (the cluster has not been reached since "
                    + "start-up); retry later", Map.of(ProblemKind.NO_SNAPSHOT, NO_SNAPSHOT_EXAMPLE)));
            if (handler.hasMethodAnnotation(ServerFigures.class)) {
                responses.addApiResponse("409", problem("The nodes' figures are not collected: ringmap serves a "
                        + "static topology (they need a live cluster) or ringmap.sizes.enabled is false", Map.of(
                                ProblemKind.SIZES_NOT_COLLECTED, "ringmap serves a static topology: partition sizes "
                                        + "come only from a live cluster (set spring.cassandra.contact-points)")));
                responses.addApiResponse("503", problem("No ring snapshot yet, or no collection round of the nodes' "
                        + "figures yet (Retry-After)", Map.of(ProblemKind.NO_SNAPSHOT, NO_SNAPSHOT_EXAMPLE,
                                ProblemKind.SIZES_UNAVAILABLE, "no collection round has finished yet")));
            }
            return operation;
        };
    }

    private static final String NO_SNAPSHOT_EXAMPLE = "no ring snapshot is available yet: cluster unreachable";

    /**
     * A problem response with one example per kind, each named by its type and written as the renderer writes it
     * (type, title and status from the catalog); also used by the security package's OpenAPI customizer.
     */
    public static ApiResponse problem(String description, Map<ProblemKind, String> exampleDetails) {
        MediaType media = new MediaType().schema(new Schema<>().$ref("#/components/schemas/ProblemDetail"));
        Map<String, io.swagger.v3.oas.models.examples.Example> ex = new java.util.TreeMap<>();
        exampleDetails.forEach((kind, detail) -> ex.put(kind.typeName(), new io.swagger.v3.oas.models.examples.Example()
                .value(ProblemRenderer.members(kind.problem(detail), "/replicas"))));
        media.setExamples(new LinkedHashMap<>(ex));
        return new ApiResponse().description(description).content(new Content().addMediaType(PROBLEM, media));
    }
}
