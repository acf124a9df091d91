package io.ringmap.availability.config;

import io.ringmap.availability.service.AvailabilityService;
import io.ringmap.routing.RoutingService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.cassandra.autoconfigure.CassandraProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The service behind {@code /availability}. Its one setting is the driver's own: the coordinator's data centre when a
 * request names none is {@code spring.cassandra.local-datacenter}, read from Spring Boot's Cassandra properties.
 */
@Configuration(proxyBeanMethods = false)
public class AvailabilityConfiguration {

    @Bean
    AvailabilityService availabilityService(RoutingService routing, ObjectProvider<CassandraProperties> cassandra) {
        CassandraProperties properties = cassandra.getIfAvailable();
        return new AvailabilityService(routing, properties == null ? null : properties.getLocalDatacenter());
    }
}
