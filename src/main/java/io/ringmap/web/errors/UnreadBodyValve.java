package io.ringmap.web.errors;

import jakarta.servlet.ServletException;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.ClientAbortException;
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

    private static void closeIfBodyUnread(Request request, Response response) throws IOException {
        AtomicBoolean fullyRead = new AtomicBoolean(true);
        request.getCoyoteRequest().action(ActionCode.REQUEST_BODY_FULLY_READ, fullyRead);
        if (fullyRead.get()) {
            return;
        }
        if (!response.isCommitted()) {
            response.setHeader("Connection", "close");
        }
        // the whole answer goes out first: the action below puts the request in an error state, in which Tomcat
        // would neither finish a chunked answer nor keep a status under 400
        try {
            response.finishResponse();
        } catch (ClientAbortException e) {
            // the client went away (e.g. in the middle of a stream it was still sending): nothing is left to answer
        }
        // what org.apache.catalina.connector.Request does for an aborted upload when swallowAbortedUploads is false
        request.getCoyoteRequest().action(ActionCode.DISABLE_SWALLOW_INPUT, null);
    }
}
