package io.ringmap.planning.web;

import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.hotkeys.service.HotKeyQuery;
import io.ringmap.planning.config.PlanningConfiguration;
import io.ringmap.routing.RoutingService;
import io.ringmap.web.WebTestSupport;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The beans behind {@code GET /plan/shards?hotkey=} in a {@code @WebMvcTest} slice: the vnode ring of sharded tables
 * ({@code vnodes-shards.yaml}), a hot-key registry exporting as {@link #properties()} says, and the query that
 * resolves the labels {@code /hotkeys} shows, with the planning limits' defaults.
 */
@Import(PlanningConfiguration.class)
abstract class ShardPlanHotKeyWiring {

    abstract HotKeysProperties properties();

    @Bean
    RoutingService routingService() {
        return WebTestSupport.routing(WebTestSupport.ringFrom("/topology/vnodes-shards.yaml"), 100);
    }

    @Bean
    HotKeysProperties hotKeysProperties() {
        return properties();
    }

    @Bean
    HotKeyRegistry hotKeyRegistry(HotKeysProperties properties) {
        return new HotKeyRegistry(properties.settings(), properties.exporter());
    }

    @Bean
    HotKeyQuery hotKeyQuery(RoutingService routing, HotKeyRegistry hotKeys) {
        return new HotKeyQuery(routing, hotKeys);
    }
}
