package io.ringmap.web.errors;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the real web server answers to requests that never reach a controller, or reach it broken: raw bytes over a
 * socket against the running service (MockMvc would bypass Tomcat), on the API and on the management port.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"management.server.port=0", "ringmap.api.max-body-size=4KB"})
@ExtendWith(OutputCaptureExtension.class)
@Isolated("reads the process's output")
class ServerErrorsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Value("${local.management.port}")
    int managementPort;

    private static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: ringmap\r\nConnection: close\r\n\r\n";
    }

    private static String post(String target, String contentType, String body) {
        return "POST " + target + " HTTP/1.1\r\nHost: ringmap\r\nContent-Type: " + contentType
                + "\r\nContent-Length: " + body.getBytes(StandardCharsets.UTF_8).length
                + "\r\nConnection: close\r\n\r\n"
                + body;
    }

    /** Asserts an RFC 9457 answer of the kind and returns its body. */
    static JsonNode problem(RawHttp.Response r, int status, String kind) {
        assertThat(r.status()).as("status of %s", r).isEqualTo(status);
        assertThat(r.contentType()).as("content type of %s", r).startsWith("application/problem+json");
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.path("type").asString()).as(r.toString()).isEqualTo("urn:ringmap:problem:" + kind);
        assertThat(body.path("status").asInt()).isEqualTo(status);
        assertThat(body.path("title").asString()).isNotBlank();
        assertThat(body.path("detail").asString())
                .isNotBlank()
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        return body;
    }

    @Test
    void namesTheParameterWhosePercentEncodingIsBroken() {
        JsonNode lone = problem(RawHttp.send(port, get("/token?keyspace=%")), 400, "malformed-query");
        assertThat(lone.path("parameter").asString()).isEqualTo("keyspace");
        assertThat(lone.path("instance").asString()).isEqualTo("/token");
        assertThat(lone.path("detail").asString()).contains("'keyspace'").contains("the value is not shown");

        JsonNode notHex = problem(RawHttp.send(port, get("/replicas?keyspace=iot&token=%ZZ")), 400, "malformed-query");
        assertThat(notHex.path("parameter").asString()).isEqualTo("token");
        assertThat(notHex.path("detail").asString())
                .contains("broken percent-escape")
                .doesNotContain("ZZ");

        // a UTF-16 surrogate encoded as UTF-8: not valid UTF-8
        JsonNode surrogate = problem(
                RawHttp.send(port, get("/token?keyspace=iot&table=readings&sensor_id=%ED%A0%80&day=2026-10-01")),
                400,
                "malformed-query");
        assertThat(surrogate.path("parameter").asString()).isEqualTo("sensor_id");
        assertThat(surrogate.path("detail").asString()).contains("UTF-8").doesNotContain("ed a0 80");

        JsonNode inName = problem(RawHttp.send(port, get("/ring?key%C0space=iot")), 400, "malformed-query");
        assertThat(inName.path("detail").asString()).contains("parameter name");

        problem(RawHttp.send(port, get("/splits?keyspace=iot&table=readings&=16")), 400, "malformed-query");
        problem(RawHttp.send(port, get("/hotkeys?limit=%FF")), 400, "malformed-query");
    }

    @Test
    void answersTooManyParametersWithAProblem() {
        // 1001 parameters (server.tomcat.max-parameter-count is 1000)
        StringBuilder few = new StringBuilder("/ring?keyspace=iot");
        for (int i = 0; i < 1000; i++) {
            few.append("&a");
        }
        JsonNode many = problem(RawHttp.send(port, get(few.toString())), 400, "too-many-parameters");
        assertThat(many.path("limit").asInt()).isEqualTo(1000);
    }

    @Test
    void answersMalformedHttpWithProblems() {
        JsonNode garbage = problem(RawHttp.send(port, "GARBAGE\r\n\r\n"), 400, "malformed-request");
        assertThat(garbage.path("detail").asString()).contains("method name");
        JsonNode target = problem(RawHttp.send(port, get("/token?keyspace=a|b")), 400, "malformed-request");
        assertThat(target.path("detail").asString()).contains("request target");
        JsonNode header = problem(
                RawHttp.send(port, "GET /ring HTTP/1.1\r\nHost: x\r\nBad Header: v\r\nConnection: close\r\n\r\n"),
                400,
                "malformed-request");
        assertThat(header.path("detail").asString()).contains("Bad Header");
        JsonNode noHost = problem(
                RawHttp.send(port, "GET /ring HTTP/1.1\r\nConnection: close\r\n\r\n"), 400, "malformed-request");
        assertThat(noHost.path("detail").asString()).contains("Host header");
        assertThat(noHost.path("instance").asString()).isEqualTo("/ring");
        JsonNode length = problem(
                RawHttp.send(
                        port,
                        "POST /token HTTP/1.1\r\nHost: x\r\nContent-Type: "
                                + "application/json\r\nContent-Length: abc\r\nConnection: close\r\n\r\n{}"),
                400,
                "malformed-request");
        assertThat(length.path("detail").asString()).contains("Content-Length 'abc'");
        JsonNode chunk = problem(
                RawHttp.send(
                        port,
                        "POST /token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                                + "\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nZZ\r\n"),
                400,
                "malformed-request");
        assertThat(chunk.path("detail").asString()).contains("chunk");
        JsonNode path = problem(RawHttp.send(port, get("/tok%ED%A0%80en")), 400, "malformed-request");
        assertThat(path.path("detail").asString()).contains("path").contains("UTF-8");
        problem(RawHttp.send(port, get("/nope%ZZ")), 400, "malformed-request");
        JsonNode connect = problem(
                RawHttp.send(port, "CONNECT ringmap:443 HTTP/1.1\r\nHost: ringmap:443\r\n\r\n"),
                405,
                "method-not-allowed");
        assertThat(connect.path("detail").asString()).contains("CONNECT");
        problem(
                RawHttp.send(port, "TRACE /ring HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
                405,
                "method-not-allowed");
    }

    @Test
    void answersAnUnsupportedHttpVersionWithAProblem() {
        JsonNode two =
                problem(RawHttp.send(port, "GET /ring HTTP/2.0\r\nHost: x\r\n\r\n"), 505, "http-version-not-supported");
        assertThat(two.path("detail").asString()).contains("HTTP/2.0");
        // not a version at all: malformed (Tomcat says 505 to any protocol text it does not know)
        JsonNode notAVersion =
                problem(RawHttp.send(port, "GET /ring HTTP/1.1.1\r\nHost: x\r\n\r\n"), 400, "malformed-request");
        assertThat(notAVersion.path("detail").asString()).contains("'HTTP/1.1.1' is not an HTTP version");
        problem(RawHttp.send(port, "GET /ring HTTP/1\r\nHost: x\r\n\r\n"), 400, "malformed-request");
    }

    @Test
    void answersRequestsWhoseHeadersOrPathsDoNotReadAsTextWithProblems() {
        // a Content-Length of a NUL and bytes that are no text
        byte[] nul = "GET /ring HTTP/1.1\r\nHost: x\r\nContent-Length: \u008d\u0000\u00f5=1\r\n\r\n"
                .getBytes(StandardCharsets.ISO_8859_1);
        problem(RawHttp.send(port, nul, false), 400, "malformed-request");
        // a path that would read as an authority in a URI: Spring Security's firewall rejects it
        JsonNode slashes = problem(RawHttp.send(port, get("//")), 400, "malformed-request");
        assertThat(slashes.path("detail").asString()).contains("the request path is not accepted", "\"//\"");
        problem(RawHttp.send(port, get("//ring?keyspace=iot")), 400, "malformed-request");
        // a path parameter with a broken escape, which Tomcat passes on undecoded and Spring MVC cannot parse
        JsonNode matrix = problem(RawHttp.send(port, get("/ring;jsessionid=x%G0")), 400, "malformed-request");
        assertThat(matrix.path("detail").asString()).contains("';jsessionid'").doesNotContain("x%G0");
        problem(RawHttp.send(managementPort, get("/livez;a=%")), 400, "malformed-request");
        // path parameters are refused by the firewall (";" could otherwise dodge a path-based scope such as POST /hits)
        problem(RawHttp.send(port, get("/ring;a=b")), 400, "malformed-request");
    }

    @Test
    void answersAnOversizedRequestLineWith414AndOversizedHeadersWith431() {
        JsonNode uri = problem(RawHttp.send(port, get("/ring?keyspace=" + "a".repeat(9000))), 414, "uri-too-long");
        assertThat(uri.path("limit").asInt()).isEqualTo(8192);
        JsonNode headers = problem(
                RawHttp.send(
                        port,
                        "GET /ring HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(9000)
                                + "\r\nConnection: close\r\n\r\n"),
                431,
                "headers-too-large");
        assertThat(headers.path("instance").asString()).isEqualTo("/ring");
        StringBuilder many = new StringBuilder("GET /ring HTTP/1.1\r\nHost: x\r\n");
        for (int i = 0; i < 101; i++) {
            many.append("X-").append(i).append(": 1\r\n");
        }
        JsonNode count = problem(RawHttp.send(port, many.append("\r\n").toString()), 431, "headers-too-large");
        assertThat(count.path("limit").asInt()).isEqualTo(100);
    }

    @Test
    void answersAnOversizedBodyWith413() {
        String keys = "{\"sensor_id\": \"s\", \"day\": \"2026-10-01\"},".repeat(200);
        String body = "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": [" + keys + "{\"sensor_id\": \"s\", "
                + "\"day\": \"2026-10-01\"}]}";
        JsonNode declared =
                problem(RawHttp.send(port, post("/token", "application/json", body)), 413, "body-too-large");
        assertThat(declared.path("limit").asLong()).isEqualTo(4096);
        assertThat(declared.path("size").asLong()).isEqualTo(body.length());
        assertThat(declared.path("instance").asString()).isEqualTo("/token");

        // no Content-Length: counted while read
        String chunked = Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n";
        JsonNode streamed = problem(
                RawHttp.send(
                        port,
                        "POST /replicas HTTP/1.1\r\nHost: x\r\nContent-Type: "
                                + "application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                                + chunked),
                413,
                "body-too-large");
        assertThat(streamed.path("limit").asLong()).isEqualTo(4096);

        // within the limit: answered
        String small = "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": [{\"sensor_id\": \"s\", \"day\": "
                + "\"2026-10-01\"}]}";
        assertThat(RawHttp.send(port, post("/token", "application/json", small)).status())
                .isEqualTo(200);
    }

    @Test
    void answersTheManagementPortsErrorsWithProblemsToo() {
        JsonNode query = problem(RawHttp.send(managementPort, get("/actuator/health?x=%ZZ")), 400, "malformed-query");
        assertThat(query.path("parameter").asString()).isEqualTo("x");
        problem(RawHttp.send(managementPort, "GARBAGE\r\n\r\n"), 400, "malformed-request");
        problem(RawHttp.send(managementPort, get("/" + "a".repeat(9000))), 414, "uri-too-long");
        problem(
                RawHttp.send(
                        managementPort, "GET /livez HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(9000) + "\r\n\r\n"),
                431,
                "headers-too-large");
        problem(RawHttp.send(managementPort, get("/actuator/env")), 404, "not-found");
        problem(RawHttp.send(managementPort, get("/error")), 404, "not-found");
        problem(
                RawHttp.send(
                        managementPort,
                        "POST /actuator/health HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
                                + "Connection: close\r\n\r\n"),
                405,
                "method-not-allowed");
        problem(RawHttp.send(managementPort, get("/liv%ED%A0%80ez")), 400, "malformed-request");
    }

    @Test
    void answersBodiesRingmapDoesNotTakeWithProblemsNot500s() {
        // form and multipart bodies used to be parsed before any handler ran, failing the request when broken
        problem(
                RawHttp.send(
                        port,
                        "PATCH /token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded"
                                + "\r\nContent-Length: 5\r\nConnection: close\r\n\r\na=%ZZ"),
                405,
                "method-not-allowed");
        problem(
                RawHttp.send(port, post("/token", "multipart/form-data", "]\u00ada%^<")),
                415,
                "unsupported-media-type");
    }

    @Test
    void answersTheErrorPathItselfAsAnUnknownPath() {
        problem(RawHttp.send(port, get("/error")), 404, "not-found");
    }

    @Test
    void logsClientMistakesWithoutErrorsOrStackTraces(CapturedOutput output) {
        String[] bad = {
            get("/token?keyspace=%"),
            get("/token?keyspace=%ZZ"),
            get("/ring?keyspace=%ED%A0%80"),
            "GARBAGE\r\n\r\n",
            get("/token?keyspace=a|b"),
            get("/" + "x".repeat(9000)),
            "GET /ring HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(9000) + "\r\n\r\n",
            "GET / HTTP/2.0\r\nHost: x\r\n\r\n",
            "POST /token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                    + "\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n",
            post("/token", "application/json", "{\"keys\": ["),
            "DELETE /token HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        };
        for (String request : bad) {
            RawHttp.send(port, request);
            RawHttp.send(managementPort, request);
        }
        assertThat(RawHttp.send(port, get("/replicas?keyspace=iot&token=1523456789012345678"))
                        .status())
                .isEqualTo(200);
        String logged = output.getAll();
        assertThat(logged).contains("rejected client request");
        assertThat(logged).doesNotContain(" ERROR ").doesNotContain("\tat ").doesNotContain("Exception:");
        assertThat(logged).doesNotContain("PageNotFound");
    }
}
