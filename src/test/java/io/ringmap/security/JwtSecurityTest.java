package io.ringmap.security;

import static io.ringmap.security.SecurityAssertions.assertProbesOpen;
import static io.ringmap.security.SecurityAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import io.ringmap.testsupport.MovingClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * ringmap.security.mode=jwt with RSA keys generated here: tokens are minted by the test and verified by the decoder
 * Spring Boot builds, either from {@code public-key-location} (a PEM file written here) or from {@code jwk-set-uri}
 * (a key set served on the loopback interface, counting its fetches); scopes from the {@code scope} claim. Every token
 * must also name ringmap's issuer and audience and carry an expiry.
 *
 * <p>Not isolated: nothing here reads the process's output ({@link JwtIdentityProviderStalledTest} does).
 */
class JwtSecurityTest {

    static final KeyPair ISSUER = rsa();
    static final KeyPair STRANGER = rsa();
    static final String ISS = "https://idp.example.test/realms/ops";
    static final String AUD = "ringmap";
    static final String KID = "ops-2026";
    static final String PUBLIC_KEY = pem(ISSUER);
    static final JwkSetServer JWKS = JwkSetServer.start(ISSUER, KID);

    abstract static class Running extends RunningRingmap {

        Caller bearer(String token) {
            return anonymous().with("Authorization", "Bearer " + token);
        }
    }

    @Nested
    @SpringBootTest(
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {
                "management.server.port=0",
                "ringmap.security.mode=jwt",
                "ringmap.hotkeys.export-key=hash",
                "ringmap.hotkeys.salt=test-salt",
                "ringmap.security.jwt.issuer=" + ISS,
                "ringmap.security.jwt.audiences=" + AUD
            })
    class EveryEndpointProtected extends Running {

        @DynamicPropertySource
        static void publicKeyAlone(DynamicPropertyRegistry registry) {
            registry.add("spring.security.oauth2.resourceserver.jwt.public-key-location", () -> PUBLIC_KEY);
        }

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
            assertThat(denied.headers().firstValue("WWW-Authenticate"))
                    .hasValueSatisfying(h -> assertThat(h).contains("insufficient_scope", "ringmap:hits"));
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

            assertThat(bearer(token(ISSUER, "ringmap:read", Duration.ofMinutes(5)))
                            .get(key)
                            .statusCode())
                    .isEqualTo(200);
            assertThat(hotKeys.hotKeys("iot", "readings", 10)).isEmpty();

            assertThat(bearer(token(ISSUER, "ringmap:read ringmap:hits", Duration.ofMinutes(5)))
                            .get(key)
                            .statusCode())
                    .isEqualTo(200);
            assertThat(hotKeys.hotKeys("iot", "readings", 10).orElseThrow().keys())
                    .extracting(k -> k.label() + "=" + k.estimate())
                    .containsExactly("jwt-guess:2026-10-01=1");
        }

        @Test
        void expiredForeignOrGarbledTokensGet401() {
            var expired = bearer(token(ISSUER, "ringmap:read", Duration.ofMinutes(-5)))
                    .get(Caller.READ);
            assertProblem(expired, 401, "unauthorized");
            assertThat(expired.headers().firstValue("WWW-Authenticate"))
                    .hasValueSatisfying(h -> assertThat(h).contains("invalid_token"));
            assertProblem(
                    bearer(token(STRANGER, "ringmap:read", Duration.ofMinutes(5)))
                            .get(Caller.READ),
                    401,
                    "unauthorized");
            assertProblem(bearer("not.a.jwt").get(Caller.READ), 401, "unauthorized");
        }

        @Test
        void theApiDocumentAsksForABearerTokenOnEveryOperation() {
            var doc = SecurityAssertions.apiDocument(anonymous());

            assertThat(doc.at("/components/securitySchemes/bearer/type").asString())
                    .isEqualTo("http");
            assertThat(doc.at("/components/securitySchemes/bearer/scheme").asString())
                    .isEqualTo("bearer");
            assertThat(doc.at("/components/securitySchemes/bearer/bearerFormat").asString())
                    .isEqualTo("JWT");
            assertThat(SecurityAssertions.operationScopes(doc, "bearer"))
                    .containsEntry("post /hits", "ringmap:hits")
                    .containsEntry("get /ring", "ringmap:read")
                    .doesNotContainValue(null);
        }

