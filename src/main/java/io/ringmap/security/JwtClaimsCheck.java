package io.ringmap.security;

import java.time.Instant;
import java.util.Objects;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtDecoderInitializationException;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtValidationException;

/**
 * A JWT decoder that also requires ringmap's claims of every token its delegate accepts: the configured issuer, one
 * of the configured audiences, and an expiry ({@code exp}; the delegate's timestamp check passes a token without
 * one). Wrapping the decoder, rather than adding validators to the one Spring Boot builds, applies the same checks
 * whichever key source verifies the signature, a decoder bean of one's own included.
 */
final class JwtClaimsCheck implements JwtDecoder {

    private final JwtDecoder delegate;
    private final OAuth2TokenValidator<Jwt> required;

    JwtClaimsCheck(JwtDecoder delegate, SecurityProperties.Jwt jwt) {
        this.delegate = delegate;
        this.required = new DelegatingOAuth2TokenValidator<>(
                new JwtClaimValidator<Instant>(JwtClaimNames.EXP, Objects::nonNull),
                new JwtIssuerValidator(jwt.issuer()),
                new JwtClaimValidator<java.util.List<String>>(
                        JwtClaimNames.AUD, aud -> aud != null && aud.stream().anyMatch(jwt.audiences()::contains)));
    }

    @Override
    public Jwt decode(String token) {
        Jwt jwt;
        try {
            jwt = delegate.decode(token);
        } catch (JwtDecoderInitializationException e) {
            // issuer-uri: the decoder is built at the first token, from the issuer's discovery document; an
            // unreachable issuer is the provider's failure (503 identity-provider-unavailable), as a failed key
            // set fetch is, not an unhandled exception
            throw new JwtException("the issuer's configuration could not be fetched: " + e.getMessage(), e);
        }
        OAuth2TokenValidatorResult result = required.validate(jwt);
        if (result.hasErrors()) {
            throw new JwtValidationException(
                    "the token lacks a required claim or value: "
                            + result.getErrors().iterator().next().getDescription(),
                    result.getErrors());
        }
        return jwt;
    }
}
