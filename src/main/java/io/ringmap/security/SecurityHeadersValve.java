package io.ringmap.security;

import jakarta.servlet.ServletException;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Sends {@code X-Content-Type-Options: nosniff} and {@code X-Frame-Options: DENY} with every answer of the API
 * port, in every security mode, ahead of any filter: mode {@code none} has no Spring Security filter chain on the
 * request path (it cost a quarter of a single-key GET's CPU), and Spring Security's own header writers, in the other
 * modes, set the same values again.
 */
final class SecurityHeadersValve extends ValveBase {

    SecurityHeadersValve() {
        super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        getNext().invoke(request, response);
    }
}
