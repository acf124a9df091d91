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

    /** A required parameter is absent (or empty): the same answer whether Spring MVC or a parameter record finds it. */
    public static InvalidParameterException missing(String parameter) {
        return new InvalidParameterException(parameter, "required parameter '" + parameter + "' is missing");
    }

    /** A parameter's value is not of its type, e.g. {@code int}. */
    public static InvalidParameterException notA(String type, String parameter, Object value) {
        return new InvalidParameterException(
                parameter, "parameter '" + parameter + "' value '" + value + "' is not a valid " + type);
    }

    /**
     * {@code value}, which a parameter record's component {@code parameter} must have.
     *
     * @throws InvalidParameterException when it is absent (given empty, it is there: {@code ''})
     */
    public static <T> T required(String parameter, T value) {
        if (value == null) {
            throw missing(parameter);
        }
        return value;
    }

    public String parameter() {
        return parameter;
    }
}
