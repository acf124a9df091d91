package io.ringmap.security;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Caller authentication of the API and management ports (health, info, metrics and the probes stay open).
 *
 * @param mode          {@code none} (the default: every caller is served), {@code api-key} (a static key in the
 *                      {@code api-key-header}) or {@code jwt} (an OAuth2 bearer token checked by Spring Security's
 *                      resource server, {@code spring.security.oauth2.resourceserver.jwt.*})
 * @param readScope     the scope a caller needs for the read endpoints ({@code /token}, {@code /replicas},
 *                      {@code /splits}, {@code /ring}, {@code /hotkeys}, batch POSTs included)
 * @param hitsScope     the scope a caller needs for {@code POST /hits}, the one endpoint that only changes state
 * @param managementScope the scope a caller needs for every management endpoint but health, info and prometheus
 *                      (and the probes), and to see health details
 * @param anonymousReads serve the read endpoints without authentication; only {@code POST /hits} is protected
 * @param apiKeyHeader  the request header that carries an API key
 * @param apiKeys       the API keys by name (the name is logged, the key never): each with its value and scopes;
 *                      meant to come from a mounted Secret ({@code spring.config.import=configtree:...})
 * @param jwt           what a JWT must say besides its signature, in mode {@code jwt}
 */
@Validated
@ConfigurationProperties("ringmap.security")
public record SecurityProperties(
        @DefaultValue("none") @NotNull Mode mode,
        @DefaultValue("ringmap:read") @NotBlank String readScope,
        @DefaultValue("ringmap:hits") @NotBlank String hitsScope,
        @DefaultValue("ringmap:manage") @NotBlank String managementScope,
        @DefaultValue("false") boolean anonymousReads,
        @DefaultValue("X-API-Key") @NotBlank String apiKeyHeader,
        Map<String, ApiKey> apiKeys,
        @DefaultValue @NotNull Jwt jwt) {

    /** Shortest accepted API key: a guessable key is no authentication. */
    public static final int MIN_KEY_LENGTH = 16;

    public SecurityProperties {
        apiKeys = apiKeys == null ? Map.of() : Map.copyOf(apiKeys);
    }

    /** The authority a caller holding {@code scope} is granted, as Spring Security names a JWT's scopes. */
    public static String authority(String scope) {
        return "SCOPE_" + scope;
    }

    /** How callers prove who they are. */
    public enum Mode {
        /** no authentication (the default) */
        NONE,
        /** a static key per caller in a request header */
        API_KEY,
        /** an OAuth2 JWT bearer token; scopes from its {@code scope}/{@code scp} claim */
        JWT
    }

    /**
     * The claims every JWT must carry in mode {@code jwt}, whatever key source verifies its signature
     * ({@code spring.security.oauth2.resourceserver.jwt.issuer-uri}, {@code jwk-set-uri} or
     * {@code public-key-location}), and how often an unknown key id may make ringmap fetch the key set again.
     *
     * @param issuer           the exact {@code iss} a token must carry (required in mode {@code jwt})
     * @param audiences        the {@code aud} values of this service; a token must name one (required in mode jwt)
     * @param jwkSetRefetchInterval the shortest time between two fetches of the key set that a token with an
     *                         unknown key id ({@code kid}) may cause; such tokens are refused meanwhile
     * @param jwkSetFetchTimeout how long one fetch of the key set (and the issuer's discovery document) may take to
     *                         connect and again to read; a request waiting for a fetch that fails or times out gets
     *                         a 503 {@code identity-provider-unavailable}, so a stalled identity provider holds no
     *                         request thread longer than this
     */
    public record Jwt(
            String issuer,
            List<String> audiences,
            @DefaultValue("30s") @NotNull Duration jwkSetRefetchInterval,
            @DefaultValue("5s") @NotNull Duration jwkSetFetchTimeout) {

        public Jwt {
            audiences = audiences == null
                    ? List.of()
                    : audiences.stream()
                            .filter(a -> a != null && !a.isBlank())
                            .map(String::strip)
                            .toList();
        }

        boolean isComplete() {
            return issuer != null && !issuer.isBlank() && !audiences.isEmpty();
        }
    }

    /**
     * One caller's API key.
     *
     * @param key    the secret value, at least {@value #MIN_KEY_LENGTH} characters
     * @param scopes what the key may do, e.g. {@code [ringmap:read]} or {@code [ringmap:read, ringmap:hits]}
     */
    public record ApiKey(String key, List<String> scopes) {

        public ApiKey {
            scopes = scopes == null ? List.of() : List.copyOf(scopes);
        }

        @Override
        public String toString() {
            return "ApiKey[key=(hidden), scopes=" + scopes + "]"; // never print the key
        }
    }

    @AssertTrue(message = "ringmap.security.mode is api-key but ringmap.security.api-keys is empty")
    public boolean isApiKeyModeConfigured() {
        return mode != Mode.API_KEY || !apiKeys.isEmpty();
    }

    @AssertTrue(
            message = "ringmap.security.mode is jwt but ringmap.security.jwt.issuer or "
                    + "ringmap.security.jwt.audiences is not set: every token must be checked for this service's issuer and "
                    + "audience")
    public boolean isJwtModeConfigured() {
        return mode != Mode.JWT || jwt.isComplete();
    }

    @AssertTrue(message = "every ringmap.security.api-keys entry needs a key of at least 16 characters and a scope")
    public boolean isEveryApiKeyUsable() {
        return apiKeys.values().stream()
                .allMatch(k -> k != null
                        && k.key() != null
                        && k.key().strip().length() >= MIN_KEY_LENGTH
                        && !k.scopes().isEmpty());
    }
}
