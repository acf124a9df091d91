package io.ringmap.heatmap.config;

import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.heatmap.HeatmapSource;
import io.ringmap.heatmap.metrics.HeatmapMetrics;
import io.ringmap.heatmap.service.HeatmapQuery;
import io.ringmap.heatmap.service.HeatmapRecorder;
import io.ringmap.heatmap.service.ServerSeries;
import io.ringmap.hotkeys.ServerHotKeys;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.hotkeys.service.HotKeyQuery;
import io.ringmap.routing.RoutingService;
import io.ringmap.sizes.cluster.SizesCollector;
import io.ringmap.sizes.config.SizesProperties;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the key visualizer ({@code ringmap.heatmap.*}): the per-table counts, their recorder on the hit path and the
 * service answering {@code GET /heatmap}, for the whole deployment when the peers package provides a
 * {@link HeatmapSource}. With {@code ringmap.heatmap.enabled=false} none of this exists.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(HeatmapProperties.class)
@ConditionalOnBooleanProperty(name = "ringmap.heatmap.enabled", matchIfMissing = true)
public class HeatmapConfiguration {

    @Bean
    HeatmapRegistry heatmapRegistry(HeatmapProperties properties, Clock clock) {
        return new HeatmapRegistry(properties.settings(), clock);
    }

    @Bean
    HeatmapMetrics heatmapMetrics(HeatmapRegistry heatmaps) {
        return new HeatmapMetrics(heatmaps);
    }

    @Bean
    HeatmapRecorder heatmapRecorder(HeatmapRegistry heatmaps) {
        return new HeatmapRecorder(heatmaps);
    }

    @Bean
    HeatmapQuery heatmapQuery(
            RoutingService routing,
            HeatmapRegistry heatmaps,
            ObjectProvider<HotKeyQuery> hotKeys,
            HotKeysProperties hotKeyProperties,
            ObjectProvider<HeatmapSource> deployment,
            ObjectProvider<ServerHotKeys> server,
            ObjectProvider<SizesCollector> collector,
            SizesProperties sizes,
            HeatmapProperties properties,
            Clock clock) {
        // the servers' sampled reads and writes, added after each round: only where a collector samples partitions
        SizesCollector rounds = collector.getIfAvailable();
        ServerHotKeys keys = server.getIfAvailable();
        ServerSeries series = null;
        if (rounds != null && keys != null && sizes.jmx().sampling().enabled()) {
            ServerSeries added = new ServerSeries(
                    keys,
                    routing,
                    new HeatmapRegistry(properties.settings(), clock),
                    new HeatmapRegistry(properties.settings(), clock));
            rounds.onPublish(round -> added.roundPublished());
            series = added;
        }
        return new HeatmapQuery(
                routing,
                heatmaps,
                hotKeys::getIfAvailable,
                hotKeyProperties.clearKeysShown(),
                hotKeyProperties.topK(),
                deployment.getIfAvailable(),
                series,
                clock);
    }
}
