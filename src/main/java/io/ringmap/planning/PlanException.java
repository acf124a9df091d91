package io.ringmap.planning;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;
import java.util.Locale;

/**
 * A plan request that cannot be computed as given: a bad generator or workload ({@link ProblemKind#INVALID_GENERATOR}),
 * or a plan too large to compute ({@link ProblemKind#PLAN_TOO_LARGE}). The problem names the request {@code field}.
 */
public class PlanException extends RequestProblem {

    private final String field;

    public PlanException(ProblemKind kind, String field, String message) {
        super(kind.problem(message).with("field", field));
        this.field = field;
    }

    private PlanException(String field, String message, long size, long limit) {
        super(ProblemKind.PLAN_TOO_LARGE
                .problem(message)
                .with("field", field)
                .with("size", size)
                .with("limit", limit));
        this.field = field;
    }

    /**
     * A 413 naming the field, what the request asks for and the limit: {@code "<size> <what>, more than the <limit>
     * <limit text> (<property>)"}, with {@code size} and {@code limit} as problem members.
     *
     * @param what what is counted, e.g. {@code "nodes in 3 data centres"}
     * @param limitText what the limit bounds, e.g. {@code "a token plan places"}
     * @param property the configuration property holding the limit, e.g. {@code ringmap.plan.max-nodes}
     */
    public static PlanException tooLarge(
            String field, long size, String what, long limit, String limitText, String property) {
        return new PlanException(
                field,
                String.format(Locale.ROOT, "%,d %s, more than the %,d %s (%s)", size, what, limit, limitText, property),
                size,
                limit);
    }

    /** The request field at fault, e.g. {@code designs[1].columns[2].generator}. */
    public String field() {
        return field;
    }
}
