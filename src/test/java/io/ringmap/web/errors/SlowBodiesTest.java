package io.ringmap.web.errors;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Clients that announce a request body and then stall must not take every worker: with 20 Tomcat workers, three
 * times as many stalled POSTs leave a GET /replicas answered at once, the stalled requests are refused (503 beyond
 * ringmap.api.body-reads.max-concurrent, 408 when their body does not arrive in time, 401 without credentials) and
 * their connections closed, not swallowed. Before these limits as many such connections as workers held them all for
 * 60 s (docs/performance.md, "Stalled request bodies").
 */
class SlowBodiesTest {

    static final String GET = "/replicas?keyspace=iot&token=1523456789012345678";
    static final int STALLED = 60;
    static final Duration GET_ANSWERS_WITHIN = Duration.ofSeconds(2);

    @Nested
    @SpringBootTest(
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {
                "management.server.port=0",
                "server.tomcat.threads.max=20",
                "ringmap.api.body-reads.max-concurrent=5",
                "ringmap.api.body-reads.timeout=2s"
            })
    class WithoutAuthentication {

        @LocalServerPort
        int port;

        @Test
        void stalledBodiesLeaveWorkersForOthersAndTimeOut() throws Exception {
            assertThat(SlowBodies.timeGet(port, GET, "", Duration.ofSeconds(30)))
                    .isPresent(); // warm
            try (SlowBodies slow = SlowBodies.open(port, "/token", "", STALLED)) {
                Thread.sleep(500);

                Optional<Duration> get = SlowBodies.timeGet(port, GET, "", Duration.ofSeconds(5));
                assertThat(get).hasValueSatisfying(d -> assertThat(d).isLessThan(GET_ANSWERS_WITHIN));
                List<SlowBodies.Outcome> early = slow.outcomes(Duration.ofSeconds(1));
                assertThat(early.stream()
                                .filter(o -> o.status() == 503 && o.closed())
                                .count())
                        .isEqualTo(STALLED - 5);

                // the five admitted bodies time out after 2 s (a read waits at most that long too)
                List<SlowBodies.Outcome> late = slow.outcomes(Duration.ofSeconds(6));
                assertThat(late).allSatisfy(o -> assertThat(o.closed()).isTrue());
                assertThat(late.stream().filter(o -> o.status() == 408).count()).isEqualTo(5);
            }
        }
    }

    @Nested
    @SpringBootTest(
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {
                "management.server.port=0",
                "server.tomcat.threads.max=20",
                "ringmap.security.mode=api-key",
                "ringmap.hotkeys.export-key=hash",
                "ringmap.hotkeys.salt=test-salt",
                "ringmap.security.api-keys.reader.key=" + WithApiKeys.KEY,
                "ringmap.security.api-keys.reader.scopes=ringmap:read"
            })
    class WithApiKeys {

        static final String KEY = "rk-4f0b6e2d9c1a8357";

        @LocalServerPort
        int port;

        @Value("${local.management.port}")
        int managementPort;

        @Test
        void unauthenticatedBodiesAreRefusedWithoutBeingRead() throws Exception {
            assertThat(SlowBodies.timeGet(port, GET, "X-API-Key: " + KEY + "\r\n", Duration.ofSeconds(30)))
                    .isPresent(); // warm
            try (SlowBodies slow = SlowBodies.open(port, "/token", "", STALLED)) {
                List<SlowBodies.Outcome> outcomes = slow.outcomes(Duration.ofSeconds(2));

                assertThat(outcomes).allSatisfy(o -> {
                    assertThat(o.status()).isEqualTo(401);
                    assertThat(o.closed()).isTrue();
                });
                assertThat(SlowBodies.timeGet(port, GET, "X-API-Key: " + KEY + "\r\n", Duration.ofSeconds(5)))
                        .hasValueSatisfying(d -> assertThat(d).isLessThan(GET_ANSWERS_WITHIN));
            }
        }

        @Test
        void unauthenticatedBodiesOnTheManagementPortLeaveTheProbesAnswered() throws Exception {
            try (SlowBodies slow = SlowBodies.open(managementPort, "/actuator/loggers/ROOT", "", STALLED)) {
                List<SlowBodies.Outcome> outcomes = slow.outcomes(Duration.ofSeconds(2));

                assertThat(outcomes).allSatisfy(o -> {
                    assertThat(o.status()).isEqualTo(401);
                    assertThat(o.closed()).isTrue();
                });
                assertThat(SlowBodies.timeGet(managementPort, "/livez", "", Duration.ofSeconds(5)))
                        .hasValueSatisfying(d -> assertThat(d).isLessThan(GET_ANSWERS_WITHIN));
            }
        }
    }
}
