package io.ringmap.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.web.ProblemRenderer;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.servers.Server;
import io.swagger.v3.oas.models.tags.Tag;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.RequestMapping;

/**
 * The OpenAPI document: API info, a relative server URL (so the document does not depend on the port it was
 * served from), and each operation's problem responses as its method declares them ({@link ProblemAnswer}).
 */
@Configuration(proxyBeanMethods = false)
public class OpenApiConfiguration {

    private static final String PROBLEM = "application/problem+json";

    @Bean
    OpenAPI ringmapOpenApi() {
        return new OpenAPI()
                .info(new Info()
                        .title("ringmap")
                        .description("Cassandra partition routing as a service: partition key to token (as SELECT "
                                + "token(...) computes it), key or token to replicas (as nodetool getendpoints "
                                + "answers), and token-range splits for full-table scans. Tokens are JSON strings. "
                                + "Errors are RFC 9457 problem details with a stable type per kind: each operation "
                                + "lists the kinds it answers; any request can also be refused before it reaches "
                                + "one, with "
                                + ANY_REQUEST.stream()
                                        .map(k -> k.status() + " " + k.typeName())
                                        .collect(Collectors.joining(", "))
                                + " (docs/errors.md).")
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
                openApi.setTags(openApi.getTags().stream()
                        .sorted(Comparator.comparingInt((Tag t) -> TAG_ORDER.contains(t.getName())
                                        ? TAG_ORDER.indexOf(t.getName())
                                        : TAG_ORDER.size())
                                .thenComparing(Tag::getName))
                        .toList());
            }
        };
    }

    /** RFC 9457 problem details, with ringmap's extension members (OpenAPI 3.1 reads {@code types}, not type). */
    private static Schema<Object> problemSchema() {
        Schema<Object> s = new Schema<>();
        s.type("object")
                .types(Set.of("object"))
                .description("RFC 9457 problem details; extension members name what was wrong (column, "
                        + "value, expectedType, parameter, index, missing, unknown, expected, keyspace, table, limit)");
        s.addProperty(
                "type",
                new Schema<String>()
                        .type("string")
                        .types(Set.of("string"))
                        .format("uri")
                        .description("Stable URI per kind of problem, " + ProblemKind.TYPE_PREFIX + "<kind>"));
        s.addProperty(
                "title",
                new Schema<String>().type("string").types(Set.of("string")).description("Fixed per type"));
        s.addProperty(
                "status",
                new Schema<Integer>().type("integer").types(Set.of("integer")).format("int32"));
        s.addProperty(
                "detail",
                new Schema<String>().type("string").types(Set.of("string")).description("What was wrong, naming it"));
        s.addProperty(
                "instance",
                new Schema<String>()
                        .type("string")
                        .types(Set.of("string"))
                        .format("uri")
                        .description("The request path"));
        s.additionalProperties(true);
        return s;
    }

    /**
     * Problems any request can get before it reaches an operation (the server's own rejections, the body limits,
     * content negotiation, a bug); the document names them once, in its description, and no operation lists them.
     */
    public static final Set<ProblemKind> ANY_REQUEST = Collections.unmodifiableSet(EnumSet.of(
            ProblemKind.MALFORMED_REQUEST,
            ProblemKind.MALFORMED_QUERY,
            ProblemKind.TOO_MANY_PARAMETERS,
            ProblemKind.NOT_FOUND,
            ProblemKind.METHOD_NOT_ALLOWED,
            ProblemKind.NOT_ACCEPTABLE,
            ProblemKind.BODY_READ_TIMEOUT,
            ProblemKind.URI_TOO_LONG,
            ProblemKind.HEADERS_TOO_LARGE,
            ProblemKind.INTERNAL,
            ProblemKind.BODY_READS_BUSY,
            ProblemKind.HTTP_VERSION_NOT_SUPPORTED));

    /**
     * Each operation's problem responses: the kinds its method declares ({@link ProblemAnswer}), grouped by status,
     * each an example named by its type with the operation's own path as {@code instance}.
     */
    @Bean
    OperationCustomizer problemResponses() {
        return (operation, handler) -> {
            RequestMapping mapping =
                    AnnotatedElementUtils.findMergedAnnotation(handler.getMethod(), RequestMapping.class);
            String path = mapping == null || mapping.path().length == 0 ? "/" : mapping.path()[0];
            // in catalog order, which is by status
            Map<ProblemKind, String> kinds = new TreeMap<>();
            for (ProblemAnswer answer :
                    AnnotatedElementUtils.findMergedRepeatableAnnotations(handler.getMethod(), ProblemAnswer.class)) {
                if (kinds.put(answer.kind(), answer.detail()) != null || ANY_REQUEST.contains(answer.kind())) {
                    throw new IllegalStateException(handler.getShortLogMessage() + " declares " + answer.kind()
                            + (ANY_REQUEST.contains(answer.kind()) ? ", which any request can get" : " twice"));
                }
            }
            addProblems(operation, path, kinds);
            return operation;
        };
    }

    /**
     * Adds problem examples to {@code operation}'s responses, each under its kind's status (joining a response the
     * status already has), named by its type and written as the renderer writes it for a request to {@code path}
     * (type, title and status from the catalog); also used by the security package's OpenAPI customizer.
     */
    public static void addProblems(Operation operation, String path, Map<ProblemKind, String> exampleDetails) {
        exampleDetails.forEach((kind, detail) -> {
            String status = String.valueOf(kind.status());
            ApiResponse response = operation.getResponses().get(status);
            if (response == null
                    || response.getContent() == null
                    || response.getContent().get(PROBLEM) == null) {
                response = new ApiResponse()
                        .description(HttpStatus.valueOf(kind.status()).getReasonPhrase() + ": " + kind.title())
                        .content(new Content()
                                .addMediaType(
                                        PROBLEM,
                                        new MediaType()
                                                .schema(new Schema<>().$ref("#/components/schemas/ProblemDetail"))
                                                .examples(new TreeMap<>())));
                operation.getResponses().addApiResponse(status, response);
            } else {
                response.description(response.getDescription() + "; " + kind.title());
            }
            response.getContent()
                    .get(PROBLEM)
                    .getExamples()
                    .put(kind.typeName(), new Example().value(ProblemRenderer.members(kind.problem(detail), path)));
        });
    }
}
