package io.ringmap.token;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemException;
import io.ringmap.problem.ProblemKind;

/** A token's text does not parse for the cluster's partitioner. */
public class TokenFormatException extends IllegalArgumentException implements ProblemException {

    private final String text;
    private final String partitioner;

    public TokenFormatException(String text, String partitioner, String reason) {
        super("token '" + text + "' is not a valid " + partitioner + " token: " + reason);
        this.text = text;
        this.partitioner = partitioner;
    }

    @Override
    public Problem problem() {
        return ProblemKind.INVALID_TOKEN
                .problem(getMessage())
                .with("token", text)
                .with("partitioner", partitioner);
    }

    public String text() {
        return text;
    }

    public String partitioner() {
        return partitioner;
    }
}
