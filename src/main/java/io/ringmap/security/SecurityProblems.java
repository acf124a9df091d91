package io.ringmap.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import tools.jackson.databind.json.JsonMapper;

/**
 * Answers 401 (no or invalid credentials) and 403 (authenticated, scope missing) as RFC 9457 problems with a
 * stable type, like every other ringmap error. The detail names what was expected, never what was presented.
 */
final class SecurityProblems implements AuthenticationEntryPoint, AccessDeniedHandler {

    static final URI UNAUTHORIZED = URI.create("urn:ringmap:problem:unauthorized");
    static final URI FORBIDDEN = URI.create("urn:ringmap:problem:forbidden");

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String challenge;
    private final String credentials;
    private final Function<HttpServletRequest, String> requiredScope;

    /**
     * @param challenge     the {@code WWW-Authenticate} scheme (and parameters) of a 401
     * @param credentials   what a caller must send, for the detail, e.g. "a bearer token in the Authorization header"
     * @param requiredScope the scope the request would have needed, for 403 details
     */
    SecurityProblems(String challenge, String credentials, Function<HttpServletRequest, String> requiredScope) {
        this.challenge = challenge;
        this.credentials = credentials;
        this.requiredScope = requiredScope;
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
            throws IOException {
        boolean presented = e instanceof org.springframework.security.authentication.BadCredentialsException
                || e instanceof org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
        String detail = presented
                ? "the credentials are not valid (unknown, expired or wrongly signed); send " + credentials
                : "this endpoint needs authentication: send " + credentials;
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, presented && challenge.startsWith("Bearer")
                ? "Bearer error=\"invalid_token\"" : challenge);
        write(request, response, HttpStatus.UNAUTHORIZED, UNAUTHORIZED, "Authentication required", detail, null);
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
            throws IOException {
        String scope = requiredScope.apply(request);
        if (challenge.startsWith("Bearer")) {
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE,
                    "Bearer error=\"insufficient_scope\", scope=\"" + scope + "\"");
        }
        write(request, response, HttpStatus.FORBIDDEN, FORBIDDEN, "Insufficient scope",
                request.getMethod() + " " + request.getRequestURI() + " needs the scope " + scope, scope);
    }

    private static void write(HttpServletRequest request, HttpServletResponse response, HttpStatus status, URI type,
            String title, String detail, String scope) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", type.toString());
        body.put("title", title);
        body.put("status", status.value());
        body.put("detail", detail);
        body.put("instance", request.getRequestURI());
        if (scope != null) {
            body.put("scope", scope);
        }
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getOutputStream().write(JSON.writeValueAsBytes(body));
    }
}
