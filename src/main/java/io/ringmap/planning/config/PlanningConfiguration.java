package io.ringmap.planning.config;

import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.hotkeys.service.HotKeyQuery;
import io.ringmap.planning.service.KeyDesignService;
import io.ringmap.planning.service.ShardPlanService;
import io.ringmap.planning.service.TokenPlanService;
import io.ringmap.routing.RoutingService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Binds the planning endpoints' limits ({@code ringmap.plan.*}) and wires their services. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(PlanProperties.class)
public class PlanningConfiguration {

    @Bean
    KeyDesignService keyDesignService(RoutingService routing, PlanProperties limits) {
        return new KeyDesignService(routing, limits);
    }

    @Bean
    TokenPlanService tokenPlanService(RoutingService routing, PlanProperties limits) {
        return new TokenPlanService(routing, limits);
    }

    /** Hot keys and their settings are looked up per request: either may be absent (hot keys off). */
    @Bean
    ShardPlanService shardPlanService(
            RoutingService routing,
            ObjectProvider<HotKeyQuery> hotKeys,
            ObjectProvider<HotKeysProperties> hotKeySettings,
            PlanProperties limits) {
        return new ShardPlanService(routing, hotKeys::getIfAvailable, hotKeySettings::getIfAvailable, limits);
    }
}
