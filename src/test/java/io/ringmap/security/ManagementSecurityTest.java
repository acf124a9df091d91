package io.ringmap.security;

import static io.ringmap.security.SecurityAssertions.assertProbesOpen;
import static io.ringmap.security.SecurityAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.boot.test.context.SpringBootTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * ringmap.security.mode=api-key with the env, threaddump and loggers endpoints exposed as an operator might: health,
 * info, prometheus and the probes stay open, every other management endpoint needs the management scope, and health
 * details (the disk path, the ring's source) only show to a caller with that scope.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "management.server.port=0",
            "management.endpoints.web.exposure.include=health,info,prometheus,env,threaddump,loggers",
            "ringmap.security.mode=api-key",
            "ringmap.hotkeys.export-key=hash",
            "ringmap.hotkeys.salt=test-salt",
            "ringmap.security.api-keys.dashboard.key=" + ManagementSecurityTest.READER_KEY,
            "ringmap.security.api-keys.dashboard.scopes=ringmap:read,ringmap:hits",
            "ringmap.security.api-keys.operator.key=" + ManagementSecurityTest.OPERATOR_KEY,
            "ringmap.security.api-keys.operator.scopes=ringmap:manage"
        })
@Isolated("changes the root log level, which a context starting beside it resets")
class ManagementSecurityTest extends RunningRingmap {

    static final String READER_KEY = "rk-0d6c2b94e1f75a38";
    static final String OPERATOR_KEY = "op-7e2a91c4d05b6f83";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void exposedEndpointsNeedTheManagementScopeButProbesAndScrapesStayOpen() {
        Caller reader = anonymous().with("X-API-Key", READER_KEY);
        Caller operator = anonymous().with("X-API-Key", OPERATOR_KEY);

        for (String path : new String[] {
            "/actuator/env", "/actuator/threaddump", "/actuator/loggers", "/actuator/loggers/ROOT", "/actuator"
        }) {
            assertProblem(anonymous().management(path), 401, "unauthorized");
            var denied = assertProblem(reader.management(path), 403, "forbidden");
            assertThat(denied.get("scope").asString()).as(path).isEqualTo("ringmap:manage");
            assertThat(operator.management(path).statusCode()).as(path).isEqualTo(200);
        }
        assertProbesOpen(anonymous());
    }

    @Test
    void onlyTheManagementScopeChangesALogLevel() {
        Caller reader = anonymous().with("X-API-Key", READER_KEY);
        Caller operator = anonymous().with("X-API-Key", OPERATOR_KEY);
        String level = rootLevel(operator);
        assertThat(level).isNotEqualTo("OFF");

        assertProblem(
                anonymous().managementPost("/actuator/loggers/ROOT", "{\"configuredLevel\":\"OFF\"}"),
                401,
                "unauthorized");
        assertProblem(
                reader.managementPost("/actuator/loggers/ROOT", "{\"configuredLevel\":\"OFF\"}"), 403, "forbidden");
        assertThat(rootLevel(operator)).isEqualTo(level);

        try {
            assertThat(operator.managementPost("/actuator/loggers/ROOT", "{\"configuredLevel\":\"WARN\"}")
                            .statusCode())
                    .isEqualTo(204);
            assertThat(rootLevel(operator)).isEqualTo("WARN");
        } finally {
            operator.managementPost("/actuator/loggers/ROOT", "{\"configuredLevel\":\"" + level + "\"}");
        }
    }

    @Test
    void healthShowsStatusesToEveryoneAndDetailsOnlyToTheManagementScope() {
        Caller reader = anonymous().with("X-API-Key", READER_KEY);
        Caller operator = anonymous().with("X-API-Key", OPERATOR_KEY);

        for (Caller caller : new Caller[] {anonymous(), reader}) {
            var health = caller.management("/actuator/health");
            assertThat(health.statusCode()).isEqualTo(200);
            JsonNode body = JSON.readTree(health.body());
            assertThat(body.at("/components/ring/status").asString()).isEqualTo("UP");
            assertThat(body.at("/components/diskSpace/status").asString()).isEqualTo("UP");
            assertThat(health.body()).doesNotContain("details", "path", "source");
        }
        JsonNode details = JSON.readTree(operator.management("/actuator/health").body());
        assertThat(details.at("/components/diskSpace/details/path").isMissingNode())
                .isFalse();
        assertThat(details.at("/components/ring/details/source").isMissingNode())
                .isFalse();
    }

    private static String rootLevel(Caller operator) {
        var r = operator.management("/actuator/loggers/ROOT");
        assertThat(r.statusCode()).isEqualTo(200);
        return JSON.readTree(r.body()).get("effectiveLevel").asString();
    }
}
