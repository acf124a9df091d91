package io.ringmap.problem;

import java.util.Objects;

/**
 * A question ringmap cannot answer as asked, as an unchecked exception carrying its {@link Problem}: the kind (stable
 * type, fixed title, status) and the members naming what is at fault. The cores throw subclasses of their own; one
 * renderer turns every one into the same RFC 9457 shape, so no package needs a problem mapper of its own.
 */
public abstract class RequestProblem extends RuntimeException implements ProblemException {

    private final Problem problem;

    /** The problem's detail is the exception's message. */
    protected RequestProblem(Problem problem) {
        this(Objects.requireNonNull(problem, "problem must not be null").detail(), problem);
    }

    /** For a detail that says more than the message, e.g. the names a client may use instead. */
    protected RequestProblem(String message, Problem problem) {
        super(message);
        this.problem = Objects.requireNonNull(problem, "problem must not be null");
    }

    @Override
    public Problem problem() {
        return problem;
    }

    public ProblemKind kind() {
        return problem.kind();
    }
}
