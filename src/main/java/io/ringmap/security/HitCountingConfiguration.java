package io.ringmap.security;

import io.ringmap.hits.web.HitCounting;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Which lookups count as hot-key hits ({@link HitCounting}): every one without caller authentication, only those of
 * callers holding {@code ringmap.security.hits-scope} in the modes {@code api-key} and {@code jwt}.
 */
@Configuration(proxyBeanMethods = false)
public class HitCountingConfiguration {

    @Bean
    HitCounting hitCounting(SecurityProperties security) {
        return security.mode() == SecurityProperties.Mode.NONE
                ? HitCounting.everyCaller()
                : HitCounting.onlyWith(SecurityProperties.authority(security.hitsScope()));
    }
}
