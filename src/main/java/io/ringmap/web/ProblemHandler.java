package io.ringmap.web;

import io.ringmap.problem.BatchItemException;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemException;
import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.web.ProblemRenderer;
import io.ringmap.schema.InvalidKeyValueException;
import io.ringmap.web.errors.BodyReadException;
import io.ringmap.web.errors.ClientErrorLog;
import io.ringmap.web.errors.ServerRejections;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.tomcat.autoconfigure.TomcatServerProperties;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * The Spring MVC side of problem answers: every {@link ProblemException} is answered with its own problem, Spring
 * MVC's exceptions (missing parameter, bad body, 404, 405, ...) with the catalog's kind for them, and anything else
 * with {@code internal} (logged once). All are rendered by {@link ProblemRenderer}. Never a class name or a stack
 * trace; bad input is never a 500.
 */
@RestControllerAdvice
public class ProblemHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemHandler.class);

    private final ObjectProvider<ClientErrorLog> clientErrors;
    private final int maxParameterCount;
    /** Hot keys are exported hashed and clear keys are not allowed out: problems do not echo key values either. */
    private final boolean hideKeyValues;

    /**
     * @param tomcat   the servlet container's settings (absent outside a Tomcat, e.g. a MockMvc slice: Tomcat's
     *                 default of 1000 parameters is assumed)
     * @param keys     the hot-key settings (absent: keys are exported plain, so values may be echoed)
     */
    public ProblemHandler(
            ObjectProvider<ClientErrorLog> clientErrors,
            ObjectProvider<TomcatServerProperties> tomcat,
            ObjectProvider<KeyDisclosure> keys) {
        this.clientErrors = clientErrors;
        TomcatServerProperties container = tomcat.getIfAvailable();
        this.maxParameterCount = container == null ? 1000 : container.getMaxParameterCount();
        KeyDisclosure disclosure = keys.getIfAvailable();
        this.hideKeyValues = disclosure != null && !disclosure.clearKeysShown();
    }

    /**
     * Every exception that is not Spring MVC's own: a ringmap problem, a query string the servlet container cannot
     * decode (broken %-escape, not UTF-8, too many parameters), a client gone away, or a bug.
     */
    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> exception(Exception e, HttpServletRequest request) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ProblemException) {
                return ProblemRenderer.entity(problemOf(t), request.getRequestURI());
            }
        }
        if (e instanceof org.apache.tomcat.util.http.InvalidParameterException undecodable) {
            Problem p = ServerRejections.forParameters(undecodable, request.getQueryString(), maxParameterCount);
            clientErrors.ifAvailable(errors -> errors.rejected(p, request.getMethod(), request.getRequestURI()));
            return ProblemRenderer.entity(p, request.getRequestURI());
        }
        if (clientWentAway(e)) {
            log.debug("client went away while {} {} was answered", request.getMethod(), request.getRequestURI());
            return null;
        }
        log.error("unexpected failure answering {} {}", request.getMethod(), request.getRequestURI(), e);
        return ProblemRenderer.entity(ServerRejections.INTERNAL, request.getRequestURI());
    }

    /** The problem of a ringmap exception; a key value is left out where hot keys are exported hashed. */
    private Problem problemOf(Throwable e) {
        if (e instanceof BatchItemException item) {
            return item.getCause() instanceof ProblemException
                    ? item.problem(problemOf(item.getCause()))
                    : item.problem();
        }
        if (hideKeyValues && e instanceof InvalidKeyValueException key) {
            // neither the value nor the parser's reason (which may quote it) leaves the process
            return key.problemWithoutValue();
        }
        return ((ProblemException) e).problem();
    }

    /** As Spring's, without its WARN line per request: a client's wrong method is no operator's concern. */
    @Override
    protected ResponseEntity<Object> handleHttpRequestMethodNotSupported(
            HttpRequestMethodNotSupportedException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        return handleExceptionInternal(ex, null, headers, status, request);
    }

    /** Spring MVC's own exceptions (missing parameter, bad body, 404, 405, ...) as the catalog's kinds. */
    @Override
    protected ResponseEntity<Object> handleExceptionInternal(
            Exception ex, Object body, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        Problem p = frameworkProblem(ex, body instanceof ProblemDetail pd ? pd.getDetail() : null, status);
        if (headers != null) {
            for (String name : headers.headerNames()) {
                p = p.withHeader(name, String.join(", ", headers.getValuesAsList(name)));
            }
        }
        String path =
                request instanceof ServletWebRequest swr ? swr.getRequest().getRequestURI() : null;
        return ProblemRenderer.entity(p, path);
    }

    /** The problem for one of Spring MVC's exceptions; {@code springDetail} is Spring's own detail, if any. */
    private static Problem frameworkProblem(Exception ex, String springDetail, HttpStatusCode status) {
        if (ex instanceof MissingServletRequestParameterException m) {
            return InvalidParameterException.missing(m.getParameterName()).problem();
        }
        if (ex instanceof TypeMismatchException t) {
            return typeMismatch(t);
        }
        if (ex instanceof MethodArgumentNotValidException v
                && v.getBindingResult().getFieldErrors().stream()
                        .anyMatch(e -> e.contains(TypeMismatchException.class))) {
            return typeMismatch(v.getBindingResult().getFieldErrors().stream()
                    .filter(e -> e.contains(TypeMismatchException.class))
                    .findFirst()
                    .orElseThrow()
                    .unwrap(TypeMismatchException.class));
        }
        if (ex instanceof MethodArgumentNotValidException v) {
            List<Map<String, String>> errors = v.getBindingResult().getFieldErrors().stream()
                    .map(fe -> Map.of("field", fe.getField(), "message", String.valueOf(fe.getDefaultMessage())))
                    .toList();
            return ProblemKind.INVALID_PARAMETER
                    .problem("request body is invalid: "
                            + errors.stream()
                                    .map(m -> m.get("field") + " " + m.get("message"))
                                    .toList())
                    .with("errors", errors);
        }
        if (ex instanceof HttpMessageNotReadableException) {
            BodyReadException stopped = causedBy(ex, BodyReadException.class);
            return stopped != null
                    ? stopped.problem()
                    : BodyError.of(causedBy(ex, tools.jackson.core.JacksonException.class))
                            .problem();
        }
        if (ex instanceof HttpMediaTypeNotSupportedException m) {
            return ProblemKind.UNSUPPORTED_MEDIA_TYPE
                    .problem(unsupportedMediaType(m))
                    .with(
                            "contentType",
                            m.getContentType() == null
                                    ? null
                                    : m.getContentType().toString())
                    .with(
                            "supported",
                            m.getSupportedMediaTypes().stream()
                                    .map(MediaType::toString)
                                    .toList());
        }
        if (ex instanceof HttpRequestMethodNotSupportedException m) {
            return ProblemKind.METHOD_NOT_ALLOWED.problem("method " + m.getMethod() + " is not supported here; "
                    + "supported: " + (m.getSupportedHttpMethods() == null ? "none" : m.getSupportedHttpMethods()));
        }
        if (ex instanceof NoResourceFoundException || ex instanceof NoHandlerFoundException) {
            return ProblemKind.NOT_FOUND.problem(ServerRejections.NO_ENDPOINT);
        }
        ProblemKind kind = switch (status.value()) {
            case 400 -> ProblemKind.INVALID_PARAMETER;
            case 404 -> ProblemKind.NOT_FOUND;
            case 405 -> ProblemKind.METHOD_NOT_ALLOWED;
            case 406 -> ProblemKind.NOT_ACCEPTABLE;
            case 413 -> ProblemKind.BODY_TOO_LARGE;
            case 415 -> ProblemKind.UNSUPPORTED_MEDIA_TYPE;
            default -> status.is4xxClientError() ? ProblemKind.MALFORMED_REQUEST : ProblemKind.INTERNAL;
        };
        String detail = springDetail != null ? springDetail : "request failed with status " + status.value();
        return kind.problem(detail).withStatus(status.value());
    }

    /**
     * A parameter value Spring MVC could not convert: the problem its converter threw (an enum's name, say), else
     * which type the value is not.
     */
    private static Problem typeMismatch(TypeMismatchException t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof ProblemException thrown) {
                return thrown.problem();
            }
        }
        String type = t.getRequiredType() == null
                ? "value"
                : t.getRequiredType().getSimpleName().toLowerCase();
        return InvalidParameterException.notA(type, t.getPropertyName(), t.getValue())
                .problem();
    }

    /** 415: says what to send, since {@code curl -d} sends a form body unless told otherwise. */
    private static String unsupportedMediaType(HttpMediaTypeNotSupportedException m) {
        String sent = m.getContentType() == null
                ? "a body without Content-Type"
                : "Content-Type '" + m.getContentType() + "'";
        boolean json =
                m.getSupportedMediaTypes().stream().anyMatch(t -> t.isCompatibleWith(MediaType.APPLICATION_JSON));
        return sent + " is not accepted here; "
                + (json
                        ? "send the body as JSON with the header 'Content-Type: application/json' (curl: -H 'Content-Type: "
                                + "application/json')"
                        : "send one of " + m.getSupportedMediaTypes());
    }

    private static boolean clientWentAway(Throwable e) {
        return causedBy(e, org.apache.catalina.connector.ClientAbortException.class) != null
                || causedBy(e, org.springframework.web.context.request.async.AsyncRequestNotUsableException.class)
                        != null;
    }

    private static <T extends Throwable> T causedBy(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}
