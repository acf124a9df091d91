package io.ringmap.availability.web;

import io.ringmap.availability.AvailabilityRequestException;
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
 * RFC 9457 problems of consistency-level questions (from {@code /availability} and {@code /replicas?consistency=}),
 * with stable types: {@code unknown-consistency-level}, {@code local-datacenter-required}, {@code unknown-node},
 * and {@code unsafe-to-stop} (409).
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

    @ExceptionHandler(AvailabilityRequestException.class)
    ResponseEntity<ProblemDetail> badRequest(AvailabilityRequestException e, HttpServletRequest request) {
        String[] typeAndTitle = switch (e.kind()) {
            case UNKNOWN_CONSISTENCY_LEVEL -> new String[] {"unknown-consistency-level", "Unknown consistency level"};
            case LOCAL_DATACENTER_REQUIRED -> new String[] {"local-datacenter-required",
                "Local data centre required"};
            case UNKNOWN_NODE -> new String[] {"unknown-node", "Unknown node"};
        };
        ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
        p.setType(URI.create(BASE + typeAndTitle[0]));
        p.setTitle(typeAndTitle[1]);
        p.setProperty("parameter", e.parameter());
        return respond(p, request);
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
