package io.ringmap.web.errors;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.web.ProblemRenderer;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Enforces the API port's body limits. {@code ringmap.api.max-body-size}: a declared {@code Content-Length} over the
 * limit is answered 413 before anything is read; a body without a length (chunked) fails with
 * {@link BodyTooLargeException} as soon as it grows past the limit. {@code ringmap.api.body-reads}: at most
 * {@code max-concurrent} requests with a body are in progress at once (more are answered 503 with {@code Retry-After}
 * without reading them), and a body must arrive within {@code timeout} in total, however it trickles in
 * ({@link BodyReadTimeoutException}, 408). The problem handler answers both exceptions. A body left unread is not
 * swallowed afterwards: {@link UnreadBodyValve} closes the connection.
 */
public class RequestBodyLimitFilter extends OncePerRequestFilter {

    /** Seconds a client refused for too many body reads is asked to wait. */
    static final int BUSY_RETRY_AFTER_SECONDS = 1;

    private final long limit;
    private final Duration timeout;
    private final Semaphore bodyReads;
    private final int maxConcurrent;
    private final Clock clock;
    private final ClientErrorLog clientErrors;

    public RequestBodyLimitFilter(long limit, BodyReadProperties bodyReads, Clock clock, ClientErrorLog clientErrors) {
        this.limit = limit;
        this.timeout = bodyReads.timeout();
        this.maxConcurrent = bodyReads.maxConcurrent();
        this.bodyReads = new Semaphore(bodyReads.maxConcurrent());
        this.clock = clock;
        this.clientErrors = clientErrors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long length = request.getContentLengthLong();
        if (length == 0 || length < 0 && request.getHeader("Transfer-Encoding") == null) {
            chain.doFilter(request, response); // no body (HTTP/1.1 has one only with either header)
            return;
        }
        if (length > limit) {
            refuse(request, response, BodyTooLargeException.problem(limit).with("size", length));
            return;
        }
        if (!bodyReads.tryAcquire()) {
            refuse(request, response, ProblemKind.BODY_READS_BUSY.problem("more than " + maxConcurrent
                    + " requests with a body are in progress (ringmap.api.body-reads.max-concurrent); retry in "
                    + BUSY_RETRY_AFTER_SECONDS + " s").with("maxConcurrent", maxConcurrent)
                    .withHeader("Retry-After", Integer.toString(BUSY_RETRY_AFTER_SECONDS)));
            return;
        }
        try {
            chain.doFilter(new LimitedRequest(request, limit, timeout, clock), response);
        } finally {
            bodyReads.release();
        }
    }

    /** Answers without reading the body; the connection is closed after the answer (see UnreadBodyValve). */
    private void refuse(HttpServletRequest request, HttpServletResponse response, Problem problem)
            throws IOException {
        clientErrors.rejected(problem, request.getMethod(), request.getRequestURI());
        ProblemRenderer.write(response, problem.withHeader("Connection", "close"), request.getRequestURI());
    }

    /**
     * A request whose body stream fails once more than {@code limit} bytes were read, or when the body has not
     * arrived by the deadline (checked after each read; a single read waits at most the connector's upload timeout,
     * which WebErrorsConfiguration sets to the same duration).
     */
    private static final class LimitedRequest extends HttpServletRequestWrapper {

        private final long limit;
        private final Duration timeout;
        private final Clock clock;
        private final long deadline;
        private ServletInputStream stream;

        LimitedRequest(HttpServletRequest request, long limit, Duration timeout, Clock clock) {
            super(request);
            this.limit = limit;
            this.timeout = timeout;
            this.clock = clock;
            this.deadline = clock.millis() + timeout.toMillis();
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new LimitedStream(super.getInputStream(), this);
            }
            return stream;
        }
    }

    private static final class LimitedStream extends ServletInputStream {

        private final ServletInputStream in;
        private final LimitedRequest request;
        private long read;

        LimitedStream(ServletInputStream in, LimitedRequest request) {
            this.in = in;
            this.request = request;
        }

        @Override
        public int read() throws IOException {
            int b;
            try {
                b = in.read();
            } catch (IOException e) {
                throw timedOut(e);
            }
            count(b >= 0 ? 1 : 0);
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n;
            try {
                n = in.read(b, off, len);
            } catch (IOException e) {
                throw timedOut(e);
            }
            count(Math.max(n, 0));
            return n;
        }

        private void count(int n) throws BodyReadException {
            read += n;
            if (read > request.limit) {
                throw new BodyTooLargeException(request.limit);
            }
            if (request.clock.millis() > request.deadline) {
                throw new BodyReadTimeoutException(request.timeout);
            }
        }

        /** A read the connector's upload timeout ended is the body deadline passing too. */
        private IOException timedOut(IOException e) {
            for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
                if (t instanceof SocketTimeoutException) {
                    return new BodyReadTimeoutException(request.timeout);
                }
            }
            return e;
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }
}
