package io.ringmap.config;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemKind;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * Bounds of a streamed batch ({@code POST /token} and {@code POST /replicas} with an NDJSON or CSV body): a stream is
 * not bounded by its size in bytes but by its lines and its time, and only a few run at once so that they cannot
 * hold the workers single-key callers need.
 *
 * @param maxLines      the most lines one stream may carry (its CSV header and blank lines included); the line past
 *                      it is answered with a 413 {@code stream-too-long} problem and the stream ends there
 * @param timeout       the longest one stream may take, from its first byte read to its last answer written (a 408
 *                      {@code body-read-timeout} problem ends it); also bounds a client that stops reading answers
 * @param maxLineSize   the longest line (as sent, after un-gzipping), so that one line's buffer stays small
 * @param maxConcurrent the most streams in progress at once (503 {@code body-reads-busy} beyond); each also counts
 *                      against {@code ringmap.api.body-reads.max-concurrent} and holds one worker thread for its whole
 *                      length
 */
@Validated
@ConfigurationProperties("ringmap.api.streams")
public record StreamProperties(
        @DefaultValue("100000000") @Min(1) long maxLines,
        @DefaultValue("10m") @NotNull Duration timeout,
        @DefaultValue("64KB") @NotNull DataSize maxLineSize,
        @DefaultValue("2") @Min(1) @Max(1000) int maxConcurrent) {

    public StreamProperties {
        if (timeout != null && (timeout.toMillis() < 100 || timeout.compareTo(Duration.ofHours(24)) > 0)) {
            throw new IllegalArgumentException("ringmap.api.streams.timeout must be from 100ms to 24h, was " + timeout);
        }
        if (maxLineSize != null && (maxLineSize.toBytes() < 256 || maxLineSize.toBytes() > 16L * 1024 * 1024)) {
            throw new IllegalArgumentException(
                    "ringmap.api.streams.max-line-size must be from 256B to 16MB, was " + maxLineSize);
        }
    }

    /** The problem ending a stream that took longer than {@link #timeout()}. */
    public Problem timedOut() {
        return ProblemKind.BODY_READ_TIMEOUT
                .problem("the stream did not end within " + timeout.toMillis() + " ms (ringmap.api.streams.timeout)")
                .with("timeoutMillis", timeout.toMillis());
    }

    /** The defaults (100,000,000 lines, 10 minutes, 64 KB lines, 2 at once). */
    public static StreamProperties defaults() {
        return new StreamProperties(100_000_000L, Duration.ofMinutes(10), DataSize.ofKilobytes(64), 2);
    }
}
