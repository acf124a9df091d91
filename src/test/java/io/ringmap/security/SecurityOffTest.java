package io.ringmap.security;

import static io.ringmap.security.SecurityAssertions.assertProbesOpen;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * By default (ringmap.security.mode=none) every caller is served, POST /hits included, without credentials; answers
 * still carry the headers against sniffing and framing, and health shows its details to everyone (as /ring does).
 */
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
    void credentialsAreIgnoredAndAddNoChallenge() {
        Caller withJunk = new Caller(
                port, managementPort, Map.of("Authorization", "Bearer not-a-token", "X-API-Key", "not-a-key"));

        var answer = withJunk.get(Caller.READ);
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("WWW-Authenticate")).isEmpty();
        assertThat(withJunk.postHits().statusCode()).isEqualTo(200);
    }

    @Test
    void everyAnswerForbidsSniffingAndFraming() {
        Caller anonymous = new Caller(port, managementPort, Map.of());

        for (var answer : java.util.List.of(
                anonymous.get(Caller.READ),
                anonymous.get("/replicas?keyspace=iot"),
                anonymous.get("/ring"),
                anonymous.postHits(),
                anonymous.get("/no-such-endpoint"))) {
            assertThat(answer.headers().allValues("X-Content-Type-Options")).containsExactly("nosniff");
            assertThat(answer.headers().allValues("X-Frame-Options")).containsExactly("DENY");
        }
    }

    @Test
    void healthShowsStatusesAndDetailsToEveryone() {
        var health = new Caller(port, managementPort, Map.of()).management("/actuator/health");

        // who can read the details (the ring's source, why a cluster refused) can already read /ring
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body())
                .contains("\"ring\"", "\"diskSpace\"", "\"UP\"", "\"details\"", "\"path\"", "\"source\"");
    }
}
