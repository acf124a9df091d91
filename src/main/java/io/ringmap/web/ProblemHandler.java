package io.ringmap.web;

import io.ringmap.problem.ProblemTypes;
import io.ringmap.hotkeys.HotKeysDisabledException;
import io.ringmap.routing.BatchItemException;
import io.ringmap.routing.BatchTooLargeException;
import io.ringmap.routing.UnplaceableKeyspaceException;
import io.ringmap.schema.InvalidKeyValueException;
import io.ringmap.schema.KeyComponentsException;
import io.ringmap.schema.TablePartitionerException;
import io.ringmap.schema.KeyTooLargeException;
import io.ringmap.schema.UnknownKeyspaceException;
import io.ringmap.schema.UnknownTableException;
import io.ringmap.schema.UnsupportedKeyTypeException;
import io.ringmap.splits.WeightsUnavailableException;
import io.ringmap.token.TokenFormatException;
import io.ringmap.snapshot.NoSnapshotException;
import io.ringmap.web.errors.BodyReadException;
import io.ringmap.web.errors.ClientErrorLog;
import io.ringmap.web.errors.HttpProblem;
import io.ringmap.web.errors.ServerRejections;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Turns every failure into an RFC 9457 problem response with a stable {@code type} per kind, a fixed
 * {@code title}, a {@code detail} naming what was wrong, and the request path as {@code instance}. Never a class
 * name or a stack trace; bad input is never a 500.
 */
