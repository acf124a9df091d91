package io.ringmap.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates a request carrying an API key header: a known key makes the caller its named principal with the
 * key's scopes (as {@code SCOPE_} authorities, like a JWT's); an unknown key is answered 401 at once; a request
 * without the header goes on anonymous, for the authorization rules to decide.
 */
final class ApiKeyAuthenticationFilter extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(ApiKeyAuthenticationFilter.class);

    private final String header;
    private final ApiKeys keys;
    private final AuthenticationEntryPoint entryPoint;
    private final SecurityContextHolderStrategy contexts = SecurityContextHolder.getContextHolderStrategy();

    ApiKeyAuthenticationFilter(String header, ApiKeys keys, AuthenticationEntryPoint entryPoint) {
        this.header = header;
        this.keys = keys;
        this.entryPoint = entryPoint;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String presented = request.getHeader(header);
        if (presented == null || presented.isBlank()) {
            chain.doFilter(request, response);
            return;
        }
        Optional<ApiKeys.Caller> caller = keys.find(presented);
        if (caller.isEmpty()) {
            // the presented value is never logged: it may be a real key sent to the wrong service
            log.debug("rejected an unknown API key on {} {}", request.getMethod(), request.getRequestURI());
            contexts.clearContext();
            entryPoint.commence(request, response, new BadCredentialsException("the API key is not valid"));
            return;
        }
        SecurityContext context = contexts.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                caller.get().name(),
                null,
                caller.get().scopes().stream()
                        .map(scope -> new SimpleGrantedAuthority(SecurityProperties.authority(scope)))
                        .toList()));
        contexts.setContext(context);
        try {
            chain.doFilter(request, response);
        } finally {
            contexts.clearContext();
        }
    }
}
