package io.ringmap.planning;

import io.ringmap.problem.RequestProblem;

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

    @Override
    public Kind kind() {
        return (Kind) super.kind();
    }

    /** The request field at fault, e.g. {@code designs[1].columns[2].generator}. */
    public String field() {
        return member();
    }
}
