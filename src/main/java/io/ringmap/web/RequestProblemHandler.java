package io.ringmap.web;

import io.ringmap.problem.RequestProblem;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Every {@link RequestProblem} a core package throws, as one RFC 9457 shape: the kind's stable type, fixed title and
 * status, the message as {@code detail}, the culprit under the member the exception names ({@code parameter} or
 * {@code field}), any further members it carries ({@code size} and {@code limit} of a request over a limit) and the
 * request path as {@code instance}.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
public class RequestProblemHandler {

    private static final String BASE = "urn:ringmap:problem:";

    @ExceptionHandler(RequestProblem.class)
    ResponseEntity<ProblemDetail> requestProblem(RequestProblem e, HttpServletRequest request) {
        RequestProblem.Kind kind = e.kind();
        ProblemDetail p = ProblemDetail.forStatusAndDetail(org.springframework.http.HttpStatusCode.valueOf(
                kind.status()), e.getMessage());
        p.setType(URI.create(BASE + kind.type()));
        p.setTitle(kind.title());
        p.setProperty(e.memberName(), e.member());
        e.properties().forEach(p::setProperty);
        p.setInstance(URI.create(request.getRequestURI()));
        return ResponseEntity.status(p.getStatus()).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(p);
    }
}
