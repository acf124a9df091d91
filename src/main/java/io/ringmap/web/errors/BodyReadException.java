package io.ringmap.web.errors;

import java.io.IOException;

/**
 * Reading a request body was stopped by one of the API port's body limits; the problem says which. Thrown from the
 * body stream, so it reaches the problem handler as the cause of Spring MVC's unreadable-message exception.
 */
public abstract sealed class BodyReadException extends IOException
        permits BodyTooLargeException, BodyReadTimeoutException {

    BodyReadException(String message) {
        super(message);
    }

    /** The problem to answer. */
    public abstract HttpProblem problem();
}
