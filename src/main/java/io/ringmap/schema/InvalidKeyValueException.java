package io.ringmap.schema;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemException;
import io.ringmap.problem.ProblemKind;

/** A partition key component value that does not parse or serialize as its column's CQL type. */
public class InvalidKeyValueException extends IllegalArgumentException implements ProblemException {

    /** The most characters of the value a problem shows. */
    private static final int MAX_VALUE_SHOWN = 256;

    private static final int MAX_SHOWN = 200;

    private final String column;
    private final String value;
    private final String expectedCqlType;
    private final String reason;

    public InvalidKeyValueException(String column, String value, String expectedCqlType, String reason) {
        super("value '" + shorten(value) + "' for partition key column '" + column + "' is not a valid "
                + expectedCqlType + ": " + reason);
        this.column = column;
        this.value = value;
        this.expectedCqlType = expectedCqlType;
        this.reason = reason;
    }

    private static String shorten(String value) {
        return value.length() <= MAX_SHOWN ? value : value.substring(0, MAX_SHOWN) + "...";
    }

    /** The problem, showing the value (its first {@value #MAX_VALUE_SHOWN} characters). */
    @Override
    public Problem problem() {
        String shown = value.length() <= MAX_VALUE_SHOWN ? value : value.substring(0, MAX_VALUE_SHOWN) + "...";
        return withSize(Problem.of(kind(), getMessage())
                .with("column", column)
                .with("value", shown)
                .with("expectedType", expectedCqlType));
    }

    /**
     * The problem without the value or the parser's reason (which may quote it): for a service that exports hot keys
     * hashed and hides clear keys, where no key value may leave the process.
     */
    public Problem problemWithoutValue() {
        return withSize(Problem.of(
                        kind(),
                        "the value for partition key column '" + column + "' is not a valid " + expectedCqlType
                                + " (the value is not shown: ringmap.hotkeys.export-key is hash)")
                .with("column", column)
                .with("expectedType", expectedCqlType));
    }

    /** The kind of problem; a key over Cassandra's size limit has its own. */
    ProblemKind kind() {
        return ProblemKind.INVALID_KEY_VALUE;
    }

    /** The members a subclass adds after the column's. */
    Problem withSize(Problem problem) {
        return problem;
    }

    public String column() {
        return column;
    }

    public String value() {
        return value;
    }

    public String expectedCqlType() {
        return expectedCqlType;
    }

    public String reason() {
        return reason;
    }
}
