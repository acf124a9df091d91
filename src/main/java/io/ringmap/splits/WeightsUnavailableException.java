package io.ringmap.splits;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;

/**
 * Size figures from the servers are not available: no live cluster (static topology), or none collected yet.
 */
public class WeightsUnavailableException extends RequestProblem {

    private final boolean retryable;

    /** @param retryable true when a later collection round may bring the figures */
    public WeightsUnavailableException(String message, boolean retryable) {
        // not retryable: the service's configuration (a static topology, collection switched off), not a fault of the
        // server; a 5xx there would let any caller fire the server-error alert
        super(
                retryable
                        ? ProblemKind.SIZES_UNAVAILABLE
                                .problem(message)
                                .with("retryable", true)
                                .withHeader("Retry-After", "30")
                        : ProblemKind.SIZES_NOT_COLLECTED.problem(message).with("retryable", false));
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }
}
