package io.ringmap.web;

import io.ringmap.config.ApiProperties;
import io.ringmap.routing.OwnershipService;
import io.ringmap.routing.RoutingService;
import io.ringmap.routing.SplitService;
import io.ringmap.splits.RangeWeights;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The split and ownership services of a {@code @WebMvcTest} slice that serves {@code /splits} or {@code /ring}, over
 * the slice's own {@link RoutingService} and size estimates (none when the slice has no sizes), with the default split
 * limit (10,000). A slice imports it with {@code @Import(SplitAndOwnershipServices.class)}.
 */
@TestConfiguration
public class SplitAndOwnershipServices {

    @Bean
    SplitService splitService(RoutingService routing, ObjectProvider<RangeWeights> weights) {
        return new SplitService(
                routing,
                new ApiProperties(10_000),
                weights.getIfAvailable(() -> RangeWeights.unavailable("no size estimates are collected")));
    }

    @Bean
    OwnershipService ownershipService(RoutingService routing) {
        return new OwnershipService(routing);
    }
}
