package io.ringmap.hotkeys.web;

import io.ringmap.config.ApiProperties;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.hotkeys.service.HotKeyQuery;
import io.ringmap.hotkeys.service.HotKeyRecorder;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.web.WebTestSupport;
import org.springframework.context.annotation.Bean;

/**
 * The beans behind the hot-key endpoints in a {@code @WebMvcTest} slice: the odd test ring, a hot-key registry
 * exporting as {@link #properties()} says, and the routing service that records into it (batches of at most 3).
 */
abstract class HotKeysWebWiring {

    abstract HotKeysProperties properties();

    @Bean
    SnapshotHolder snapshots() {
        return WebTestSupport.ringFrom("/topology/test-odd.yaml");
    }

    @Bean
    HotKeyRegistry hotKeyRegistry() {
        return new HotKeyRegistry(properties().settings(), properties().exporter());
    }

    @Bean
    RoutingService routingService(SnapshotHolder ring, HotKeyRegistry hotKeys) {
        return new RoutingService(ring, new ApiProperties(3), new HotKeyRecorder(hotKeys, new ReplicaHits(10)), null);
    }

    @Bean
    HotKeyQuery hotKeyQuery(RoutingService routing, HotKeyRegistry hotKeys) {
        return new HotKeyQuery(routing, hotKeys);
    }

    @Bean
    HotKeysProperties hotKeysProperties() {
        return properties();
    }
}
