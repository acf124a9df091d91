package io.ringmap.peers.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.peers.client.PeerServers;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.validation.autoconfigure.ValidationAutoConfiguration;
import org.springframework.context.annotation.Configuration;

/**
 * ringmap refuses to start with peers unless they share a secret, and unless they are asked over https or the
 * operator allowed plain http: nothing of the peer channel crosses plain http by default.
 */
class PeersSettingsTest {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(PeersProperties.class)
    static class Settings {}

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(ValidationAutoConfiguration.class))
            .withUserConfiguration(Settings.class)
            .withPropertyValues("ringmap.peers.static=10.0.0.1:8081,10.0.0.2:8081");

    @Test
    void peersWithoutASecretDoNotStart() {
        for (String secret : new String[] {"", "too-short-secret"}) {
            runner.withPropertyValues("ringmap.peers.allow-plain-http=true", "ringmap.peers.secret=" + secret)
                    .run(context -> assertThat(context)
                            .hasFailed()
                            .getFailure()
                            .rootCause()
                            .hasMessageContaining("ringmap.peers.secret must be set (at least 32 characters"));
        }
    }

    @Test
    void peersOverPlainHttpDoNotStartUnlessAllowed() {
        runner.withPropertyValues("ringmap.peers.secret=" + PeerServers.SECRET)
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("plain http only with " + "ringmap.peers.allow-plain-http=true"));
        runner.withPropertyValues("ringmap.peers.secret=" + PeerServers.SECRET, "ringmap.peers.allow-plain-http=true")
                .run(context -> assertThat(context).hasNotFailed());
        runner.withPropertyValues("ringmap.peers.secret=" + PeerServers.SECRET, "ringmap.peers.tls.bundle=peers")
                .run(context -> assertThat(context).hasNotFailed());
    }

    @Test
    void withoutPeersNothingIsRequired() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(ValidationAutoConfiguration.class))
                .withUserConfiguration(Settings.class)
                .run(context -> assertThat(context).hasNotFailed());
    }
}
