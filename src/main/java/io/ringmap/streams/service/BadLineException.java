package io.ringmap.streams.service;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;

/** A line of a streamed body that is not a key of the expected shape; answered in its place. */
public final class BadLineException extends RequestProblem {

    BadLineException(long line, String what) {
        super(ProblemKind.MALFORMED_BODY.problem("line " + line + ": " + what).with("line", line));
    }

    /** A line longer than {@code ringmap.api.streams.max-line-size}. */
    BadLineException(long line, int limit) {
        super(ProblemKind.STREAM_TOO_LONG
                .problem("line " + line + " is longer than the " + limit
                        + " bytes allowed (ringmap.api.streams.max-line-size)")
                .with("line", line)
                .with("limit", limit));
    }
}
