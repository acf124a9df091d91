package io.ringmap.web.errors;

import io.ringmap.config.StreamFormat;
import io.ringmap.config.StreamProperties;
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
 * <p>
 * A streamed batch (a body of a {@link StreamFormat} media type) is a body like any other for the concurrency bound,
 * and in addition one of at most {@code ringmap.api.streams.max-concurrent} streams; it has no size limit (its lines
 * are bounded where they are read) and must arrive within {@code ringmap.api.streams.timeout} instead.
 */
public class RequestBodyLimitFilter extends OncePerRequestFilter {

    /** Seconds a client refused for too many body reads is asked to wait. */
    static final int BUSY_RETRY_AFTER_SECONDS = 1;

    private final long limit;
    private final Duration timeout;
    private final Semaphore bodyReads;
    private final int maxConcurrent;
    private final Duration streamTimeout;
    private final Problem streamTimedOut;
    private final Semaphore streams;
    private final int maxStreams;
    private final Clock clock;
    private final ClientErrorLog clientErrors;

    public RequestBodyLimitFilter(
            long limit,
            BodyReadProperties bodyReads,
            StreamProperties streams,
            Clock clock,
            ClientErrorLog clientErrors) {
        this.limit = limit;
        this.timeout = bodyReads.timeout();
        this.maxConcurrent = bodyReads.maxConcurrent();
        this.bodyReads = new Semaphore(bodyReads.maxConcurrent());
        this.streamTimeout = streams.timeout();
        this.streamTimedOut = streams.timedOut();
        this.maxStreams = streams.maxConcurrent();
        this.streams = new Semaphore(streams.maxConcurrent());
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
        boolean stream = StreamFormat.of(request.getContentType()) != null;
        if (!stream && length > limit) {
            refuse(request, response, BodyTooLargeException.problem(limit).with("size", length));
            return;
        }
        if (!bodyReads.tryAcquire()) {
            refuse(
                    request,
                    response,
                    busy("requests with a body", maxConcurrent, "ringmap.api.body-reads.max-concurrent"));
            return;
        }
        try {
            if (!stream) {
                chain.doFilter(new LimitedRequest(request, limit, timeout, null, timeout, clock), response);
            } else if (streams.tryAcquire()) {
                try {
                    chain.doFilter(
                            new LimitedRequest(request, Long.MAX_VALUE, streamTimeout, streamTimedOut, timeout, clock),
                            response);
                } finally {
                    streams.release();
                }
            } else {
                refuse(request, response, busy("streamed batches", maxStreams, "ringmap.api.streams.max-concurrent"));
            }
        } finally {
            bodyReads.release();
        }
    }

    private static Problem busy(String what, int max, String setting) {
        return ProblemKind.BODY_READS_BUSY
                .problem("more than " + max + " " + what + " are in progress (" + setting + "); retry in "
                        + BUSY_RETRY_AFTER_SECONDS + " s")
                .with("maxConcurrent", max)
                .withHeader("Retry-After", Integer.toString(BUSY_RETRY_AFTER_SECONDS));
    }

    /** Answers without reading the body; the connection is closed after the answer (see UnreadBodyValve). */
    private void refuse(HttpServletRequest request, HttpServletResponse response, Problem problem) throws IOException {
        clientErrors.rejected(problem, request.getMethod(), request.getRequestURI());
        ProblemRenderer.write(response, problem.withHeader("Connection", "close"), request.getRequestURI());
    }

    /**
     * A request whose body stream fails once more than {@code limit} bytes were read, or when the body has not
     * arrived by the deadline (checked after each read; a single read waits at most the connector's upload timeout,
     * which WebErrorsConfiguration sets to the body-reads timeout).
     */
    private static final class LimitedRequest extends HttpServletRequestWrapper {

        private final long limit;
        private final Duration timeout;
        private final Problem timedOut;
        private final Duration readTimeout;
        private final Clock clock;
        private final long deadline;
        private ServletInputStream stream;

        /**
         * @param timedOut    the problem when {@code timeout} passes, or null for a body's
         * @param readTimeout the longest one read waits (the connector's upload timeout, the body-reads timeout)
         */
        LimitedRequest(
                HttpServletRequest request,
                long limit,
                Duration timeout,
                Problem timedOut,
                Duration readTimeout,
                Clock clock) {
            super(request);
            this.limit = limit;
            this.timeout = timeout;
            this.timedOut = timedOut;
            this.readTimeout = readTimeout;
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
                throw request.timedOut == null
                        ? new BodyReadTimeoutException(request.timeout)
                        : new BodyReadTimeoutException(request.timedOut);
            }
        }

        /** A read the connector's upload timeout ended is the body deadline passing too. */
        private IOException timedOut(IOException e) {
            for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
                if (t instanceof SocketTimeoutException) {
                    return new BodyReadTimeoutException(request.readTimeout);
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
