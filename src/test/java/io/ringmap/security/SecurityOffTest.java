package io.ringmap.security;

import static io.ringmap.security.SecurityAssertions.assertProbesOpen;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** By default (ringmap.security.mode=none) every caller is served, POST /hits included, without credentials. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
class SecurityOffTest {

    @LocalServerPort
    int port;

    @Value("${local.management.port}")
    int managementPort;

    @Test
    void anonymousCallersReadAndReportHits() {
        Caller anonymous = new Caller(port, managementPort, Map.of());

        assertThat(anonymous.get(Caller.READ).statusCode()).isEqualTo(200);
        assertThat(anonymous.get("/ring").statusCode()).isEqualTo(200);
        assertThat(anonymous.postHits().statusCode()).isEqualTo(200);
        assertProbesOpen(anonymous);
    }

    @Test
    void credentialsAreIgnoredAndAddNoSecurityHeaders() {
        Caller withJunk = new Caller(port, managementPort, Map.of("Authorization", "Bearer not-a-token",
                "X-API-Key", "not-a-key"));

        var answer = withJunk.get(Caller.READ);
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("WWW-Authenticate")).isEmpty();
        assertThat(answer.headers().firstValue("X-Frame-Options")).isEmpty();
        assertThat(withJunk.postHits().statusCode()).isEqualTo(200);
    }
}
