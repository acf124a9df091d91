package io.ringmap.hits.web;

import java.util.Objects;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * Whether the keys of the request being served count as hot-key hits. Counting is a write: with caller
 * authentication, a lookup counts only when its caller holds the hits scope ({@code ringmap.security.hits-scope}),
 * so a reader cannot feed a guessed key into the hot-key tables and watch its hashed label rise; an anonymous caller
 * ({@code anonymous-reads}) counts nothing. Without authentication ({@code mode: none}) there is no identity to ask,
 * and every lookup counts. Decided here, at the web edge, and handed to the routing service as a flag, so the core
 * knows nothing of Spring Security.
 */
public final class HitCounting {

    private static final HitCounting EVERY_CALLER = new HitCounting(null);

    /** The authority a caller needs for its lookups to count; null: every caller's count. */
    private final String authority;

    private HitCounting(String authority) {
        this.authority = authority;
    }

    /** Every lookup counts ({@code ringmap.security.mode: none}: callers have no identity). */
    public static HitCounting everyCaller() {
        return EVERY_CALLER;
    }

    /** Lookups count only for an authenticated caller granted {@code authority} (e.g. {@code SCOPE_ringmap:hits}). */
    public static HitCounting onlyWith(String authority) {
        return new HitCounting(Objects.requireNonNull(authority, "authority must not be null"));
    }

    /** Whether the current request's keys count as hits (reads the request thread's security context). */
    public boolean counts() {
        if (authority == null) {
            return true;
        }
        Authentication caller = SecurityContextHolder.getContext().getAuthentication();
        if (caller == null || !caller.isAuthenticated()) {
            return false;
        }
        for (GrantedAuthority granted : caller.getAuthorities()) {
            if (authority.equals(granted.getAuthority())) {
                return true; // an anonymous caller holds ROLE_ANONYMOUS only
            }
        }
        return false;
    }
}
