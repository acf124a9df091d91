package io.ringmap.web;

import io.ringmap.routing.OwnershipService;
import io.ringmap.routing.RoutingService;
import io.ringmap.routing.SplitService;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The split and ownership services of a {@code @WebMvcTest} slice that serves {@code /splits} or {@code /ring}, over
 * the slice's own {@link RoutingService}, with the default split limit (10,000). A slice imports it with
 * {@code @Import(SplitAndOwnershipServices.class)}.
 */
@TestConfiguration
public class SplitAndOwnershipServices {

    @Bean
    SplitService splitService(RoutingService routing) {
        return new SplitService(routing, 10_000);
    }

    @Bean
    OwnershipService ownershipService(RoutingService routing) {
        return new OwnershipService(routing);
    }
}
