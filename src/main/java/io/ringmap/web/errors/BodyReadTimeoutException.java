package io.ringmap.web.errors;

import java.time.Duration;

/** A request body did not arrive within {@code ringmap.api.body-reads.timeout}. */
public final class BodyReadTimeoutException extends BodyReadException {

    private final Duration timeout;

    public BodyReadTimeoutException(Duration timeout) {
        super("request body did not arrive within " + timeout.toMillis() + " ms (ringmap.api.body-reads.timeout)");
        this.timeout = timeout;
    }

    @Override
    public HttpProblem problem() {
        return new HttpProblem(408, io.ringmap.problem.ProblemTypes.BODY_READ_TIMEOUT, "Request body too slow",
                "the request body did not arrive within " + timeout.toMillis()
                        + " ms (ringmap.api.body-reads.timeout)")
                .with("timeoutMillis", timeout.toMillis());
    }
}
