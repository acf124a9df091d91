package io.ringmap.web.errors;

import io.ringmap.config.ApiProperties;
import io.ringmap.config.StreamProperties;
import java.time.Clock;
import java.time.Duration;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Error handling outside Spring MVC on the API port: problem+json from the web server itself, the body limits (size,
 * time, concurrency), and the rate-limited log of rejected client requests (shared with the management port).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({BodyReadProperties.class, StreamProperties.class})
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
    FilterRegistrationBean<RequestBodyLimitFilter> requestBodyLimitFilter(
            ApiProperties api,
            BodyReadProperties bodyReads,
            StreamProperties streams,
            Clock clock,
            ClientErrorLog clientErrors) {
        FilterRegistrationBean<RequestBodyLimitFilter> registration = new FilterRegistrationBean<>(
                new RequestBodyLimitFilter(api.maxBodySize().toBytes(), bodyReads, streams, clock, clientErrors));
        // ahead of Spring Security, so that an unauthenticated body counts against the limits too
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 100);
        return registration;
    }

    /**
     * The API port's Tomcat: a single read of a request body waits at most the body timeout (Tomcat's upload timeout;
     * by default a read waits the connection timeout, 60 s), and a body the application left unread is not swallowed
     * ({@link UnreadBodyValve}).
     */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> bodyReadTomcat(BodyReadProperties bodyReads) {
        return bodyReadLimits(bodyReads);
    }

    /** The API port's security headers in every mode, see {@link SecurityHeadersValve}. */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> securityHeaders() {
        return securityHeaderValve();
    }

    /** {@link SecurityHeadersValve} on the API's and the management port's context. */
    static WebServerFactoryCustomizer<TomcatServletWebServerFactory> securityHeaderValve() {
        return factory -> factory.addContextValves(new SecurityHeadersValve());
    }

    /** The per-read timeout and {@link UnreadBodyValve}, for the API's and the management port's Tomcat. */
    static WebServerFactoryCustomizer<TomcatServletWebServerFactory> bodyReadLimits(BodyReadProperties bodyReads) {
        return factory -> {
            factory.addConnectorCustomizers(connector -> {
                if (connector.getProtocolHandler() instanceof AbstractHttp11Protocol<?> http) {
                    http.setDisableUploadTimeout(false);
                    http.setConnectionUploadTimeout((int) bodyReads.timeout().toMillis());
                }
            });
            factory.addContextValves(new UnreadBodyValve());
        };
    }
}
