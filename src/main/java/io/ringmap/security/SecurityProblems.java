package io.ringmap.security;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.web.ProblemRenderer;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.function.Function;
import org.springframework.http.HttpHeaders;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;

/**
 * Answers 401 (no or invalid credentials) and 403 (authenticated, scope missing) as RFC 9457 problems with a
 * stable type, like every other ringmap error. The detail names what was expected, never what was presented.
 */
final class SecurityProblems implements AuthenticationEntryPoint, AccessDeniedHandler {

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
        ProblemRenderer.write(response, ProblemKind.UNAUTHORIZED.problem(detail).withHeader(
                HttpHeaders.WWW_AUTHENTICATE, presented && challenge.startsWith("Bearer")
                        ? "Bearer error=\"invalid_token\"" : challenge), request.getRequestURI());
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
            throws IOException {
        String scope = requiredScope.apply(request);
        Problem problem = ProblemKind.FORBIDDEN.problem(request.getMethod() + " " + request.getRequestURI()
                + " needs the scope " + scope).with("scope", scope);
        if (challenge.startsWith("Bearer")) {
            problem = problem.withHeader(HttpHeaders.WWW_AUTHENTICATE,
                    "Bearer error=\"insufficient_scope\", scope=\"" + scope + "\"");
        }
        ProblemRenderer.write(response, problem, request.getRequestURI());
    }
}
