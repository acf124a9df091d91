package io.ringmap.config;

import io.ringmap.problem.InvalidParameterException;
import io.ringmap.splits.Splitter;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * Limits of the HTTP API.
 *
 * @param maxBatchSize the most keys one {@code POST /token}, {@code POST /replicas} or {@code POST /hits} may carry
 * @param maxBodySize the largest request body accepted (413 beyond), with or without a {@code Content-Length}
 * @param maxSplits the most splits one {@code GET /splits} may ask for ({@code n}); every split carries its ranges'
 *     CQL, so the answer grows with n (about 700 bytes a split on a single-token ring)
 * @param singleKeyFilter answer {@code GET /replicas} ahead of Spring MVC's dispatch (the same answer, headers and
 *     observation; {@code io.ringmap.routing.web.fastpath}); off, Spring MVC answers every request
 */
@Validated
@ConfigurationProperties("ringmap.api")
public record ApiProperties(
        @DefaultValue("10000") @Min(1) @Max(1_000_000) int maxBatchSize,
        @DefaultValue("16MB") @NotNull DataSize maxBodySize,

        @DefaultValue("10000") @Min(1) @Max(Splitter.MAX_SPLITS)
        int maxSplits,

        @DefaultValue("true") boolean singleKeyFilter) {

    @ConstructorBinding
    public ApiProperties {
        if (maxBodySize != null && maxBodySize.toBytes() < 1) {
            throw new IllegalArgumentException("ringmap.api.max-body-size must be at least 1 byte, was " + maxBodySize);
        }
    }

    /**
     * Checks {@code n} of {@code GET /splits} against {@link #maxSplits}.
     *
     * @throws InvalidParameterException outside 1..{@code ringmap.api.max-splits}
     */
    public void checkSplits(int n) {
        if (n < 1 || n > maxSplits) {
            throw new InvalidParameterException(
                    "n", "n must be between 1 and " + maxSplits + " (ringmap.api.max-splits), was " + n);
        }
    }

    /** The given batch limit and the default body (16 MB) and splits (10,000) limits. */
    public ApiProperties(int maxBatchSize) {
        this(maxBatchSize, DataSize.ofMegabytes(16), 10_000, true);
    }
}
