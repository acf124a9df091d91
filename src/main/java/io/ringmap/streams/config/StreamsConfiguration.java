package io.ringmap.streams.config;

import io.ringmap.config.StreamProperties;
import io.ringmap.routing.RoutingService;
import io.ringmap.streams.service.KeyStreams;
import io.ringmap.web.KeyDisclosure;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Streamed batches: their bounds and the service answering them. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(StreamProperties.class)
public class StreamsConfiguration {

    @Bean
    KeyStreams keyStreams(
            RoutingService routing, StreamProperties settings, ObjectProvider<KeyDisclosure> keys, Clock clock) {
        KeyDisclosure disclosure = keys.getIfAvailable();
        return new KeyStreams(routing, settings, disclosure != null && !disclosure.clearKeysShown(), clock);
    }
}
