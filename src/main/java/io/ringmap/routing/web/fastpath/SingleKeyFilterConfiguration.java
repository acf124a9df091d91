package io.ringmap.routing.web.fastpath;

import io.ringmap.caching.SnapshotCaching;
import io.ringmap.config.ApiProperties;
import io.ringmap.hits.web.HitCounting;
import io.ringmap.routing.RoutingService;
import io.ringmap.routing.web.SingleKeyAnswers;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import tools.jackson.databind.json.JsonMapper;

/**
 * Registers {@link SingleKeyFilter} on {@code /replicas} only, after every other filter (security, the observation,
 * body limits), unless {@code ringmap.api.single-key-filter=false}.
 */
@Configuration(proxyBeanMethods = false)
public class SingleKeyFilterConfiguration {

    @Bean
    FilterRegistrationBean<SingleKeyFilter> singleKeyFilter(
            ApiProperties api,
            RoutingService routing,
            ObjectProvider<HitCounting> hitCounting,
            SnapshotCaching caching,
            JsonMapper mapper,
            ObjectProvider<SingleKeyMetrics> metrics) {
        SingleKeyAnswers answers = new SingleKeyAnswers(routing, hitCounting.getIfAvailable(HitCounting::everyCaller));
        FilterRegistrationBean<SingleKeyFilter> registration = new FilterRegistrationBean<>(
                new SingleKeyFilter(answers, caching, mapper.writer(), metrics.getIfAvailable(SingleKeyMetrics::new)));
        registration.addUrlPatterns(SingleKeyFilter.PATH);
        registration.setOrder(Ordered.LOWEST_PRECEDENCE);
        registration.setEnabled(api.singleKeyFilter());
        return registration;
    }

    /** The filter's counters, bound by Spring Boot as every MeterBinder is; none while the filter is off. */
    @Bean
    @ConditionalOnBooleanProperty(name = "ringmap.api.single-key-filter", matchIfMissing = true)
    SingleKeyMetrics singleKeyMetrics() {
        return new SingleKeyMetrics();
    }
}
