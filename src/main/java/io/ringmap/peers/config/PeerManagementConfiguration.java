package io.ringmap.peers.config;

import io.ringmap.peers.PeerSigner;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.web.PeerAuthenticationFilter;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;

/**
 * Puts the peer channel's authentication ({@link PeerAuthenticationFilter}) in front of the management port, before
 * Spring Security's chain, when peers are configured. Loaded into the management context by Spring Boot (listed in
 * {@code META-INF/spring/...ManagementContextConfiguration.imports}); deliberately not a {@code @Configuration}, so
 * the API context's component scan does not pick it up.
 */
public class PeerManagementConfiguration {

    @Bean
    @ConditionalOnBean(PeerSigner.class)
    FilterRegistrationBean<PeerAuthenticationFilter> peerAuthentication(PeerSigner signer) {
        FilterRegistrationBean<PeerAuthenticationFilter> registration =
                new FilterRegistrationBean<>(new PeerAuthenticationFilter(signer, PeerClient.PATH));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 100);
        return registration;
    }
}
