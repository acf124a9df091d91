package io.ringmap.security;

import static io.ringmap.security.SecurityAssertions.assertProbesOpen;
import static io.ringmap.security.SecurityAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

/**
 * ringmap.security.mode=jwt with an RSA key generated here: tokens are minted by the test (no network, no issuer),
 * verified by {@code NimbusJwtDecoder.withPublicKey}; scopes from the {@code scope} claim.
 */
class JwtSecurityTest {

    static final KeyPair ISSUER = rsa();
    static final KeyPair STRANGER = rsa();

    @TestConfiguration
    static class TrustTheTestIssuer {

        @Bean
        JwtDecoder jwtDecoder() {
            return NimbusJwtDecoder.withPublicKey((RSAPublicKey) ISSUER.getPublic()).build();
        }
    }

    abstract static class Running {

        @LocalServerPort
        int port;

        @Value("${local.management.port}")
        int managementPort;

        Caller anonymous() {
            return new Caller(port, managementPort, Map.of());
        }

        Caller bearer(String token) {
            return anonymous().with("Authorization", "Bearer " + token);
        }
    }

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            classes = {io.ringmap.RingmapApplication.class, TrustTheTestIssuer.class},
            properties = {"management.server.port=0", "ringmap.security.mode=jwt"})
    class EveryEndpointProtected extends Running {

        @Test
        void anonymousCallersGet401ButProbesStayOpen() {
            var r = anonymous().get(Caller.READ);
            assertProblem(r, 401, "unauthorized");
            assertThat(r.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
            assertProblem(anonymous().postHits(), 401, "unauthorized");
            assertProbesOpen(anonymous());
        }

        @Test
        void aReadScopeReadsButGets403OnHits() {
            Caller reader = bearer(token(ISSUER, "ringmap:read", Duration.ofMinutes(5)));

            assertThat(reader.get(Caller.READ).statusCode()).isEqualTo(200);
            var denied = reader.postHits();
            var body = assertProblem(denied, 403, "forbidden");
            assertThat(body.get("scope").asString()).isEqualTo("ringmap:hits");
            assertThat(denied.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(
                    h -> assertThat(h).contains("insufficient_scope", "ringmap:hits"));
        }

        @Test
        void aWrongScopeGets403() {
            Caller other = bearer(token(ISSUER, "billing:read", Duration.ofMinutes(5)));

            var body = assertProblem(other.get(Caller.READ), 403, "forbidden");
            assertThat(body.get("scope").asString()).isEqualTo("ringmap:read");
        }

        @Test
        void bothScopesReadAndReportHits() {
            Caller relay = bearer(token(ISSUER, "ringmap:read ringmap:hits", Duration.ofMinutes(5)));

            assertThat(relay.get(Caller.READ).statusCode()).isEqualTo(200);
            assertThat(relay.postHits().statusCode()).isEqualTo(200);
        }

        @Autowired
        io.ringmap.hotkeys.HotKeyRegistry hotKeys;

        @Test
        void onlyAHitsScopeMakesLookupsCountAsHits() {
            String key = "/replicas?keyspace=iot&table=readings&sensor_id=jwt-guess&day=2026-10-01";
            hotKeys.forget("iot", "readings");

            assertThat(bearer(token(ISSUER, "ringmap:read", Duration.ofMinutes(5))).get(key).statusCode())
                    .isEqualTo(200);
            assertThat(hotKeys.hotKeys("iot", "readings", 10)).isEmpty();

            assertThat(bearer(token(ISSUER, "ringmap:read ringmap:hits", Duration.ofMinutes(5))).get(key)
                    .statusCode()).isEqualTo(200);
            assertThat(hotKeys.hotKeys("iot", "readings", 10).orElseThrow().keys())
                    .extracting(k -> k.label() + "=" + k.estimate()).containsExactly("jwt-guess:2026-10-01=1");
        }

        @Test
        void expiredForeignOrGarbledTokensGet401() {
            var expired = bearer(token(ISSUER, "ringmap:read", Duration.ofMinutes(-5))).get(Caller.READ);
            assertProblem(expired, 401, "unauthorized");
            assertThat(expired.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(
                    h -> assertThat(h).contains("invalid_token"));
            assertProblem(bearer(token(STRANGER, "ringmap:read", Duration.ofMinutes(5))).get(Caller.READ), 401,
                    "unauthorized");
            assertProblem(bearer("not.a.jwt").get(Caller.READ), 401, "unauthorized");
        }
    }

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            classes = {io.ringmap.RingmapApplication.class, TrustTheTestIssuer.class},
            properties = {"management.server.port=0", "ringmap.security.mode=jwt",
                "ringmap.security.anonymous-reads=true"})
    class OnlyHitsProtected extends Running {

        @Test
        void anonymousCallersReadButMayNotReportHits() {
            assertThat(anonymous().get(Caller.READ).statusCode()).isEqualTo(200);
            assertProblem(anonymous().postHits(), 401, "unauthorized");
            assertProblem(bearer(token(ISSUER, "ringmap:read", Duration.ofMinutes(5))).postHits(), 403,
                    "forbidden");
            assertThat(bearer(token(ISSUER, "ringmap:hits", Duration.ofMinutes(5))).postHits().statusCode())
                    .isEqualTo(200);
        }
    }

    static String token(KeyPair signer, String scope, Duration validFor) {
        RSAKey key = new RSAKey.Builder((RSAPublicKey) signer.getPublic())
                .privateKey((RSAPrivateKey) signer.getPrivate()).keyID("test").build();
        NimbusJwtEncoder encoder = new NimbusJwtEncoder(new ImmutableJWKSet<>(new JWKSet(key)));
        Instant now = Instant.now();
        Instant expires = now.plus(validFor);
        JwtClaimsSet claims = JwtClaimsSet.builder()
                .subject("test-caller")
                .issuedAt(expires.isBefore(now) ? expires.minus(Duration.ofMinutes(5)) : now)
                .expiresAt(expires)
                .claim("scope", scope)
                .build();
        return encoder.encode(JwtEncoderParameters.from(JwsHeader.with(SignatureAlgorithm.RS256).build(), claims))
                .getTokenValue();
    }

    private static KeyPair rsa() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
