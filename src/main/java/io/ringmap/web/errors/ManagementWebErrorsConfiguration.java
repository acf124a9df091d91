package io.ringmap.web.errors;

import org.springframework.context.annotation.Bean;

/**
 * The management port's web server answers its own errors with problem+json too. Loaded into the management
 * context by Spring Boot (listed in {@code META-INF/spring/...ManagementContextConfiguration.imports}); deliberately
 * not a {@code @Configuration}, so the API context's component scan does not pick it up.
 */
public class ManagementWebErrorsConfiguration {

    @Bean
    ProblemValveCustomizer managementProblemValveCustomizer(ClientErrorLog clientErrors) {
        return new ProblemValveCustomizer(clientErrors);
    }
}
