package io.ringmap.web.errors;

import jakarta.servlet.ServletException;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;

/**
 * Closes the connection after answering a request whose body the application did not read to the end (a 401 before
 * the body, a 413, a 503 for too many body reads, a GET sent with a body), instead of letting Tomcat swallow the
 * rest: swallowing reads, and so waits for, whatever a client still claims to send, holding a worker thread for as
 * long as the client trickles bytes. Tomcat's own {@code maxSwallowSize} bounds the bytes swallowed, not the time.
 */
final class UnreadBodyValve extends ValveBase {

    UnreadBodyValve() {
        super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        try {
            getNext().invoke(request, response);
        } finally {
            if (!request.isAsync()) {
                closeIfBodyUnread(request, response);
            }
        }
    }

    /** The most bytes of an unread body that are discarded when they have already arrived, to close cleanly. */
    static final int ARRIVED_DRAIN_LIMIT = 64 * 1024;

    private static void closeIfBodyUnread(Request request, Response response) throws IOException {
        if (fullyRead(request)) {
            return;
        }
        // Bytes of the body that have already arrived are discarded without waiting for more (a non-blocking read of
        // what the socket holds, at most ARRIVED_DRAIN_LIMIT): closing a socket with unread bytes in it makes the
        // kernel reset the connection, and a reset can destroy the answer in the client's buffer before the client
        // reads it (a client that sent a small body with its headers then saw "connection reset" instead of its 401).
        drainArrived(request);
        if (fullyRead(request)) {
            return;
        }
        if (!response.isCommitted()) {
            response.setHeader("Connection", "close");
        }
        // the whole answer goes out first: the action below puts the request in an error state, in which Tomcat
        // would neither finish a chunked answer nor keep a status under 400
        response.finishResponse();
        // what org.apache.catalina.connector.Request does for an aborted upload when swallowAbortedUploads is false
        request.getCoyoteRequest().action(ActionCode.DISABLE_SWALLOW_INPUT, null);
    }

    private static boolean fullyRead(Request request) {
        AtomicBoolean fullyRead = new AtomicBoolean(true);
        request.getCoyoteRequest().action(ActionCode.REQUEST_BODY_FULLY_READ, fullyRead);
        return fullyRead.get();
    }

    private static void drainArrived(Request request) {
        if (request.getContentLengthLong() < 0 || request.getHeader("Transfer-Encoding") != null) {
            return; // chunked: a partial chunk header could make a read wait; only a declared length is drained
        }
        try {
            var in = request.getInputStream();
            byte[] buffer = new byte[8192];
            int drained = 0;
            while (drained < ARRIVED_DRAIN_LIMIT) {
                // AVAILABLE with TRUE: what Tomcat buffers plus a non-blocking read of what the socket holds
                request.getCoyoteRequest().action(ActionCode.AVAILABLE, Boolean.TRUE);
                int available = request.getCoyoteRequest().getAvailable();
                if (available <= 0) {
                    return;
                }
                int n = in.read(buffer, 0, Math.min(buffer.length, Math.min(available, ARRIVED_DRAIN_LIMIT - drained)));
                if (n <= 0) {
                    return;
                }
                drained += n;
            }
        } catch (IOException | IllegalStateException e) {
            // the body was taken as a reader, or the client went away: the connection is closed below either way
        }
    }
}
