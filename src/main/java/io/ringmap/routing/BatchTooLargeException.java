package io.ringmap.routing;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;

/** A batch request carries more items than {@code ringmap.api.max-batch-size} allows. */
public class BatchTooLargeException extends RequestProblem {

    private final int size;
    private final int limit;

    public BatchTooLargeException(int size, int limit) {
        super(ProblemKind.BATCH_TOO_LARGE
                .problem("batch of " + size + " items exceeds the limit of " + limit + " (ringmap.api.max-batch-size)")
                .with("size", size)
                .with("limit", limit));
        this.size = size;
        this.limit = limit;
    }

    public int size() {
        return size;
    }

    public int limit() {
        return limit;
    }
}
