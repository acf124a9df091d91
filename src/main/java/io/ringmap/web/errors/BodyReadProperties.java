package io.ringmap.web.errors;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How long and how many request bodies the API port reads at once, so that clients sending slowly cannot hold every
 * worker thread.
 *
 * @param timeout       the longest a request body may take to arrive, in total, from the moment its request is
 *                      dispatched (408 beyond); also the longest a single read of it waits for bytes
 * @param maxConcurrent the most requests with a body that may be in progress at once; more are answered 503 with
 *                      {@code Retry-After} at once (keep it well below {@code server.tomcat.threads.max}, so that
 *                      requests without a body always find a worker)
 */
@Validated
@ConfigurationProperties("ringmap.api.body-reads")
public record BodyReadProperties(
        @DefaultValue("5s") @NotNull Duration timeout,
        @DefaultValue("50") @Min(1) @Max(10_000) int maxConcurrent) {

    public BodyReadProperties {
        if (timeout != null && (timeout.isNegative() || timeout.toMillis() < 100 || timeout.toMillis() > 600_000)) {
            throw new IllegalArgumentException(
                    "ringmap.api.body-reads.timeout must be from 100ms to 10m, was " + timeout);
        }
    }
}
