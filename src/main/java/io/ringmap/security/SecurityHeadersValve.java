package io.ringmap.security;

import jakarta.servlet.ServletException;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Sends {@code X-Content-Type-Options: nosniff} and {@code X-Frame-Options: DENY} with every answer of the API
 * port, and a Content-Security-Policy allowing only the console's own files with the console's pages, in every
 * security mode, ahead of any filter: mode {@code none} has no Spring Security filter chain on the
 * request path (it cost a quarter of a single-key GET's CPU), and Spring Security's own header writers, in the other
 * modes, set the same values again.
 */
final class SecurityHeadersValve extends ValveBase {

    /**
     * The console's policy: its own scripts, styles and API calls only; no inline script or style, no eval, no frames.
     * (Swagger UI's page uses inline styles and gets none.)
     */
    static final String CONSOLE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

    SecurityHeadersValve() {
        super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        String uri = request.getRequestURI();
        if (uri != null && (uri.equals("/console") || uri.startsWith("/console/"))) {
            response.setHeader("Content-Security-Policy", CONSOLE_POLICY);
        }
        getNext().invoke(request, response);
    }
}
