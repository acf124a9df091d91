package io.ringmap.web.errors;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.web.ProblemRenderer;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.apache.coyote.ProtocolHandler;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.tomcat.util.http.MimeHeaders;

/**
 * Tomcat's error report valve, answering RFC 9457 {@code application/problem+json} instead of an HTML page: it
 * writes the body of every error response nothing else wrote, above all those Tomcat decides before any servlet runs
 * (malformed request line or headers, oversized request line or headers, unsupported HTTP version, broken URI
 * encoding). The client's mistakes are logged through {@link ClientErrorLog}, never with a stack trace.
 */
public class ProblemReportValve extends ErrorReportValve {

    private final ClientErrorLog clientErrors;

    public ProblemReportValve(ClientErrorLog clientErrors) {
        this.clientErrors = clientErrors;
    }

    /** Rejects a path Spring MVC could not parse before any servlet sees it; everything else as Tomcat's valve. */
    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        Optional<String> badPath = QueryStrings.pathParameterProblem(request.getRequestURI());
        if (badPath.isPresent()) {
            response.sendError(400, "the request path " + badPath.get());
            response.setSuspended(false);
            report(request, response, null);
            return;
        }
        super.invoke(request, response);
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        AtomicBoolean ioAllowed = new AtomicBoolean(false);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return;
        }
        Throwable failure =
                throwable != null ? throwable : (Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        org.apache.coyote.Request coyote = request.getCoyoteRequest();
        // the request target is only set once the whole request line was read
        boolean lineParsed =
                !coyote.requestURI().isNull() && !coyote.requestURI().toString().isEmpty();
        String path = lineParsed ? coyote.requestURI().toString() : null;
        Problem problem;
        try {
            problem = ServerRejections.problemFor(rejection(request, status, failure, lineParsed, path));
        } catch (RuntimeException e) {
            // whatever the request holds, its answer stays a problem (without the detail that could not be worked out)
            problem = status < 500
                    ? ProblemKind.MALFORMED_REQUEST
                            .problem("the request is not valid HTTP/1.1")
                            .withStatus(status)
                    : ServerRejections.INTERNAL;
        }
        if (problem.status() < 500) {
            clientErrors.rejected(problem, coyote.method().toString(), path);
        }
        write(response, problem, path);
    }

    private static ServerRejections.Rejection rejection(
            Request request, int status, Throwable failure, boolean lineParsed, String path) {
        org.apache.coyote.Request coyote = request.getCoyoteRequest();
        ProtocolHandler handler =
                request.getConnector() == null ? null : request.getConnector().getProtocolHandler();
        int maxHeaderBytes = handler instanceof AbstractHttp11Protocol<?> h ? h.getMaxHttpRequestHeaderSize() : -1;
        int maxHeaderCount = handler instanceof AbstractHttp11Protocol<?> h ? h.getMaxHeaderCount() : -1;
        int maxParameters =
                request.getConnector() == null ? -1 : request.getConnector().getMaxParameterCount();
        ServerRejections.Request parsed = lineParsed
                ? new ServerRejections.Request(
                        coyote.method().toString(),
                        coyote.protocol().toString(),
                        path,
                        values(coyote.getMimeHeaders(), "host"),
                        values(coyote.getMimeHeaders(), "content-length"),
                        values(coyote.getMimeHeaders(), "transfer-encoding"))
                : null;
        return new ServerRejections.Rejection(
                status,
                failure,
                response(request).getMessage(),
                lineParsed ? coyote.queryString().toString() : null,
                maxHeaderBytes,
                maxHeaderCount,
                maxParameters,
                parsed);
    }

    private static Response response(Request request) {
        return request.getResponse();
    }

    /** A header's values as text; a value Tomcat cannot show as text (NUL, bytes it rejects) becomes "". */
    private static List<String> values(MimeHeaders headers, String name) {
        List<String> out = new ArrayList<>();
        Enumeration<String> e = headers.values(name);
        while (e.hasMoreElements()) {
            String v = e.nextElement();
            out.add(v == null ? "" : v);
        }
        return out;
    }

    private static void write(Response response, Problem problem, String path) {
        try {
            if (problem.kind() == ProblemKind.METHOD_NOT_ALLOWED && response.getHeader("Allow") == null) {
                problem = problem.withHeader("Allow", "GET, HEAD, POST, OPTIONS");
            }
            // Tomcat's own rejections never reach the context valve that sets these
            SecurityHeadersValve.set(response, response.getRequest().getDecodedRequestURI());
            byte[] body = ProblemRenderer.prepare(response, problem, path);
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(new String(body, StandardCharsets.UTF_8));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the response cannot be written: nothing more to tell it
        }
    }
}