        @Test
        void tokensForAnotherAudienceOrIssuerOrWithoutExpiryGet401WithThePublicKeyAlone() {
            assertRefusedUnlessEveryClaimIsRight(this);
        }
    }

    @Nested
    @SpringBootTest(
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {
                "management.server.port=0",
                "ringmap.security.mode=jwt",
                "ringmap.hotkeys.export-key=hash",
                "ringmap.hotkeys.salt=test-salt",
                "ringmap.security.jwt.issuer=" + ISS,
                "ringmap.security.jwt.audiences=other-api," + AUD
            })
    @Import(StoppedClock.class)
    class KeySetFromTheProvider extends Running {

        @DynamicPropertySource
        static void keySet(DynamicPropertyRegistry registry) {
            registry.add("spring.security.oauth2.resourceserver.jwt.jwk-set-uri", JWKS::uri);
        }

        @Autowired
        MovingClock clock;

        @Test
        void tokensForAnotherAudienceOrIssuerOrWithoutExpiryGet401() {
            assertRefusedUnlessEveryClaimIsRight(this);
        }

        @Test
        void aFloodOfUnknownKeyIdsFetchesTheKeySetAtMostOncePerRefetchInterval() {
            String reader = token(ISSUER, KID, c -> c.claim("scope", "ringmap:read"));
            assertThat(bearer(reader).get(Caller.READ).statusCode()).isEqualTo(200);
            int before = JWKS.fetches();

            // the clock stands still: however long the flood takes, it comes within one refetch interval
            flood("made-up-");

            // the first unknown kid may refetch (a key rotation looks the same); the next 99 are refused from the
            // cached set
            assertThat(JWKS.fetches() - before).isLessThanOrEqualTo(1);
            assertThat(bearer(reader).get(Caller.READ).statusCode()).isEqualTo(200);

            // once ringmap.security.jwt.jwk-set-refetch-interval (30 s) has passed, one more refetch, and only one
            int afterFirst = JWKS.fetches();
            clock.advance(Duration.ofSeconds(30));
            flood("later-");
            assertThat(JWKS.fetches() - afterFirst).isEqualTo(1);
            assertThat(bearer(reader).get(Caller.READ).statusCode()).isEqualTo(200);
        }

        private void flood(String kidPrefix) {
            for (int i = 0; i < 100; i++) {
                String madeUp = token(STRANGER, kidPrefix + i, c -> c.claim("scope", "ringmap:read"));
                assertProblem(bearer(madeUp).get(Caller.READ), 401, "unauthorized");
            }
        }
    }

    /** The application's clock, stopped at an instant of the test's choosing (the JWK set cache reads it). */
    @TestConfiguration
    static class StoppedClock {

        @Bean
        @Primary
        MovingClock movingClock() {
            return new MovingClock(Instant.parse("2026-12-01T00:00:00Z"));
        }
    }

    @Nested
    @SpringBootTest(
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {
                "management.server.port=0",
                "ringmap.security.mode=jwt",
                "ringmap.hotkeys.export-key=hash",
                "ringmap.hotkeys.salt=test-salt",
                "ringmap.security.jwt.issuer=" + ISS,
                "ringmap.security.jwt.audiences=" + AUD,
                "ringmap.security.anonymous-reads=true"
            })
    class OnlyHitsProtected extends Running {

        @DynamicPropertySource
        static void publicKeyAlone(DynamicPropertyRegistry registry) {
            registry.add("spring.security.oauth2.resourceserver.jwt.public-key-location", () -> PUBLIC_KEY);
        }

        @Test
        void anonymousCallersReadButMayNotReportHits() {
            assertThat(anonymous().get(Caller.READ).statusCode()).isEqualTo(200);
            assertProblem(anonymous().postHits(), 401, "unauthorized");
            assertProblem(
                    bearer(token(ISSUER, "ringmap:read", Duration.ofMinutes(5))).postHits(), 403, "forbidden");
            assertThat(bearer(token(ISSUER, "ringmap:hits", Duration.ofMinutes(5)))
                            .postHits()
                            .statusCode())
                    .isEqualTo(200);
        }

        @Test
        void theApiDocumentAsksForATokenOnlyForHits() {
            var scopes = SecurityAssertions.operationScopes(SecurityAssertions.apiDocument(anonymous()), "bearer");

            assertThat(scopes).containsEntry("post /hits", "ringmap:hits").containsEntry("get /replicas", null);
            assertThat(scopes.values().stream().filter(java.util.Objects::nonNull))
                    .hasSize(1);
        }
    }

    /** The same valid reader token, then one claim at a time wrong or missing: only the first is served. */
    static void assertRefusedUnlessEveryClaimIsRight(Running app) {
        assertThat(app.bearer(token(ISSUER, KID, c -> c.claim("scope", "ringmap:read")))
                        .get(Caller.READ)
                        .statusCode())
                .isEqualTo(200);
        Map<String, Consumer<JwtClaimsSet.Builder>> wrong = Map.of(
                "another audience", c -> c.claim("scope", "ringmap:read").audience(List.of("billing")),
                "no audience", c -> c.claim("scope", "ringmap:read").claims(m -> m.remove("aud")),
                "another issuer", c -> c.claim("scope", "ringmap:read").issuer("https://idp.example.test/realms/x"),
                "no issuer", c -> c.claim("scope", "ringmap:read").claims(m -> m.remove("iss")),
                "no expiry", c -> c.claim("scope", "ringmap:read").claims(m -> m.remove("exp")));
        wrong.forEach((what, claims) -> {
            var r = app.bearer(token(ISSUER, KID, claims)).get(Caller.READ);
            assertThat(r.statusCode()).as(what).isEqualTo(401);
            var body = assertProblem(r, 401, "unauthorized");
            assertThat(body.get("detail").asString()).as(what).doesNotContain("eyJ");
            assertThat(r.headers().firstValue("WWW-Authenticate"))
                    .as(what)
                    .hasValueSatisfying(h -> assertThat(h).contains("invalid_token"));
        });
    }

    static String token(KeyPair signer, String scope, Duration validFor) {
        Instant now = Instant.now();
        Instant expires = now.plus(validFor);
        return token(
                signer,
                KID,
                c -> c.claim("scope", scope)
                        .issuedAt(expires.isBefore(now) ? expires.minus(Duration.ofMinutes(5)) : now)
                        .expiresAt(expires));
    }

    /** A token of ringmap's issuer and audience, valid for five minutes, with {@code claims} applied last. */
    static String token(KeyPair signer, String kid, Consumer<JwtClaimsSet.Builder> claims) {
        RSAKey key = new RSAKey.Builder((RSAPublicKey) signer.getPublic())
                .privateKey((RSAPrivateKey) signer.getPrivate())
                .keyID(kid)
                .build();
        NimbusJwtEncoder encoder = new NimbusJwtEncoder(new ImmutableJWKSet<>(new JWKSet(key)));
        Instant now = Instant.now();
        JwtClaimsSet.Builder builder = JwtClaimsSet.builder()
                .issuer(ISS)
                .audience(List.of(AUD))
                .subject("test-caller")
                .issuedAt(now)
                .expiresAt(now.plus(Duration.ofMinutes(5)));
        claims.accept(builder);
        return encoder.encode(JwtEncoderParameters.from(
                        JwsHeader.with(SignatureAlgorithm.RS256).keyId(kid).build(), builder.build()))
                .getTokenValue();
    }

    /** The public key as a PEM file, as {@code public-key-location} reads it. */
    private static String pem(KeyPair pair) {
        try {
            Path file = Files.createTempFile("ringmap-jwt-", ".pub");
            file.toFile().deleteOnExit();
            Files.writeString(
                    file,
                    "-----BEGIN PUBLIC KEY-----\n"
                            + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                                    .encodeToString(pair.getPublic().getEncoded())
                            + "\n-----END PUBLIC KEY-----\n");
            return file.toUri().toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
