package io.ringmap.security;

import static io.ringmap.security.JwtSecurityTest.AUD;
import static io.ringmap.security.JwtSecurityTest.ISS;
import static io.ringmap.security.JwtSecurityTest.ISSUER;
import static io.ringmap.security.JwtSecurityTest.KID;
import static io.ringmap.security.JwtSecurityTest.token;
import static io.ringmap.security.SecurityAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * ringmap.security.mode=jwt (as {@link JwtSecurityTest}) while the identity provider accepts connections and never
 * answers: a valid token gets 503 within the fetch timeout, and nothing is logged at ERROR. Isolated, because it reads
 * the process's output; the rest of the JWT tests are not, so they run beside other classes.
 */
@Isolated("reads the process's output")
class JwtIdentityProviderStalledTest {

    /** An identity provider that accepts connections and never answers. */
    static final StalledServer STALLED_PROVIDER = StalledServer.start();

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
                "ringmap.security.jwt.jwk-set-fetch-timeout=500ms"
            })
    @ExtendWith(OutputCaptureExtension.class)
    class KeySetProviderStalled extends JwtSecurityTest.Running {

        @DynamicPropertySource
        static void keySet(DynamicPropertyRegistry registry) {
            registry.add(
                    "spring.security.oauth2.resourceserver.jwt.jwk-set-uri",
                    () -> "http://127.0.0.1:" + STALLED_PROVIDER.port() + "/jwks");
        }

        @Test
        void aTokenThatCannotBeCheckedGets503WithinTheFetchTimeoutAndNoErrorIsLogged(CapturedOutput output) {
            assertIdentityProviderUnavailable(this, output);
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
                "ringmap.security.jwt.jwk-set-fetch-timeout=500ms"
            })
    @ExtendWith(OutputCaptureExtension.class)
    class IssuerStalled extends JwtSecurityTest.Running {

        @DynamicPropertySource
        static void issuer(DynamicPropertyRegistry registry) {
            // the decoder is built at the first token, from the issuer's discovery document
            registry.add(
                    "spring.security.oauth2.resourceserver.jwt.issuer-uri",
                    () -> "http://127.0.0.1:" + STALLED_PROVIDER.port() + "/realms/ops");
        }

        @Test
        void aTokenThatCannotBeCheckedGets503WithinTheFetchTimeoutAndNoErrorIsLogged(CapturedOutput output) {
            assertIdentityProviderUnavailable(this, output);
        }
    }

    /**
     * A valid token while the identity provider stalls: 503 with {@code Retry-After}, bounded by the fetch timeout
     * (connect, then read: 0.5 s each in these contexts), every time; no credential is still 401; nothing at ERROR.
     */
    static void assertIdentityProviderUnavailable(JwtSecurityTest.Running app, CapturedOutput output) {
        String reader = token(ISSUER, KID, c -> c.claim("scope", "ringmap:read"));
        int before = STALLED_PROVIDER.connections();
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            var r = app.bearer(reader).get(Caller.READ);
            long millis = (System.nanoTime() - t0) / 1_000_000;

            var body = assertProblem(r, 503, "identity-provider-unavailable");
            assertThat(body.get("detail").asString())
                    .contains("identity provider")
                    .doesNotContain("eyJ");
            assertThat(r.headers().firstValue("Retry-After")).hasValue("5");
            assertThat(millis).as("answer time of request %d (ms)", i).isLessThan(10_000);
        }
        assertThat(STALLED_PROVIDER.connections()).isGreaterThan(before);
        assertProblem(app.anonymous().get(Caller.READ), 401, "unauthorized");
        assertThat(output.getAll()).doesNotContain(" ERROR ").contains("identity-provider-unavailable");
    }
}
