package io.ringmap.streams.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;

/** A streamed body sent with a {@code Content-Encoding} other than gzip (or none). */
final class UnsupportedContentEncodingException extends RequestProblem {

    UnsupportedContentEncodingException(String encoding) {
        super(ProblemKind.UNSUPPORTED_MEDIA_TYPE
                .problem("Content-Encoding '" + encoding + "' is not accepted here; "
                        + "send the body as it is or gzipped (Content-Encoding: gzip)")
                .with("contentEncoding", encoding));
    }
}
