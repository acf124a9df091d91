package io.ringmap.planning;

import io.ringmap.problem.RequestProblem;
import java.util.Locale;
import java.util.Map;

/** A plan request that cannot be computed as given: a bad generator or workload, or a plan too large to compute. */
public class PlanException extends RequestProblem {

    /** What was wrong. */
    public enum Kind implements RequestProblem.Kind {
        /** 400: a design, generator, workload, guideline or node count that cannot be used. */
        INVALID_GENERATOR("invalid-generator", "Invalid generator", 400),
        /** 413: beyond the plan limits. */
        PLAN_TOO_LARGE("plan-too-large", "Plan too large", 413);

        private final Spec spec;

        Kind(String type, String title, int status) {
            this.spec = new Spec(type, title, status);
        }

        @Override
        public Spec spec() {
            return spec;
        }
    }

    public PlanException(Kind kind, String field, String message) {
        super(kind, "field", field, message);
    }

    private PlanException(String field, String message, long size, long limit) {
        super(Kind.PLAN_TOO_LARGE, "field", field, message, Map.of("size", size, "limit", limit));
    }

    /**
     * A 413 naming the field, what the request asks for and the limit: {@code "<size> <what>, more than the <limit>
     * <limit text> (<property>)"}, with {@code size} and {@code limit} as problem members.
     *
     * @param what what is counted, e.g. {@code "nodes in 3 data centres"}
     * @param limitText what the limit bounds, e.g. {@code "a token plan places"}
     * @param property the configuration property holding the limit, e.g. {@code ringmap.plan.max-nodes}
     */
    public static PlanException tooLarge(String field, long size, String what, long limit, String limitText,
            String property) {
        return new PlanException(field, String.format(Locale.ROOT, "%,d %s, more than the %,d %s (%s)", size, what,
                limit, limitText, property), size, limit);
    }

    @Override
    public Kind kind() {
        return (Kind) super.kind();
    }

    /** The request field at fault, e.g. {@code designs[1].columns[2].generator}. */
    public String field() {
        return member();
    }
}
