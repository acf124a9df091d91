package io.ringmap.web.errors;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemKind;
import java.util.List;
import java.util.Optional;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.apache.tomcat.util.res.StringManager;

/**
 * Names the problem when the web server (Tomcat) rejects a request before or while Spring MVC sees it: a malformed
 * request line or header, an oversized request line or header section, an unsupported HTTP version, a broken query
 * string. Each gets ringmap's stable problem type, a fixed title and a detail naming what was wrong.
 */
public final class ServerRejections {

    /** Tomcat's own message for a request line plus headers that do not fit its header buffer (in the JVM's locale). */
    private static final String HEADER_TOO_LARGE =
            StringManager.getManager("org.apache.coyote.http11").getString("iib.requestheadertoolarge.error");

    private static final StringManager HTTP_UTIL = StringManager.getManager("org.apache.tomcat.util.http");

    /** The answer to a failure that is ringmap's, not the client's (logged where it happens). */
    public static final Problem INTERNAL =
            ProblemKind.INTERNAL.problem("ringmap failed to answer this request; the " + "failure is logged");

    /** The answer to a path no endpoint serves. */
    public static final String NO_ENDPOINT = "there is no endpoint at this path; see /swagger-ui.html for the API";

    private ServerRejections() {}

    /** What the server knows about a request it rejected; {@code request} is null when the request line failed. */
    public record Rejection(
            int status,
            Throwable failure,
            String message,
            String rawQuery,
            int maxHeaderBytes,
            int maxHeaderCount,
            int maxParameterCount,
            Request request) {}

    /** The parts of the request line and headers that explain Tomcat's reasonless 400s and 501s. */
    public record Request(
            String method,
            String protocol,
            String rawPath,
            List<String> host,
            List<String> contentLength,
            List<String> transferEncoding) {}

    /** The problem for a request Tomcat rejected itself (status >= 400, no body written yet). */
    public static Problem problemFor(Rejection r) {
        Throwable t = r.failure();
        if (t instanceof InvalidParameterException ipe) {
            return forParameters(ipe, r.rawQuery(), r.maxParameterCount());
        }
        if (t != null && HEADER_TOO_LARGE.equals(t.getMessage())) {
            return r.request() != null
                    ? ProblemKind.HEADERS_TOO_LARGE
                            .problem("the request line and headers are larger than the " + r.maxHeaderBytes()
                                    + " bytes allowed (server.max-http-request-header-size)")
                            .with("limit", r.maxHeaderBytes())
                    : ProblemKind.URI_TOO_LONG
                            .problem("the request line is longer than the " + r.maxHeaderBytes()
                                    + " bytes allowed for it and the headers (server.max-http-request-header-size)")
                            .with("limit", r.maxHeaderBytes());
        }
        if (t instanceof IllegalStateException
                && r.maxHeaderCount() >= 0
                && HTTP_UTIL
                        .getString("headers.maxCountFail", r.maxHeaderCount())
                        .equals(t.getMessage())) {
            return ProblemKind.HEADERS_TOO_LARGE
                    .problem("the request has more than the " + r.maxHeaderCount() + " headers Tomcat allows")
                    .with("limit", r.maxHeaderCount());
        }
        return switch (r.status()) {
            // Tomcat answers 505 to any protocol text it does not know; only a well-formed HTTP-version
            // (RFC 9112: "HTTP/" DIGIT "." DIGIT) is an unsupported version, anything else a malformed request
            case 505 ->
                r.request() == null || !r.request().protocol().matches("HTTP/[0-9]\\.[0-9]")
                        ? ProblemKind.MALFORMED_REQUEST.problem("the request is not valid HTTP/1.1: '"
                                + QueryStrings.shown(
                                        r.request() == null ? "" : r.request().protocol())
                                + "' is not an HTTP version")
                        : ProblemKind.HTTP_VERSION_NOT_SUPPORTED.problem("ringmap speaks HTTP/1.1 and HTTP/1.0, not "
                                + r.request().protocol());
            // Tomcat answers 501 to CONNECT (ringmap is no proxy and no resource of it supports the method) and to a
            // Transfer-Encoding it has no filter for (Http11Processor.addInputFilter): the body cannot be read, so
            // the request is malformed for ringmap, and the problem names the coding
            case 501 ->
                r.request() != null && !"CONNECT".equals(r.request().method())
                        ? ProblemKind.MALFORMED_REQUEST.problem(
                                "the request is not valid HTTP/1.1" + reason(explain(r.request()), t))
                        : ProblemKind.METHOD_NOT_ALLOWED.problem(
                                "method CONNECT is not supported here; ringmap is not " + "a proxy");
            case 404 -> ProblemKind.NOT_FOUND.problem(NO_ENDPOINT);
            case 405 ->
                ProblemKind.METHOD_NOT_ALLOWED.problem("the method is not supported here" + reason(r.message(), t));
            case 413 ->
                ProblemKind.BODY_TOO_LARGE.problem(
                        "the request body is larger than the server accepts" + reason(r.message(), t));
            default ->
                r.status() >= 500 && !clientFault(t)
                        ? INTERNAL
                        : ProblemKind.MALFORMED_REQUEST
                                .problem("the request is not valid HTTP/1.1"
                                        + reason(r.message() == null ? explain(r.request()) : r.message(), t))
                                .withStatus(r.status() >= 500 ? 400 : r.status());
        };
    }

