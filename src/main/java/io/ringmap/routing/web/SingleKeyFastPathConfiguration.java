package io.ringmap.routing.web;

import io.ringmap.caching.SnapshotCaching;
import io.ringmap.config.ApiProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import tools.jackson.databind.json.JsonMapper;

/**
 * Registers {@link SingleKeyFastPath} on {@code /replicas} only, after every other filter (security, metrics,
 * body limits), unless {@code ringmap.api.single-key-fast-path=false}.
 */
@Configuration(proxyBeanMethods = false)
public class SingleKeyFastPathConfiguration {

    @Bean
    FilterRegistrationBean<SingleKeyFastPath> singleKeyFastPath(ApiProperties api, ReplicasController controller,
            SnapshotCaching caching, JsonMapper mapper) {
        FilterRegistrationBean<SingleKeyFastPath> registration = new FilterRegistrationBean<>(
                new SingleKeyFastPath(controller, caching, mapper.writer()));
        registration.addUrlPatterns(SingleKeyFastPath.PATH);
        registration.setOrder(Ordered.LOWEST_PRECEDENCE);
        registration.setEnabled(api.singleKeyFastPath());
        return registration;
    }
}
