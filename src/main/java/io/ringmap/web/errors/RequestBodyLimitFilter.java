package io.ringmap.web.errors;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Enforces {@code ringmap.api.max-body-size}: a declared {@code Content-Length} over the limit is answered 413 before
 * anything is read; a body without a length (chunked) fails with {@link BodyTooLargeException} as soon as it grows past
 * the limit, which the problem handler answers 413 too.
 */
public class RequestBodyLimitFilter extends OncePerRequestFilter {

    private final long limit;
    private final ClientErrorLog clientErrors;

    public RequestBodyLimitFilter(long limit, ClientErrorLog clientErrors) {
        this.limit = limit;
        this.clientErrors = clientErrors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getContentLengthLong() > limit) {
            HttpProblem problem = BodyTooLargeException.problem(limit).with("size", request.getContentLengthLong());
            clientErrors.rejected(413, problem.type().toString(), request.getMethod(), request.getRequestURI(),
                    problem.detail());
            byte[] body = problem.toJson(request.getRequestURI()).getBytes(StandardCharsets.UTF_8);
            response.setStatus(413);
            response.setContentType("application/problem+json");
            response.setContentLength(body.length);
            // the unread body is not worth draining: close the connection after answering
            response.setHeader("Connection", "close");
            response.getOutputStream().write(body);
            return;
        }
        chain.doFilter(new LimitedRequest(request, limit), response);
    }

    /** A request whose body stream fails once more than {@code limit} bytes were read. */
    private static final class LimitedRequest extends HttpServletRequestWrapper {

        private final long limit;
        private ServletInputStream stream;

        LimitedRequest(HttpServletRequest request, long limit) {
            super(request);
            this.limit = limit;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new LimitedStream(super.getInputStream(), limit);
            }
            return stream;
        }
    }

    private static final class LimitedStream extends ServletInputStream {

        private final ServletInputStream in;
        private final long limit;
        private long read;

        LimitedStream(ServletInputStream in, long limit) {
            this.in = in;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws BodyTooLargeException {
            read += n;
            if (read > limit) {
                throw new BodyTooLargeException(limit);
            }
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
