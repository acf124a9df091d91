package io.ringmap.schema;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemException;
import io.ringmap.problem.ProblemKind;

/** A CQL type text that does not parse, or names a type that cannot be (or is not supported as) a partition key. */
public class UnsupportedKeyTypeException extends IllegalArgumentException implements ProblemException {

    private final String typeText;

    public UnsupportedKeyTypeException(String typeText, String message) {
        super(message);
        this.typeText = typeText;
    }

    @Override
    public Problem problem() {
        return ProblemKind.UNSUPPORTED_KEY_TYPE.problem(getMessage()).with("cqlType", typeText);
    }

    /** The offending type text, as given. */
    public String typeText() {
        return typeText;
    }
}
