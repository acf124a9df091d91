package io.ringmap.web.errors;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemKind;
import java.time.Duration;

/**
 * A request body did not arrive within {@code ringmap.api.body-reads.timeout}, or a streamed batch did not end within
 * {@code ringmap.api.streams.timeout}.
 */
public final class BodyReadTimeoutException extends BodyReadException {

    private final Problem problem;

    public BodyReadTimeoutException(Duration timeout) {
        this(ProblemKind.BODY_READ_TIMEOUT
                .problem("the request body did not arrive within " + timeout.toMillis()
                        + " ms (ringmap.api.body-reads.timeout)")
                .with("timeoutMillis", timeout.toMillis()));
    }

    /** @param problem a {@code body-read-timeout} problem naming the bound that passed */
    public BodyReadTimeoutException(Problem problem) {
        super(problem.detail());
        this.problem = problem;
    }

    @Override
    public Problem problem() {
        return problem;
    }
}
