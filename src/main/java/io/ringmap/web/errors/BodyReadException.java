package io.ringmap.web.errors;

import io.ringmap.problem.ProblemException;
import java.io.IOException;

/**
 * Reading a request body was stopped by one of the API port's body limits; the problem says which. Thrown from the
 * body stream (so an {@link IOException}), it reaches the problem handler as the cause of Spring MVC's
 * unreadable-message exception.
 */
public abstract sealed class BodyReadException extends IOException implements ProblemException
        permits BodyTooLargeException, BodyReadTimeoutException {

    BodyReadException(String message) {
        super(message);
    }
}
