package io.ringmap.web;

import io.ringmap.routing.RoutingService;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The routing service of a {@code @WebMvcTest} slice that answers from the bundled reference sample (N1-N4, iot RF 3,
 * iot_multi_dc 2+2; {@code /topology/default.yaml}), batches of at most 100, no hits recorded. A slice imports it
 * with {@code @Import(BundledSampleRouting.class)}.
 */
@TestConfiguration
public class BundledSampleRouting {

    @Bean
    RoutingService routingService() {
        return WebTestSupport.routing(WebTestSupport.ringFrom("/topology/default.yaml"), 100);
    }
}
