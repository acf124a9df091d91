package io.ringmap.heatmap.config;

import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.heatmap.HeatmapSource;
import io.ringmap.heatmap.metrics.HeatmapMetrics;
import io.ringmap.heatmap.service.HeatmapQuery;
import io.ringmap.heatmap.service.HeatmapRecorder;
import io.ringmap.heatmap.service.ServerSeries;
import io.ringmap.hotkeys.HotKeyRegistry;
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
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Wires the key visualizer ({@code ringmap.heatmap.*}): the per-table counts, their recorder on the hit path and the
 * service answering {@code GET /heatmap}, for the whole deployment when the peers package provides a
 * {@link HeatmapSource}. With {@code ringmap.heatmap.enabled=false} none of this exists.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(HeatmapProperties.class)
@ConditionalOnBooleanProperty(name = "ringmap.heatmap.enabled", matchIfMissing = true)
public class HeatmapConfiguration {

    /**
     * The client hits' counts, each slice keeping the hits of the table's tracked keys (as many as the hot keys' top
     * K) when hot keys are tracked.
     */
    @Bean
    HeatmapRegistry heatmapRegistry(
            HeatmapProperties properties,
            ObjectProvider<HotKeyRegistry> hotKeys,
            HotKeysProperties hotKeyProperties,
            Clock clock) {
        HotKeyRegistry tracker = hotKeys.getIfAvailable();
        if (tracker == null) {
            return new HeatmapRegistry(properties.settings().withKeysPerSlice(0), clock);
        }
        return new HeatmapRegistry(
                properties.settings().withKeysPerSlice(hotKeyProperties.topK()), clock, tracker::tracked);
    }

    @Bean
    HeatmapMetrics heatmapMetrics(HeatmapRegistry heatmaps) {
        return new HeatmapMetrics(heatmaps);
    }

    /**
     * Before the hot keys' recorder: the hit that starts a slice marks the tracked keys' counters before it is counted
     * in them, so it is counted in the slice it starts, as in the cells.
     */
    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
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
                    new HeatmapRegistry(properties.settings().withKeysPerSlice(0), clock),
                    new HeatmapRegistry(properties.settings().withKeysPerSlice(0), clock));
            rounds.onPublish(round -> added.roundPublished());
            series = added;
        }
        return new HeatmapQuery(
                routing,
                heatmaps,
                hotKeys::getIfAvailable,
                hotKeyProperties.clearKeysShown(),
                deployment.getIfAvailable(),
                series,
                clock);
    }
}
