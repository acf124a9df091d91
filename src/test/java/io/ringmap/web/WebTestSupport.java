package io.ringmap.web;

import io.ringmap.config.ApiProperties;
import io.ringmap.routing.RoutingService;
import io.ringmap.topology.RingService;
import io.ringmap.topology.StaticTopologyParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.springframework.util.unit.DataSize;

final class WebTestSupport {

    private WebTestSupport() {
    }

    static RingService ringFrom(String classpathResource) {
        RingService ring = new RingService(Clock.systemUTC());
        try (InputStream in = WebTestSupport.class.getResourceAsStream(classpathResource)) {
            ring.publish(StaticTopologyParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8),
                    classpathResource), "static:" + classpathResource);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return ring;
    }

    static RoutingService routing(RingService ring, int maxBatch) {
        return new RoutingService(ring, new ApiProperties(maxBatch, DataSize.ofMegabytes(16)),
                io.ringmap.routing.HitRecorder.NONE);
    }
}
