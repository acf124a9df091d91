package io.ringmap.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.validation.autoconfigure.ValidationAutoConfiguration;
import org.springframework.context.annotation.Configuration;

/** ringmap refuses to start in mode jwt unless it knows the issuer and the audience every token must name. */
class JwtSettingsTest {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(SecurityProperties.class)
    static class Settings {}

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(ValidationAutoConfiguration.class))
            .withUserConfiguration(Settings.class);

    @Test
    void jwtModeWithoutIssuerOrAudienceDoesNotStart() {
        for (String[] settings : new String[][] {
            {"ringmap.security.mode=jwt"},
            {"ringmap.security.mode=jwt", "ringmap.security.jwt.issuer=https://idp.example.test"},
            {"ringmap.security.mode=jwt", "ringmap.security.jwt.audiences=ringmap"},
            {"ringmap.security.mode=jwt", "ringmap.security.jwt.issuer= ", "ringmap.security.jwt.audiences=ringmap"}
        }) {
            runner.withPropertyValues(settings)
                    .run(context -> assertThat(context)
                            .hasFailed()
                            .getFailure()
                            .rootCause()
                            .hasMessageContaining("ringmap.security.jwt.issuer or ringmap.security.jwt.audiences"));
        }
    }

    @Test
    void jwtModeWithBothStarts() {
        runner.withPropertyValues(
                        "ringmap.security.mode=jwt",
                        "ringmap.security.jwt.issuer=https://idp.example.test",
                        "ringmap.security.jwt.audiences=ringmap")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    SecurityProperties.Jwt jwt =
                            context.getBean(SecurityProperties.class).jwt();
                    assertThat(jwt.audiences()).containsExactly("ringmap");
                    assertThat(jwt.jwkSetRefetchInterval()).hasSeconds(30);
                });
    }
}