@RestControllerAdvice
public class ProblemHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemHandler.class);
    private static final int MAX_VALUE_SHOWN = 256;

    private final ObjectProvider<ClientErrorLog> clientErrors;
    private final int maxParameterCount;
    /** Hot keys are exported hashed and clear keys are not allowed out: problems do not echo key values either. */
    private final boolean hideKeyValues;

    public ProblemHandler(ObjectProvider<ClientErrorLog> clientErrors,
            @Value("${server.tomcat.max-parameter-count:1000}") int maxParameterCount,
            @Value("${ringmap.hotkeys.export-key:plain}") String exportKey,
            @Value("${ringmap.hotkeys.show-clear-keys:false}") boolean showClearKeys) {
        this.clientErrors = clientErrors;
        this.maxParameterCount = maxParameterCount;
        this.hideKeyValues = "hash".equalsIgnoreCase(exportKey.strip()) && !showClearKeys;
    }

    /** Bad input found by the domain: a key value, key components, a key type, a token, a parameter. */
    @ExceptionHandler({InvalidKeyValueException.class, KeyComponentsException.class,
        UnsupportedKeyTypeException.class, TokenFormatException.class, InvalidParameterException.class})
    ResponseEntity<Object> badInput(RuntimeException e, HttpServletRequest request) {
        return problem(request, forCause(e), null);
    }

    /** A query string the servlet container cannot decode (broken %-escape, not UTF-8) or with too many parameters. */
    @ExceptionHandler(org.apache.tomcat.util.http.InvalidParameterException.class)
    ResponseEntity<Object> undecodableParameters(org.apache.tomcat.util.http.InvalidParameterException e,
            HttpServletRequest request) {
        HttpProblem p = ServerRejections.forParameters(e, request.getQueryString(), maxParameterCount);
        clientErrors.ifAvailable(errors -> errors.rejected(p.status(), p.type().toString(), request.getMethod(),
                request.getRequestURI(), p.detail()));
        return problem(request, p.toProblemDetail(), null);
    }

    @ExceptionHandler(BatchItemException.class)
    ResponseEntity<Object> batchItem(BatchItemException e, HttpServletRequest request) {
        ProblemDetail p = forCause(e.getCause());
        p.setDetail("batch item " + e.index() + ": " + p.getDetail() + " (the batch was rejected; nothing of it was "
                + "counted)");
        p.setProperty("index", e.index());
        return problem(request, p, null);
    }

    @ExceptionHandler(HotKeysDisabledException.class)
    ResponseEntity<Object> hotKeysDisabled(HotKeysDisabledException e, HttpServletRequest request) {
        return problem(request, detail(HttpStatus.NOT_FOUND, ProblemTypes.HOTKEYS_DISABLED,
                "Hot-key tracking disabled", e.getMessage()), null);
    }

    @ExceptionHandler(UnknownKeyspaceException.class)
    ResponseEntity<Object> unknownKeyspace(UnknownKeyspaceException e, HttpServletRequest request) {
        ProblemDetail p = detail(HttpStatus.NOT_FOUND, ProblemTypes.UNKNOWN_KEYSPACE, "Unknown keyspace",
                "keyspace '" + e.keyspace() + "' is not in the ring snapshot; " + knownNames("keyspaces", e.known()));
        p.setProperty("keyspace", e.keyspace());
        p.setProperty("known", shown(e.known()));
        return problem(request, p, null);
    }

    @ExceptionHandler(UnknownTableException.class)
    ResponseEntity<Object> unknownTable(UnknownTableException e, HttpServletRequest request) {
        ProblemDetail p = detail(HttpStatus.NOT_FOUND, ProblemTypes.UNKNOWN_TABLE, "Unknown table",
                "table '" + e.keyspace() + "." + e.table() + "' is not in the ring snapshot; "
                        + knownNames("tables of keyspace '" + e.keyspace() + "'", e.known()));
        p.setProperty("keyspace", e.keyspace());
        p.setProperty("table", e.table());
        p.setProperty("known", shown(e.known()));
        return problem(request, p, null);
    }

    /** At most this many known names are listed in a problem: a cluster may have thousands of tables. */
    static final int MAX_NAMES_SHOWN = 100;

    private static List<String> shown(List<String> names) {
        return names.size() <= MAX_NAMES_SHOWN ? names : names.subList(0, MAX_NAMES_SHOWN);
    }

    private static String knownNames(String what, List<String> names) {
        if (names.isEmpty()) {
            return "the snapshot has no " + what;
        }
        String listed = String.join(", ", shown(names));
        return "the " + what + " are: " + listed
                + (names.size() > MAX_NAMES_SHOWN ? " and " + (names.size() - MAX_NAMES_SHOWN) + " more" : "");
    }

    @ExceptionHandler(BatchTooLargeException.class)
    ResponseEntity<Object> batchTooLarge(BatchTooLargeException e, HttpServletRequest request) {
        ProblemDetail p = detail(HttpStatus.CONTENT_TOO_LARGE, ProblemTypes.BATCH_TOO_LARGE, "Batch too large",
                e.getMessage());
        p.setProperty("size", e.size());
        p.setProperty("limit", e.limit());
        return problem(request, p, null);
    }

    @ExceptionHandler(UnplaceableKeyspaceException.class)
    ResponseEntity<Object> unplaceable(UnplaceableKeyspaceException e, HttpServletRequest request) {
        ProblemDetail p = detail(HttpStatus.UNPROCESSABLE_CONTENT, ProblemTypes.UNPLACEABLE_KEYSPACE,
                "Keyspace replication not supported", e.getMessage());
        p.setProperty("keyspace", e.keyspace());
        return problem(request, p, null);
    }

    @ExceptionHandler(TablePartitionerException.class)
    ResponseEntity<Object> tablePartitioner(TablePartitionerException e, HttpServletRequest request) {
        ProblemDetail p = detail(HttpStatus.UNPROCESSABLE_CONTENT, ProblemTypes.TABLE_PARTITIONER,
                "Table has its own partitioner", e.getMessage());
        p.setProperty("keyspace", e.keyspace());
        p.setProperty("table", e.table());
        p.setProperty("partitioner", e.partitioner());
        return problem(request, p, null);
    }

    @ExceptionHandler(NoSnapshotException.class)
    ResponseEntity<Object> noSnapshot(NoSnapshotException e, HttpServletRequest request) {
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.RETRY_AFTER, "5");
        return problem(request, detail(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.NO_SNAPSHOT,
                "No ring snapshot yet", e.getMessage()), headers);
    }

    @ExceptionHandler(WeightsUnavailableException.class)
    ResponseEntity<Object> sizesUnavailable(WeightsUnavailableException e, HttpServletRequest request) {
        if (!e.retryable()) {
            // the service's configuration (a static topology, collection switched off), not a fault of the server:
            // a 5xx here would let any caller fire the server-error alert
            ProblemDetail p = detail(HttpStatus.CONFLICT, ProblemTypes.SIZES_NOT_COLLECTED,
                    "Partition sizes not collected", e.getMessage());
            p.setProperty("retryable", false);
            return problem(request, p, null);
        }
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.RETRY_AFTER, "30");
        ProblemDetail p = detail(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.SIZES_UNAVAILABLE,
                "Partition sizes unavailable", e.getMessage());
        p.setProperty("retryable", true);
        return problem(request, p, headers);
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> unexpected(Exception e, HttpServletRequest request) {
        if (clientWentAway(e)) {
            log.debug("client went away while {} {} was answered", request.getMethod(), request.getRequestURI());
            return null;
        }
        log.error("unexpected failure answering {} {}", request.getMethod(), request.getRequestURI(), e);
        return problem(request, detail(HttpStatus.INTERNAL_SERVER_ERROR, ProblemTypes.INTERNAL, "Internal error",
                "ringmap failed to answer this request; the failure is logged"), null);
    }

    /** As Spring's, without its WARN line per request: a client's wrong method is no operator's concern. */
    @Override
    protected ResponseEntity<Object> handleHttpRequestMethodNotSupported(
            org.springframework.web.HttpRequestMethodNotSupportedException ex, HttpHeaders headers,
            HttpStatusCode status, WebRequest request) {
        return handleExceptionInternal(ex, null, headers, status, request);
    }

    /** Spring MVC's own exceptions (missing parameter, bad body, 404, 405, ...) get ringmap's types too. */
    @Override
    protected ResponseEntity<Object> handleExceptionInternal(Exception ex, Object body, HttpHeaders headers,
            HttpStatusCode status, WebRequest request) {
        ProblemDetail p = body instanceof ProblemDetail pd ? pd : ProblemDetail.forStatus(status);
        if (ex instanceof MissingServletRequestParameterException m) {
            p.setType(ProblemTypes.INVALID_PARAMETER);
            p.setTitle("Invalid parameter");
            p.setDetail("required parameter '" + m.getParameterName() + "' is missing");
            p.setProperty("parameter", m.getParameterName());
        } else if (ex instanceof TypeMismatchException t) {
            p.setType(ProblemTypes.INVALID_PARAMETER);
            p.setTitle("Invalid parameter");
            String name = t.getPropertyName();
            p.setDetail("parameter '" + name + "' value '" + t.getValue() + "' is not a valid "
                    + (t.getRequiredType() == null ? "value" : t.getRequiredType().getSimpleName().toLowerCase()));
            p.setProperty("parameter", name);
        } else if (ex instanceof MethodArgumentNotValidException v) {
            p.setType(ProblemTypes.INVALID_PARAMETER);
            p.setTitle("Invalid parameter");
            List<Map<String, String>> errors = v.getBindingResult().getFieldErrors().stream()
                    .map(fe -> Map.of("field", fe.getField(), "message", String.valueOf(fe.getDefaultMessage())))
                    .toList();
            p.setDetail("request body is invalid: " + errors.stream()
                    .map(m -> m.get("field") + " " + m.get("message")).toList());
            p.setProperty("errors", errors);
        } else if (ex instanceof HttpMessageNotReadableException && causedBy(ex, BodyReadException.class) != null) {
            HttpProblem stopped = causedBy(ex, BodyReadException.class).problem();
            p = stopped.toProblemDetail();
            status = HttpStatusCode.valueOf(stopped.status());
        } else if (ex instanceof HttpMessageNotReadableException) {
            p.setType(ProblemTypes.MALFORMED_BODY);
            p.setTitle("Malformed request body");
            BodyError where = BodyError.of(causedBy(ex, tools.jackson.core.JacksonException.class));
            p.setDetail(where.describe());
            where.addTo(p);
        } else if (ex instanceof org.springframework.web.HttpMediaTypeNotSupportedException m) {
            p.setType(ProblemTypes.UNSUPPORTED_MEDIA_TYPE);
            p.setTitle("Unsupported media type");
            p.setDetail(unsupportedMediaType(m));
            p.setProperty("contentType", m.getContentType() == null ? null : m.getContentType().toString());
            p.setProperty("supported", m.getSupportedMediaTypes().stream().map(MediaType::toString).toList());
        } else if (ex instanceof org.springframework.web.HttpRequestMethodNotSupportedException m) {
            p.setType(ProblemTypes.METHOD_NOT_ALLOWED);
            p.setTitle("Method not allowed");
            p.setDetail("method " + m.getMethod() + " is not supported here; supported: "
                    + (m.getSupportedHttpMethods() == null ? "none" : m.getSupportedHttpMethods()));
        } else if (ex instanceof org.springframework.web.servlet.resource.NoResourceFoundException
                || ex instanceof org.springframework.web.servlet.NoHandlerFoundException) {
            p.setType(ProblemTypes.NOT_FOUND);
            p.setTitle("Not found");
            p.setDetail("there is no endpoint at this path; see /swagger-ui.html for the API");
        } else {
            p.setType(typeFor(status));
            if (p.getDetail() == null) {
                p.setDetail(p.getTitle() == null ? "request failed with status " + status.value() : p.getTitle());
            }
        }
        if (request instanceof ServletWebRequest swr) {
            p.setInstance(instance(swr.getRequest().getRequestURI()));
        }
        HttpHeaders h = new HttpHeaders(); // the given headers may be read-only
        if (headers != null) {
            h.addAll(headers);
        }
        h.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        return new ResponseEntity<>(p, h, status);
    }

    /** 415: says what to send, since {@code curl -d} sends a form body unless told otherwise. */
    private static String unsupportedMediaType(org.springframework.web.HttpMediaTypeNotSupportedException m) {
        String sent = m.getContentType() == null ? "a body without Content-Type"
                : "Content-Type '" + m.getContentType() + "'";
        boolean json = m.getSupportedMediaTypes().stream().anyMatch(t -> t.isCompatibleWith(MediaType.APPLICATION_JSON));
        return sent + " is not accepted here; " + (json
                ? "send the body as JSON with the header 'Content-Type: application/json' (curl: -H 'Content-Type: "
                        + "application/json')"
                : "send one of " + m.getSupportedMediaTypes());
    }

    private static URI typeFor(HttpStatusCode status) {
        return switch (status.value()) {
            case 404 -> ProblemTypes.NOT_FOUND;
            case 405 -> ProblemTypes.METHOD_NOT_ALLOWED;
            case 406 -> ProblemTypes.NOT_ACCEPTABLE;
            case 413 -> ProblemTypes.BODY_TOO_LARGE;
            case 415 -> ProblemTypes.UNSUPPORTED_MEDIA_TYPE;
            case 400 -> ProblemTypes.INVALID_PARAMETER;
            default -> ProblemTypes.INTERNAL;
        };
    }

    /** The problem for bad input the domain rejected (also for the cause of a failed batch item). */
    private ProblemDetail forCause(RuntimeException cause) {
        if (cause instanceof KeyTooLargeException e) {
            ProblemDetail p = keyValue(e);
            p.setType(ProblemTypes.KEY_TOO_LARGE);
            p.setTitle("Partition key too large");
            p.setProperty("size", e.size());
            p.setProperty("limit", e.limit());
            return p;
        } else if (cause instanceof InvalidKeyValueException e) {
            return keyValue(e);
        } else if (cause instanceof KeyComponentsException e) {
            return keyComponents(e);
        } else if (cause instanceof UnsupportedKeyTypeException e) {
            return unsupportedType(e);
        } else if (cause instanceof TokenFormatException e) {
            return badToken(e);
        }
        ProblemDetail p = detail(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_PARAMETER, "Invalid parameter",
                cause.getMessage());
        if (cause instanceof InvalidParameterException e) {
            p.setProperty("parameter", e.parameter());
        }
        return p;
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

    private ProblemDetail keyValue(InvalidKeyValueException e) {
        if (hideKeyValues) {
            // neither the value nor the parser's reason (which may quote it) leaves the process
            ProblemDetail p = detail(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_KEY_VALUE, "Invalid key value",
                    "the value for partition key column '" + e.column() + "' is not a valid " + e.expectedCqlType()
                            + " (the value is not shown: ringmap.hotkeys.export-key is hash)");
            p.setProperty("column", e.column());
            p.setProperty("expectedType", e.expectedCqlType());
            return p;
        }
        ProblemDetail p = detail(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_KEY_VALUE, "Invalid key value",
                e.getMessage());
        p.setProperty("column", e.column());
        p.setProperty("value", e.value().length() <= MAX_VALUE_SHOWN ? e.value()
                : e.value().substring(0, MAX_VALUE_SHOWN) + "...");
        p.setProperty("expectedType", e.expectedCqlType());
        return p;
    }

    private static ProblemDetail keyComponents(KeyComponentsException e) {
        ProblemDetail p = detail(HttpStatus.BAD_REQUEST, ProblemTypes.KEY_COMPONENTS,
                "Missing or unknown key components", e.getMessage());
        p.setProperty("missing", e.missing());
        p.setProperty("unknown", e.unknown());
        p.setProperty("expected", e.expected());
        return p;
    }

    private static ProblemDetail unsupportedType(UnsupportedKeyTypeException e) {
        ProblemDetail p = detail(HttpStatus.BAD_REQUEST, ProblemTypes.UNSUPPORTED_KEY_TYPE,
                "Unsupported key type", e.getMessage());
        p.setProperty("type", e.typeText());
        return p;
    }

    private static ProblemDetail badToken(TokenFormatException e) {
        ProblemDetail p = detail(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_TOKEN, "Invalid token", e.getMessage());
        p.setProperty("token", e.text());
        p.setProperty("partitioner", e.partitioner());
        return p;
    }

    /**
     * The request path as a URI reference: as it is when it is one, else with every character that may not stand
     * there percent-encoded (and "//" at the start, which would read as an authority, as "/%2F").
     */
    static URI instance(String path) {
        try {
            if (!path.startsWith("//")) {
                return URI.create(path);
            }
        } catch (IllegalArgumentException e) {
            // quoted below
        }
        StringBuilder quoted = new StringBuilder();
        for (byte b : path.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            boolean plain = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || "-._~!$&'()*+,;=:@/".indexOf(c) >= 0;
            boolean secondSlash = c == '/' && quoted.length() == 1;
            quoted.append(plain && !secondSlash ? String.valueOf((char) c) : String.format("%%%02X", c));
        }
        return URI.create(quoted.toString());
    }

    private static ProblemDetail detail(HttpStatus status, URI type, String title, String detail) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setType(type);
        p.setTitle(title);
        return p;
    }

    private static ResponseEntity<Object> problem(HttpServletRequest request, ProblemDetail p, HttpHeaders headers) {
        p.setInstance(instance(request.getRequestURI()));
        HttpHeaders h = headers == null ? new HttpHeaders() : headers;
        h.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        return new ResponseEntity<>(p, h, HttpStatusCode.valueOf(p.getStatus()));
    }
}
