package io.ringmap.web.errors;

/** A request body grew past {@code ringmap.api.max-body-size} while being read (a chunked body has no length). */
public final class BodyTooLargeException extends BodyReadException {

    private final long limit;

    public BodyTooLargeException(long limit) {
        super("request body is larger than the " + limit + " bytes allowed (ringmap.api.max-body-size)");
        this.limit = limit;
    }

    @Override
    public HttpProblem problem() {
        return problem(limit);
    }

    /** The problem answered for a body over the limit. */
    public static HttpProblem problem(long limit) {
        return new HttpProblem(413, io.ringmap.problem.ProblemTypes.BODY_TOO_LARGE, "Request body too large",
                "the request body is larger than the " + limit + " bytes allowed (ringmap.api.max-body-size)")
                .with("limit", limit);
    }
}
