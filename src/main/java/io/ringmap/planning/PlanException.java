package io.ringmap.planning;

/** A plan request that cannot be computed as given: a bad generator or workload, or a plan too large to compute. */
public class PlanException extends RuntimeException {

    /** What was wrong. */
    public enum Kind {
        INVALID_GENERATOR, PLAN_TOO_LARGE
    }

    private final Kind kind;
    private final String field;

    public PlanException(Kind kind, String field, String message) {
        super(message);
        this.kind = kind;
        this.field = field;
    }

    public Kind kind() {
        return kind;
    }

    /** The request field at fault, e.g. {@code designs[1].columns[2].generator}. */
    public String field() {
        return field;
    }
}
