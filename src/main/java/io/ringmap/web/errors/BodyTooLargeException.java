package io.ringmap.web.errors;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemKind;

/** A request body grew past {@code ringmap.api.max-body-size} while being read (a chunked body has no length). */
public final class BodyTooLargeException extends BodyReadException {

    private final long limit;

    public BodyTooLargeException(long limit) {
        super("request body is larger than the " + limit + " bytes allowed (ringmap.api.max-body-size)");
        this.limit = limit;
    }

    @Override
    public Problem problem() {
        return problem(limit);
    }

    /** The problem answered for a body over the limit. */
    public static Problem problem(long limit) {
        return ProblemKind.BODY_TOO_LARGE
                .problem("the request body is larger than the " + limit + " bytes allowed (ringmap.api.max-body-size)")
                .with("limit", limit);
    }
}
