package io.ringmap.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** 401 and 403 answers are RFC 9457 problems with a stable type, like every other ringmap error. */
final class SecurityAssertions {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private SecurityAssertions() {}

    static JsonNode assertProblem(HttpResponse<String> r, int status, String kind) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.get("type").asString()).isEqualTo("urn:ringmap:problem:" + kind);
        assertThat(body.get("status").asInt()).isEqualTo(status);
        assertThat(body.get("title").asString()).isNotBlank();
        assertThat(body.get("detail").asString()).isNotBlank().doesNotContain("Exception");
        assertThat(body.get("instance").asString()).startsWith("/");
        return body;
    }

    /** The served OpenAPI document. */
    static JsonNode apiDocument(Caller anonymous) {
        var r = anonymous.get("/v3/api-docs");
        assertThat(r.statusCode()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    /**
     * For each operation ("get /replicas"), the scope its security requirement of {@code scheme} names, or null when
     * it has none; asserts that each requirement also documents the 401 and 403 problems.
     */
    static java.util.Map<String, String> operationScopes(JsonNode document, String scheme) {
        java.util.Map<String, String> scopes = new java.util.TreeMap<>();
        document.get("paths")
                .properties()
                .forEach(path -> path.getValue().properties().forEach(op -> {
                    JsonNode security = op.getValue().path("security");
                    String scope = security.isArray() && !security.isEmpty()
                            ? security.get(0).path(scheme).path(0).asString(null)
                            : null;
                    if (scope != null) {
                        assertThat(op.getValue().at("/responses/401").isMissingNode())
                                .isFalse();
                        assertThat(op.getValue().at("/responses/403").isMissingNode())
                                .isFalse();
                    }
                    scopes.put(op.getKey() + " " + path.getKey(), scope);
                }));
        return scopes;
    }

    static void assertProbesOpen(Caller anonymous) {
        assertThat(anonymous.management("/readyz").statusCode()).isEqualTo(200);
        assertThat(anonymous.management("/livez").statusCode()).isEqualTo(200);
        assertThat(anonymous.management("/actuator/health").statusCode()).isEqualTo(200);
        assertThat(anonymous.management("/actuator/prometheus").statusCode()).isEqualTo(200);
        assertThat(anonymous.management("/actuator/info").statusCode()).isEqualTo(200);
    }
}
