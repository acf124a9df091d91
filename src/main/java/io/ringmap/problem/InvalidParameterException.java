package io.ringmap.problem;

/**
 * A request parameter or body field is missing, malformed or out of range ({@link ProblemKind#INVALID_PARAMETER}):
 * thrown by controllers and services alike, naming it in {@code parameter}.
 */
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
