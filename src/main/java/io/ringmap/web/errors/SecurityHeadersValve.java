package io.ringmap.web.errors;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Sends {@code X-Content-Type-Options: nosniff} and {@code X-Frame-Options: DENY} with every answer of both ports, and
 * a Content-Security-Policy allowing only the console's own files with the console's pages, in every security mode,
 * ahead of any filter: mode {@code none} has no Spring Security filter chain on the request path (it cost a quarter of
 * a single-key GET's CPU), and Spring Security's own header writers, in the other modes, set the same values again.
 * The answers Tomcat decides before any context valve runs (400, 414, 431, 501, 505) get the same headers from
 * {@link ProblemReportValve}, through {@link #set}.
 */
public final class SecurityHeadersValve extends ValveBase {

    /**
     * The console's policy: its own scripts, styles and API calls only; no inline script or style, no eval, no frames.
     * (Swagger UI's page uses inline styles and gets none.)
     */
    public static final String CONSOLE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

    private static final String CONSOLE = "/console";

    public SecurityHeadersValve() {
        super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        set(response, request.getDecodedRequestURI());
        getNext().invoke(request, response);
    }

    /**
     * Sets the headers on an answer to {@code decodedPath}: the path as Tomcat maps it (percent-escapes decoded,
     * {@code ;} parameters removed, {@code //}, {@code .} and {@code ..} resolved), never the raw request target, so
     * no spelling of the console's path ({@code /%63onsole/}, {@code //console}, {@code /console;x=y/}) escapes the
     * policy; compared ignoring case, so neither does a case-insensitive mapping.
     */
    static void set(HttpServletResponse response, String decodedPath) {
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        if (decodedPath != null
                && decodedPath.regionMatches(true, 0, CONSOLE, 0, CONSOLE.length())
                && (decodedPath.length() == CONSOLE.length() || decodedPath.charAt(CONSOLE.length()) == '/')) {
            response.setHeader("Content-Security-Policy", CONSOLE_POLICY);
        }
    }
}
