package io.ringmap.planning.web;

import io.ringmap.planning.PlanException;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * RFC 9457 problems of plans: {@code urn:ringmap:problem:invalid-generator} (400) for a design or workload that
 * cannot generate keys, {@code urn:ringmap:problem:plan-too-large} (413) beyond the plan limits.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
public class PlanProblems {

    @ExceptionHandler(PlanException.class)
    ResponseEntity<ProblemDetail> plan(PlanException e, HttpServletRequest request) {
        boolean tooLarge = e.kind() == PlanException.Kind.PLAN_TOO_LARGE;
        ProblemDetail p = ProblemDetail.forStatusAndDetail(tooLarge ? HttpStatus.CONTENT_TOO_LARGE
                : HttpStatus.BAD_REQUEST, e.getMessage());
        p.setType(URI.create("urn:ringmap:problem:" + (tooLarge ? "plan-too-large" : "invalid-generator")));
        p.setTitle(tooLarge ? "Plan too large" : "Invalid generator");
        p.setProperty("field", e.field());
        p.setInstance(URI.create(request.getRequestURI()));
        return ResponseEntity.status(p.getStatus()).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(p);
    }
}
