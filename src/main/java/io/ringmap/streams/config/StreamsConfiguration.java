package io.ringmap.streams.config;

import io.micrometer.core.instrument.MeterRegistry;
import io.ringmap.routing.RoutingService;
import io.ringmap.streams.StreamProperties;
import io.ringmap.streams.service.KeyStreams;
import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Streamed batches: their bounds and the service answering them. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(StreamProperties.class)
public class StreamsConfiguration {

    @Bean
    KeyStreams keyStreams(RoutingService routing, StreamProperties settings, Clock clock, MeterRegistry meters) {
        return new KeyStreams(routing, settings, clock, meters);
    }
}
