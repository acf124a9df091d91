package io.ringmap.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.ringmap.snapshot.TopologyRefreshMetrics;
import io.ringmap.testsupport.Ports;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A cluster ringmap cannot reach (its contact point refuses connections, on loopback: no Cassandra needed): health
 * names the reason, every failed attempt is counted, and the log says so once, not once per attempt.
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
@Isolated("reads the process's output")
class UnreachableClusterTest {

    static final int REFUSING_PORT = Ports.free(); // nobody listens: refused

    @DynamicPropertySource
    static void refusedContactPoint(DynamicPropertyRegistry registry) {
        registry.add("spring.cassandra.contact-points", () -> "127.0.0.1:" + REFUSING_PORT);
        registry.add("spring.cassandra.local-datacenter", () -> "dc1");
        registry.add("ringmap.topology.cluster.reconnect-max-delay", () -> "500ms");
        registry.add("ringmap.sizes.enabled", () -> "false");
    }

    @Autowired
    @Qualifier("ring")
    HealthIndicator ring;

    @Autowired
    MeterRegistry meters;

    @Test
    void namesTheReasonCountsEveryAttemptAndLogsTheStateOnce(CapturedOutput output) {
        double failures = await().atMost(Duration.ofSeconds(60)).until(this::failures, n -> n >= 3);

        var health = ring.health();
        assertThat(health.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
        assertThat(health.getDetails().get("cause"))
                .isEqualTo("cannot connect to Cassandra: no node answered: " + "127.0.0.1:" + REFUSING_PORT
                        + ": connection refused");
        assertThat(failures).isGreaterThanOrEqualTo(3);
        // after the start-up lines: one line for the unreachable cluster, none for the three attempts or more
        List<String> lines = Arrays.stream(output.getAll().split("\\R"))
                .dropWhile(l -> !l.contains("cannot connect to Cassandra"))
                .filter(l -> !l.isBlank())
                .toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).contains("WARN", "connection refused", "(attempt 1)");
    }

    private double failures() {
        return meters.get(TopologyRefreshMetrics.FAILURES).functionCounter().count();
    }
}
