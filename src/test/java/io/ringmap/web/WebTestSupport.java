package io.ringmap.web;

import io.ringmap.config.ApiProperties;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.topology.StaticTopologyParser;
import io.ringmap.topology.TopologyModel;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

public final class WebTestSupport {

    private WebTestSupport() {}

    public static SnapshotHolder ringFrom(String classpathResource) {
        SnapshotHolder ring = new SnapshotHolder(Clock.systemUTC());
        ring.publish(modelFrom(classpathResource), "static:" + classpathResource);
        return ring;
    }

    /** The static topology file on the test classpath, parsed. */
    public static TopologyModel modelFrom(String classpathResource) {
        try (InputStream in = WebTestSupport.class.getResourceAsStream(classpathResource)) {
            return StaticTopologyParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), classpathResource);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static RoutingService routing(SnapshotHolder ring, int maxBatch) {
        return new RoutingService(ring, new ApiProperties(maxBatch), io.ringmap.hits.HitRecorder.NONE, null);
    }
}
