package io.ringmap.web.errors;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.ringmap.testsupport.MovingClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.LoggerFactory;

@Isolated("attaches an appender to a shared logger")
class ClientErrorLogTest {

    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger("ClientErrorLogTest." + System.nanoTime());
    private final MovingClock clock = new MovingClock(Instant.parse("2026-10-01T10:00:00Z"));

    @BeforeEach
    void capture() {
        lines.start();
        logger.addAppender(lines);
    }

    private ClientErrorLog log(int maxLines) {
        return new ClientErrorLog(clock, maxLines, Duration.ofMinutes(1), logger);
    }

    private List<String> messages() {
        return lines.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    @Test
    void logsAtMostTheAllowedLinesPerIntervalAndCountsTheRest() {
        ClientErrorLog log = log(3);
        for (int i = 0; i < 10; i++) {
            log.rejected(400, "urn:ringmap:problem:malformed-request", "GET", "/ring", "bad " + i);
        }
        assertThat(messages()).hasSize(3).allSatisfy(m -> assertThat(m).startsWith("rejected client request"));
        assertThat(log.suppressed()).isEqualTo(7);

        clock.advance(Duration.ofSeconds(61));
        log.rejected(414, "urn:ringmap:problem:uri-too-long", "GET", null, "too long");
        assertThat(messages()).hasSize(5);
        assertThat(messages().get(3)).startsWith("7 more rejected client requests were not logged");
        assertThat(messages().get(4)).contains("GET -: 414 urn:ringmap:problem:uri-too-long - too long");
        assertThat(log.suppressed()).isZero();
    }

    @Test
    void logsWarnLinesWithoutStackTracesOrControlCharacters() {
        log(5).rejected(
                        400,
                        "urn:ringmap:problem:malformed-query",
                        "GET",
                        "/ring\r\nFORGED",
                        "detail\n" + "x".repeat(1000));
        ILoggingEvent event = lines.list.get(0);
        assertThat(event.getLevel().toString()).isEqualTo("WARN");
        assertThat(event.getThrowableProxy()).isNull();
        assertThat(event.getFormattedMessage())
                .doesNotContain("\n")
                .doesNotContain("\r")
                .contains("/ring??FORGED")
                .endsWith("...");
    }

    @Test
    void logsPathParametersByNameOnly() {
        // their values may be partition keys, personal data where hot keys are exported hashed
        log(5).rejected(400, "urn:ringmap:problem:malformed-request", "GET", "/token;sensor_id=alice%/x;a=1;b", "d");

        assertThat(messages().get(0)).contains("GET /token;sensor_id/x;a;b:").doesNotContain("alice");
        assertThat(ClientErrorLog.withoutParameters("/ring")).isEqualTo("/ring");
        assertThat(ClientErrorLog.withoutParameters("/a=b/ring")).isEqualTo("/a=b/ring");
        assertThat(ClientErrorLog.withoutParameters("/r;k=v=w;j=")).isEqualTo("/r;k;j");
    }
}
