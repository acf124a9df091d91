package io.ringmap.security;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.web.ProblemRenderer;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;

/**
 * Answers 401 (no or invalid credentials), 403 (authenticated, scope missing) and 503 (JWT mode: the identity
 * provider's key set could not be fetched) as RFC 9457 problems with a stable type, like every other ringmap error. The detail names what was expected, never what was presented.
 */
final class SecurityProblems implements AuthenticationEntryPoint, AccessDeniedHandler, AuthenticationFailureHandler {

    private static final Logger log = LoggerFactory.getLogger(SecurityProblems.class);

    /** How long a caller is asked to wait after the identity provider failed, and how often that is logged. */
    private static final long RETRY_SECONDS = 5;
    /** The detail of the 503 (also the API document's example). */
    static final String PROVIDER_UNAVAILABLE = "the identity provider's key set could not be fetched to check the "
            + "bearer token; retry in " + RETRY_SECONDS + " s";

    private static final long LOG_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);
    private final AtomicLong lastProviderWarning = new AtomicLong(System.nanoTime() - LOG_EVERY_NANOS);

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
        ProblemRenderer.write(
                response,
                ProblemKind.UNAUTHORIZED
                        .problem(detail)
                        .withHeader(
                                HttpHeaders.WWW_AUTHENTICATE,
                                presented && challenge.startsWith("Bearer")
                                        ? "Bearer error=\"invalid_token\""
                                        : challenge),
                request.getRequestURI());
    }

    /**
     * A bearer token that could not be judged because the key set could not be fetched (Spring Security's
     * {@link AuthenticationServiceException}) gets 503 {@code identity-provider-unavailable}, logged at WARN at most
     * once a minute; every other failure is the caller's (401, {@link #commence}).
     */
    @Override
    public void onAuthenticationFailure(
            HttpServletRequest request, HttpServletResponse response, AuthenticationException e) throws IOException {
        if (!(e instanceof AuthenticationServiceException)) {
            commence(request, response, e);
            return;
        }
        long now = System.nanoTime();
        long last = lastProviderWarning.get();
        if (now - last >= LOG_EVERY_NANOS && lastProviderWarning.compareAndSet(last, now)) {
            log.warn(
                    "bearer tokens cannot be checked, answering 503 identity-provider-unavailable (logged at most "
                            + "once a minute): {}",
                    e.getMessage());
        }
        ProblemRenderer.write(
                response,
                ProblemKind.IDENTITY_PROVIDER_UNAVAILABLE
                        .problem(PROVIDER_UNAVAILABLE)
                        .withHeader(HttpHeaders.RETRY_AFTER, Long.toString(RETRY_SECONDS)),
                request.getRequestURI());
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
            throws IOException {
        String scope = requiredScope.apply(request);
        Problem problem = ProblemKind.FORBIDDEN
                .problem(request.getMethod() + " " + request.getRequestURI() + " needs the scope " + scope)
                .with("scope", scope);
        if (challenge.startsWith("Bearer")) {
            problem = problem.withHeader(
                    HttpHeaders.WWW_AUTHENTICATE, "Bearer error=\"insufficient_scope\", scope=\"" + scope + "\"");
        }
        ProblemRenderer.write(response, problem, request.getRequestURI());
    }
}
