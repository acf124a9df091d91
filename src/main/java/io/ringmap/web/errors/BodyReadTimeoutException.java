package io.ringmap.web.errors;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemKind;

import java.time.Duration;

/** A request body did not arrive within {@code ringmap.api.body-reads.timeout}. */
public final class BodyReadTimeoutException extends BodyReadException {

    private final Duration timeout;

    public BodyReadTimeoutException(Duration timeout) {
        super("request body did not arrive within " + timeout.toMillis() + " ms (ringmap.api.body-reads.timeout)");
        this.timeout = timeout;
    }

    @Override
    public Problem problem() {
        return ProblemKind.BODY_READ_TIMEOUT.problem("the request body did not arrive within " + timeout.toMillis()
                + " ms (ringmap.api.body-reads.timeout)").with("timeoutMillis", timeout.toMillis());
    }
}
