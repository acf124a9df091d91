package io.ringmap.web.errors;

import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * The management port's web server answers its own errors with problem+json too, and keeps the API port's limits on
 * reading request bodies and its security headers. Loaded into the management
 * context by Spring Boot (listed in {@code META-INF/spring/...ManagementContextConfiguration.imports}); deliberately
 * not a {@code @Configuration}, so the API context's component scan does not pick it up.
 */
public class ManagementWebErrorsConfiguration {

    @Bean
    ProblemValveCustomizer managementProblemValveCustomizer(ClientErrorLog clientErrors) {
        return new ProblemValveCustomizer(clientErrors);
    }

    /** The management port's answers carry the same security headers as the API port's. */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> managementSecurityHeaders() {
        return WebErrorsConfiguration.securityHeaderValve();
    }

    /**
     * A body a management request leaves unread (a 401 before {@code POST /actuator/loggers/...}) is not swallowed,
     * and a read of one waits at most {@code ringmap.api.body-reads.timeout}: stalled bodies cannot hold the workers
     * that answer the probes.
     */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> managementBodyReadTomcat(BodyReadProperties bodyReads) {
        return WebErrorsConfiguration.bodyReadLimits(bodyReads);
    }
}