    /** The problem for a query string the container could not decode (or that has too many parameters). */
    public static Problem forParameters(InvalidParameterException e, String rawQuery, int maxParameterCount) {
        if (e.getErrorCode() == 413) {
            return ProblemKind.BODY_TOO_LARGE.problem(
                    "the form body is larger than the server accepts " + "(server.tomcat.max-http-form-post-size)");
        }
        Optional<QueryStrings.Violation> violation = QueryStrings.firstViolation(rawQuery);
        if (violation.isPresent()) {
            return ProblemKind.MALFORMED_QUERY
                    .problem(violation.get().detail())
                    .with("parameter", violation.get().parameter());
        }
        if (e.getCause() == null && maxParameterCount >= 0 && countParameters(rawQuery) > maxParameterCount) {
            return ProblemKind.TOO_MANY_PARAMETERS
                    .problem("the request has more than the " + maxParameterCount
                            + " parameters allowed (server.tomcat.max-parameter-count)")
                    .with("limit", maxParameterCount);
        }
        return ProblemKind.MALFORMED_QUERY.problem(
                "the query string or form body is not valid percent-encoded UTF-8 " + "name=value pairs");
    }

    /** Why Tomcat answered 400 without saying why: the checks of its Http11Processor.prepareRequest, in its order. */
    static String explain(Request q) {
        if (q == null) {
            return null;
        }
        if ("HTTP/1.1".equals(q.protocol()) && q.host().isEmpty()) {
            return "an HTTP/1.1 request must have a Host header";
        }
        if (q.host().size() > 1) {
            return "the request has more than one Host header";
        }
        for (String te : q.transferEncoding()) {
            for (String coding : te.split(",")) {
                if (!coding.isBlank() && !coding.trim().equalsIgnoreCase("chunked")) {
                    return "Transfer-Encoding '" + QueryStrings.shown(coding.trim()) + "' is not supported (only "
                            + "chunked)";
                }
            }
        }
        if (q.contentLength().size() > 1) {
            return "the request has more than one Content-Length header";
        }
        if (q.contentLength().size() == 1 && !q.contentLength().get(0).trim().matches("[0-9]{1,18}")) {
            return "Content-Length '" + QueryStrings.shown(q.contentLength().get(0)) + "' is not a byte count";
        }
        if (q.rawPath() != null) {
            Optional<String> path = QueryStrings.problemIn(q.rawPath(), false, true);
            if (path.isPresent()) {
                return "the request path " + path.get();
            }
        }
        return null;
    }

    private static boolean clientFault(Throwable t) {
        return t instanceof org.apache.coyote.BadRequestException
                || t instanceof org.apache.catalina.connector.ClientAbortException
                || t instanceof IllegalArgumentException;
    }

    private static int countParameters(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return 0;
        }
        int n = 0;
        for (String chunk : rawQuery.split("&")) {
            n += chunk.isEmpty() ? 0 : 1;
        }
        return n;
    }

    /** ": " and the one-line reason (the given one, else the failure's), shortened; empty when there is none. */
    private static String reason(String given, Throwable t) {
        String why = given;
        if ((why == null || why.isBlank()) && t != null) {
            why = t.getMessage();
        }
        if (why == null || why.isBlank()) {
            return "";
        }
        int newline = why.indexOf('\n');
        return ": " + QueryStrings.shown(newline < 0 ? why : why.substring(0, newline), 200);
    }
}
