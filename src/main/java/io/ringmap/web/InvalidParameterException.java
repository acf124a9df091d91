package io.ringmap.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;

/** A request parameter is missing, malformed or out of range. */
public class InvalidParameterException extends RequestProblem {

    private final String parameter;

    public InvalidParameterException(String parameter, String message) {
        super(ProblemKind.INVALID_PARAMETER.problem(message).with("parameter", parameter));
        this.parameter = parameter;
    }

    public String parameter() {
        return parameter;
    }
}
