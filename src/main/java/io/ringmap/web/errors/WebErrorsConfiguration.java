package io.ringmap.web.errors;

import io.ringmap.config.ApiProperties;
import java.time.Clock;
import java.time.Duration;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Error handling outside Spring MVC on the API port: problem+json from the web server itself, the body size limit,
 * and the rate-limited log of rejected client requests (shared with the management port).
 */
@Configuration(proxyBeanMethods = false)
public class WebErrorsConfiguration {

    /** At most this many rejected-request lines per minute; the rest are counted. */
    static final int CLIENT_ERROR_LINES_PER_MINUTE = 20;

    @Bean
    ClientErrorLog clientErrorLog(Clock clock) {
        return new ClientErrorLog(clock, CLIENT_ERROR_LINES_PER_MINUTE, Duration.ofMinutes(1));
    }

    @Bean
    ProblemValveCustomizer problemValveCustomizer(ClientErrorLog clientErrors) {
        return new ProblemValveCustomizer(clientErrors);
    }

    @Bean
    FilterRegistrationBean<RequestBodyLimitFilter> requestBodyLimitFilter(ApiProperties api,
            ClientErrorLog clientErrors) {
        FilterRegistrationBean<RequestBodyLimitFilter> registration = new FilterRegistrationBean<>(
                new RequestBodyLimitFilter(api.maxBodySize().toBytes(), clientErrors));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 100);
        return registration;
    }
}
