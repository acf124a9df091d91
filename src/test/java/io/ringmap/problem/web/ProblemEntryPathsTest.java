package io.ringmap.problem.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemKind;
import io.ringmap.web.errors.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Each way a problem leaves the running service (the Spring MVC advice, the web server's valve, the body-limit filter,
 * the security entry point and access-denied handler, the firewall) answers bytes for bytes what
 * {@link ProblemRenderer} writes for the same problem and request path, with the catalog's type, title and status.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "ringmap.security.mode=api-key",
            "ringmap.hotkeys.export-key=hash",
            "ringmap.hotkeys.salt=test-salt",
            "ringmap.security.api-keys.dashboard.key=" + ProblemEntryPathsTest.READER_KEY,
            "ringmap.security.api-keys.dashboard.scopes=ringmap:read",
            "ringmap.api.max-body-size=1KB"
        })
class ProblemEntryPathsTest {

    static final String READER_KEY = "rk-0f6e2b7d9481c3aa";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    private RawHttp.Response send(String method, String target, String version, String headers) {
        return RawHttp.send(
                port,
                method + " " + target + " " + version + "\r\nHost: ringmap\r\n" + headers
                        + "Connection: close\r\n\r\n");
    }

    private static String key() {
        return "X-API-Key: " + READER_KEY + "\r\n";
    }

    /**
     * Asserts the answer is {@code kind} and exactly what the renderer writes for the problem it holds at
     * {@code path}: same members, same order, same escaping, same instance.
     */
    private static Problem assertRendered(RawHttp.Response r, ProblemKind kind, String path) {
        assertThat(r.status()).as(r.toString()).isEqualTo(kind.status());
        assertThat(r.contentType()).startsWith("application/problem+json");
        Map<String, Object> members = JSON.readValue(r.body(), new TypeReference<LinkedHashMap<String, Object>>() {});
        assertThat(members)
                .containsEntry("type", kind.type().toString())
                .containsEntry("title", kind.title())
                .containsEntry("status", kind.status());
        Problem problem = kind.problem((String) members.get("detail"));
        for (Map.Entry<String, Object> m : members.entrySet()) {
            if (!Problem.STANDARD_MEMBERS.contains(m.getKey())) {
                problem = problem.with(m.getKey(), m.getValue());
            }
        }
        assertThat(r.body()).isEqualTo(new String(ProblemRenderer.json(problem, path), StandardCharsets.UTF_8));
        return problem;
    }

    @Test
    void theSpringMvcAdviceRendersAProblemTheCoreThrew() {
        RawHttp.Response r =
                send("GET", "/token?keyspace=nope&table=readings&sensor_id=s-1&day=2026-10-01", "HTTP/1.1", key());

        Problem p = assertRendered(r, ProblemKind.UNKNOWN_KEYSPACE, "/token");
        assertThat(p.properties()).containsEntry("keyspace", "nope").containsKey("known");
    }

    @Test
    void theWebServersValveRendersARequestTomcatRejected() {
        RawHttp.Response r = send("GET", "/ring", "HTTP/2.0", key());

        Problem p = assertRendered(r, ProblemKind.HTTP_VERSION_NOT_SUPPORTED, "/ring");
        assertThat(p.detail()).contains("HTTP/2.0");
    }

    @Test
    void theBodyLimitFilterRendersADeclaredOversizedBody() {
        RawHttp.Response r = send(
                "POST", "/token", "HTTP/1.1", key() + "Content-Type: application/json\r\nContent-Length: 5000\r\n");

        Problem p = assertRendered(r, ProblemKind.BODY_TOO_LARGE, "/token");
        assertThat(p.properties()).containsEntry("limit", 1024).containsEntry("size", 5000);
    }

    @Test
    void theSecurityEntryPointRendersAMissingCredential() {
        RawHttp.Response r = send("GET", "/ring", "HTTP/1.1", "");

        assertRendered(r, ProblemKind.UNAUTHORIZED, "/ring");
        assertThat(r.header("WWW-Authenticate")).startsWith("ApiKey");
    }

    @Test
    void theAccessDeniedHandlerRendersAMissingScope() {
        RawHttp.Response r =
                send("POST", "/hits", "HTTP/1.1", key() + "Content-Type: application/json\r\nContent-Length: 2\r\n");

        Problem p = assertRendered(r, ProblemKind.FORBIDDEN, "/hits");
        assertThat(p.properties()).containsEntry("scope", "ringmap:hits");
    }

    @Test
    void theFirewallRendersARefusedPath() {
        RawHttp.Response r = send("GET", "//ring", "HTTP/1.1", key());

        Problem p = assertRendered(r, ProblemKind.MALFORMED_REQUEST, "//ring");
        assertThat(p.detail()).startsWith("the request path is not accepted");
        assertThat(r.body()).contains("\"instance\":\"/%2Fring\"");
    }
}
