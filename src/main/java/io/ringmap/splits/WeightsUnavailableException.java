package io.ringmap.splits;

/**
 * Size figures from the servers are not available: no live cluster (static topology), or none collected yet.
 */
public class WeightsUnavailableException extends RuntimeException {

    private final boolean retryable;

    /** @param retryable true when a later collection round may bring the figures */
    public WeightsUnavailableException(String message, boolean retryable) {
        super(message);
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }
}
