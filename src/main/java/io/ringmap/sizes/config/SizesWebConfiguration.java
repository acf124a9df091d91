package io.ringmap.sizes.config;

import io.ringmap.hotkeys.HotKeySource;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.routing.RoutingService;
import io.ringmap.sizes.SizeGuideline;
import io.ringmap.sizes.SizesSource;
import io.ringmap.sizes.service.SizesService;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The service behind {@code /sizes} and {@code /load}. */
@Configuration(proxyBeanMethods = false)
public class SizesWebConfiguration {

    @Bean
    SizesService sizesService(
            RoutingService routing,
            SizesSource sizes,
            SizeGuideline guideline,
            SizesProperties settings,
            ObjectProvider<ReplicaHits> replicaHits,
            ObjectProvider<HotKeySource> deployment,
            Clock clock) {
        SizesService.Limits limits = new SizesService.Limits(
                settings.topPartitions(),
                settings.load().ownershipTolerance(),
                settings.load().imbalanceRatio());
        return new SizesService(
                routing, sizes, guideline, limits, replicaHits.getIfAvailable(), deployment.getIfAvailable(), clock);
    }
}
