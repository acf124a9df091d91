package io.ringmap.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.hotkeys.config.HotKeysProperties;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Issue 35: in api-key mode with {@code export-key: plain}, clear keys were refused on {@code /hotkeys} without a key
 * but readable on the open {@code /actuator/prometheus}. In the caller-authentication modes ringmap now refuses to
 * start with any setting that would let a clear key be read without a credential; hashed export is the export of those
 * modes ({@link HashedHotKeyAttackTest#anAnonymousScrapeCarriesNoClearKey} plays the scrape). The security
 * configuration as the service builds it, without a web server.
 */
class ClearKeysTest {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(HotKeysProperties.class)
    static class Settings {

        @Bean
        Clock clock() {
            return Clock.systemUTC();
        }
    }

    private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
            .withConfiguration(
                    AutoConfigurations.of(SecurityAutoConfiguration.class, ServletWebSecurityAutoConfiguration.class))
            .withUserConfiguration(Settings.class, SecurityConfiguration.class)
            .withPropertyValues(
                    "ringmap.security.mode=api-key",
                    "ringmap.security.api-keys.reader.key=rk-4f1c9e2a7b3d5e60",
                    "ringmap.security.api-keys.reader.scopes=ringmap:read");

    @Test
    void refusesPlainExportWhileTheScrapeIsOpen() {
        // the default export-key is plain
        runner.run(context -> assertThat(context)
                .hasFailed()
                .getFailure()
                .rootCause()
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ringmap.hotkeys.export-key=plain would put clear keys in the partition tag "
                        + "of the open /actuator/prometheus")
                .hasMessageContaining("set ringmap.hotkeys.export-key=hash and ringmap.hotkeys.salt"));
    }

    @Test
    void refusesClearKeysShownToAnonymousReaders() {
        runner.withPropertyValues(
                        "ringmap.hotkeys.export-key=hash",
                        "ringmap.hotkeys.salt=clear-keys-test",
                        "ringmap.hotkeys.show-clear-keys=true",
                        "ringmap.security.anonymous-reads=true")
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("would show clear keys in GET /hotkeys to anonymous callers"));
    }

    @Test
    void startsWithHashedExportOrWithoutHotKeysOrWithoutCallerAuthentication() {
        runner.withPropertyValues(
                        "ringmap.hotkeys.export-key=hash",
                        "ringmap.hotkeys.salt=clear-keys-test",
                        "ringmap.hotkeys.show-clear-keys=true")
                .run(context -> assertThat(context).hasNotFailed());
        runner.withPropertyValues("ringmap.hotkeys.enabled=false")
                .run(context -> assertThat(context).hasNotFailed());
        runner.withPropertyValues("ringmap.security.mode=none")
                .run(context -> assertThat(context).hasNotFailed());
    }
}
