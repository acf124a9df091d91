package io.ringmap.problem;

/**
 * Implemented by every exception ringmap answers a client with: the problem it is answered with. The one root of
 * client-facing exceptions (most extend {@link RequestProblem}; those that must stay an {@link IllegalArgumentException}
 * or an {@link java.io.IOException} implement this directly). The handlers render {@link #problem()}, never a message.
 */
public interface ProblemException {

    /** The problem this exception is answered with. */
    Problem problem();
}
