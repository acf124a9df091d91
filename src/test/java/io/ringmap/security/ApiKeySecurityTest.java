package io.ringmap.security;

import static io.ringmap.security.SecurityAssertions.assertProbesOpen;
import static io.ringmap.security.SecurityAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** ringmap.security.mode=api-key: a reader key, a reporter key with both scopes; probes stay open. */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "management.server.port=0",
            "ringmap.security.mode=api-key",
            "ringmap.hotkeys.export-key=hash",
            "ringmap.hotkeys.salt=test-salt",
            "ringmap.security.api-keys.dashboard.key=" + ApiKeySecurityTest.READER_KEY,
            "ringmap.security.api-keys.dashboard.scopes=ringmap:read",
            "ringmap.security.api-keys.relay.key=" + ApiKeySecurityTest.REPORTER_KEY,
            "ringmap.security.api-keys.relay.scopes=ringmap:read,ringmap:hits"
        })
@ExtendWith(OutputCaptureExtension.class)
@Isolated("reads the process's output")
class ApiKeySecurityTest extends RunningRingmap {

    static final String READER_KEY = "rk-5b1f0c2e9a7d4e31";
    static final String REPORTER_KEY = "wk-81c3aa0f6e2b7d94";

    @Autowired
    MeterRegistry meters;

    @Test
    void anonymousCallersAreAskedForAKeyButProbesStayOpen() {
        var read = assertProblem(anonymous().get(Caller.READ), 401, "unauthorized");
        assertThat(read.get("detail").asString()).contains("X-API-Key");
        assertThat(anonymous().get(Caller.READ).headers().firstValue("WWW-Authenticate"))
                .isPresent();
        assertProblem(anonymous().postHits(), 401, "unauthorized");
        assertProblem(anonymous().get("/no-such-endpoint"), 401, "unauthorized");
        assertProbesOpen(anonymous());
        assertThat(anonymous().get("/v3/api-docs").statusCode()).isEqualTo(200);
    }

    @Test
    void securityHeadersAppearOnceOnEveryAnswer() {
        Caller reader = anonymous().with("X-API-Key", READER_KEY);

        for (var answer : java.util.List.of(
                anonymous().get(Caller.READ),
                reader.get(Caller.READ),
                reader.get("/replicas?keyspace=iot&table=readings&sensor_id=s-1&day=2026-10-01"),
                reader.postHits())) {
            assertThat(answer.headers().allValues("X-Content-Type-Options")).containsExactly("nosniff");
            assertThat(answer.headers().allValues("X-Frame-Options")).containsExactly("DENY");
        }
    }

    @Test
    void theApiDocumentAsksForTheKeyOnEveryOperation() {
        var doc = SecurityAssertions.apiDocument(anonymous());

        assertThat(doc.at("/components/securitySchemes/apiKey/type").asString()).isEqualTo("apiKey");
        assertThat(doc.at("/components/securitySchemes/apiKey/in").asString()).isEqualTo("header");
        assertThat(doc.at("/components/securitySchemes/apiKey/name").asString()).isEqualTo("X-API-Key");
        assertThat(SecurityAssertions.operationScopes(doc, "apiKey"))
                .containsEntry("post /hits", "ringmap:hits")
                .containsEntry("get /replicas", "ringmap:read")
                .containsEntry("post /token", "ringmap:read")
                .doesNotContainValue(null);
    }

    @Test
    void aReaderKeyReadsButMayNotReportHits(CapturedOutput output) {
        Caller reader = anonymous().with("X-API-Key", READER_KEY);

        assertThat(reader.get(Caller.READ).statusCode()).isEqualTo(200);
        assertThat(reader.get("/ring").statusCode()).isEqualTo(200);
        var denied = assertProblem(reader.postHits(), 403, "forbidden");
        assertThat(denied.get("scope").asString()).isEqualTo("ringmap:hits");
        assertThat(denied.get("detail").asString()).contains("POST /hits", "ringmap:hits");
        assertThat(output.getAll()).doesNotContain(READER_KEY, REPORTER_KEY);
    }

    @Test
    void theSingleKeyNeedsAKeyAndCarriesTheCachingAndSecurityHeaders() {
        String key = "/replicas?keyspace=iot&table=readings&sensor_id=s-1&day=2026-10-01";
        // the single-key filter runs after Spring Security: a refused caller never reaches it
        Counter filtered = meters.get("ringmap.single.key.answered").counter();
        double before = filtered.count();

        assertProblem(anonymous().get(key), 401, "unauthorized");
        assertThat(filtered.count()).isEqualTo(before);

        var answer = anonymous().with("X-API-Key", READER_KEY).get(key);
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(filtered.count()).isEqualTo(before + 1);
        assertThat(answer.headers().firstValue("ETag"))
                .hasValueSatisfying(tag -> assertThat(tag).startsWith("W/\""));
        assertThat(answer.headers().firstValue("Cache-Control")).hasValue("no-cache");
        assertThat(answer.headers().allValues("X-Content-Type-Options")).containsExactly("nosniff");
        assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(answer.headers().firstValueAsLong("Content-Length"))
                .hasValue(answer.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
    }

    @Test
    void aReporterKeyReadsAndReportsHits() {
        Caller reporter = anonymous().with("X-API-Key", REPORTER_KEY);

        assertThat(reporter.get(Caller.READ).statusCode()).isEqualTo(200);
        assertThat(reporter.postHits().statusCode()).isEqualTo(200);
    }

    @Test
    void anUnknownKeyIsUnauthorizedAndNeverEchoed(CapturedOutput output) {
        String guess = READER_KEY.substring(0, READER_KEY.length() - 1) + "X";
        var r = anonymous().with("X-API-Key", guess).get(Caller.READ);

        var body = assertProblem(r, 401, "unauthorized");
        assertThat(r.body()).doesNotContain(guess);
        assertThat(body.get("detail").asString()).contains("not valid");
        assertThat(output.getAll()).doesNotContain(guess);
    }
}
