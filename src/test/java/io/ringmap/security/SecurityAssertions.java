package io.ringmap.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** 401 and 403 answers are RFC 9457 problems with a stable type, like every other ringmap error. */
final class SecurityAssertions {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private SecurityAssertions() {
    }

    static JsonNode assertProblem(HttpResponse<String> r, int status, String kind) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.get("type").asString()).isEqualTo("urn:ringmap:problem:" + kind);
        assertThat(body.get("status").asInt()).isEqualTo(status);
        assertThat(body.get("title").asString()).isNotBlank();
        assertThat(body.get("detail").asString()).isNotBlank().doesNotContain("Exception");
        assertThat(body.get("instance").asString()).startsWith("/");
        return body;
    }

    static void assertProbesOpen(Caller anonymous) {
        assertThat(anonymous.management("/readyz").statusCode()).isEqualTo(200);
        assertThat(anonymous.management("/livez").statusCode()).isEqualTo(200);
        assertThat(anonymous.management("/actuator/health").statusCode()).isEqualTo(200);
        assertThat(anonymous.management("/actuator/prometheus").statusCode()).isEqualTo(200);
        assertThat(anonymous.management("/actuator/info").statusCode()).isEqualTo(200);
    }
}
