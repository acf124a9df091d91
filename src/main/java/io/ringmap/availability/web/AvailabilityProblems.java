package io.ringmap.availability.web;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The RFC 9457 problem of {@code /availability/safe-to-stop}: {@code unsafe-to-stop} (409) with the reasons. The
 * 400 problems of consistency-level questions are {@link io.ringmap.availability.AvailabilityRequestException}s,
 * answered by {@link io.ringmap.web.RequestProblemHandler}.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
public class AvailabilityProblems {

    static final String BASE = "urn:ringmap:problem:";

    /** A node cannot be stopped without a keyspace losing the consistency level. */
    public static class UnsafeToStopException extends RuntimeException {

        private final String node;
        private final String consistency;
        private final List<String> reasons;

        UnsafeToStopException(String node, String consistency, List<String> reasons) {
            super("stopping " + node + " would lose " + consistency + ": " + String.join("; ", reasons));
            this.node = node;
            this.consistency = consistency;
            this.reasons = List.copyOf(reasons);
        }
    }

    @ExceptionHandler(UnsafeToStopException.class)
    ResponseEntity<ProblemDetail> unsafe(UnsafeToStopException e, HttpServletRequest request) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, e.getMessage());
        p.setType(URI.create(BASE + "unsafe-to-stop"));
        p.setTitle("Unsafe to stop");
        p.setProperty("node", e.node);
        p.setProperty("consistency", e.consistency);
        p.setProperty("reasons", e.reasons);
        return respond(p, request);
    }

    private static ResponseEntity<ProblemDetail> respond(ProblemDetail p, HttpServletRequest request) {
        p.setInstance(URI.create(request.getRequestURI()));
        return ResponseEntity.status(p.getStatus()).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(p);
    }
}
