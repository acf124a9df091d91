package io.ringmap.web.errors;

import static io.ringmap.web.errors.ServerErrorsTest.problem;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The headers every answer carries and the answers an attacker shapes with raw requests: other spellings of the
 * console's path, Tomcat's own rejections, an unknown Transfer-Encoding and a forged Host on a redirect. Each test
 * plays the attack over a socket against the running service (MockMvc would bypass Tomcat) and passes because it
 * fails.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
class SecurityHeadersTest {

    @LocalServerPort
    int port;

    @Value("${local.management.port}")
    int managementPort;

    private static String get(String target, String host) {
        return "GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n";
    }

    private static void assertSecurityHeaders(RawHttp.Response r) {
        assertThat(r.header("X-Content-Type-Options")).as("nosniff on %s", r).isEqualTo("nosniff");
        assertThat(r.header("X-Frame-Options")).as("X-Frame-Options on %s", r).isEqualTo("DENY");
    }

    @Test
    void consolePolicyHoldsOnEverySpellingOfItsPath() {
        // the attack of issue 35: the policy was only sent when the raw path started with "/console"
        RawHttp.Response encoded = RawHttp.send(port, get("/%63onsole/", "ringmap"));
        assertThat(encoded.status()).isEqualTo(200);
        assertThat(encoded.body()).contains("<script type=\"module\"");
        assertThat(encoded.header("Content-Security-Policy")).isEqualTo(SecurityHeadersValve.CONSOLE_POLICY);

        for (String spelling : List.of(
                "/console/",
                "/console/index.html",
                "/%63onsole/index.html",
                "/%63%6f%6e%73%6f%6c%65/js/console.js",
                "/console/%69ndex.html",
                "/Console/",
                "/CONSOLE/index.html",
                "//console/",
                "/console;x=y/",
                "/console/;x=y",
                "/console;x=y",
                "/./console/",
                "/js/../console/",
                "/%2fconsole/",
                "/console%2F",
                "/console/%2e/",
                "/%63onsole",
                "/console/settings")) {
            RawHttp.Response r = RawHttp.send(port, get(spelling, "ringmap"));
            assertSecurityHeaders(r);
            if (r.status() < 300 || r.contentType().startsWith("text/html")) {
                assertThat(r.header("Content-Security-Policy"))
                        .as("policy on %s: %s", spelling, r)
                        .isEqualTo(SecurityHeadersValve.CONSOLE_POLICY);
            }
        }
        // elsewhere no console policy (Swagger UI's page needs inline styles)
        assertThat(RawHttp.send(port, get("/ring", "ringmap")).header("Content-Security-Policy"))
                .isNull();
    }

    @Test
    void tomcatsOwnRejectionsCarryTheSecurityHeaders() {
        for (int target : List.of(port, managementPort)) {
            rejected(target, get("/ring?keyspace=" + "a".repeat(9000), "x"), 414, "uri-too-long");
            rejected(
                    target,
                    "GET /ring HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(9000) + "\r\nConnection: close\r\n\r\n",
                    431,
                    "headers-too-large");
            rejected(target, "GARBAGE\r\n\r\n", 400, "malformed-request");
            rejected(target, "GET /ring HTTP/1.1\r\nConnection: close\r\n\r\n", 400, "malformed-request");
            rejected(target, "GET /ring HTTP/2.0\r\nHost: x\r\n\r\n", 505, "http-version-not-supported");
            rejected(target, "CONNECT ringmap:443 HTTP/1.1\r\nHost: ringmap:443\r\n\r\n", 405, "method-not-allowed");
            rejected(target, get("/nope%ZZ", "x"), 400, "malformed-request");
        }
        // and the answers of the management port's endpoints
        assertSecurityHeaders(RawHttp.send(managementPort, get("/actuator/health", "x")));
        assertSecurityHeaders(RawHttp.send(managementPort, get("/actuator/prometheus", "x")));
    }

    /** Sends a request Tomcat rejects itself and asserts the problem and the headers of the answer. */
    private static void rejected(int target, String request, int status, String kind) {
        RawHttp.Response r = RawHttp.send(target, request);
        problem(r, status, kind);
        assertSecurityHeaders(r);
    }

    @Test
    void namesAnUnknownTransferEncoding() {
        for (String coding : List.of("gzip, chunked", "x-evil", "chunked, x-evil")) {
            RawHttp.Response r = RawHttp.send(
                    port,
                    "POST /token HTTP/1.1\r\nHost: x\r\nContent-Type: " + "application/json\r\nTransfer-Encoding: "
                            + coding + "\r\nConnection: close\r\n\r\n0\r\n\r\n");
            JsonNode body = problem(r, 400, "malformed-request");
            assertThat(body.path("detail").asString())
                    .as(coding)
                    .contains("Transfer-Encoding '")
                    .contains("is not supported (only chunked)")
                    .doesNotContain("CONNECT");
            assertSecurityHeaders(r);
        }
        RawHttp.Response gzip = RawHttp.send(
                port,
                "POST /token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, "
                        + "chunked\r\nConnection: close\r\n\r\n0\r\n\r\n");
        assertThat(problem(gzip, 400, "malformed-request").path("detail").asString())
                .contains("Transfer-Encoding 'gzip'");
    }

    @Test
    void redirectsAreRelativeWhateverTheHostHeaderSays() {
        RawHttp.Response console = RawHttp.send(port, get("/console", "evil.example"));
        assertThat(console.status()).isEqualTo(302);
        assertThat(console.header("Location")).isEqualTo("/console/");
        assertSecurityHeaders(console);
        // HTTP/1.0, where Tomcat makes every sendRedirect absolute from the Host header
        RawHttp.Response old = RawHttp.send(port, "GET /%63onsole HTTP/1.0\r\nHost: evil.example\r\n\r\n");
        assertThat(old.status()).isEqualTo(302);
        assertThat(old.header("Location")).isEqualTo("/console/");

        RawHttp.Response swagger = RawHttp.send(port, get("/swagger-ui.html", "evil.example:8443"));
        assertThat(swagger.status()).isBetween(301, 308);
        assertThat(swagger.header("Location")).startsWith("/").doesNotContain("evil.example");
    }
}
