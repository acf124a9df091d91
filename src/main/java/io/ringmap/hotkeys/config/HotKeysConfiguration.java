package io.ringmap.hotkeys.config;

import io.ringmap.hits.metrics.ReportedHits;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySource;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.ServerHotKeys;
import io.ringmap.hotkeys.metrics.HotKeyMetrics;
import io.ringmap.hotkeys.metrics.HotKeyScheduler;
import io.ringmap.hotkeys.metrics.HotKeySeriesLimit;
import io.ringmap.hotkeys.metrics.ServerHotKeyMetrics;
import io.ringmap.hotkeys.metrics.SnapshotPlacements;
import io.ringmap.hotkeys.service.HotKeyQuery;
import io.ringmap.hotkeys.service.HotKeyRecorder;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.SnapshotHolder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires hot-key tracking ({@code ringmap.hotkeys.*}): the core, its recorder on the routing path, its meters with
 * the series-limit backstop, and the scheduler driving refreshes and window rotation. With
 * {@code ringmap.hotkeys.enabled=false} none of this exists: nothing is recorded and no hot-key meter is registered.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "ringmap.hotkeys.enabled", matchIfMissing = true)
public class HotKeysConfiguration {

    /** Replica nodes tracked at most: far above any real cluster, a bound against a runaway topology. */
    static final int MAX_REPLICA_NODES = 10_000;

    @Bean
    HotKeyRegistry hotKeyRegistry(HotKeysProperties properties) {
        return new HotKeyRegistry(properties.settings(), properties.exporter());
    }

    @Bean
    ReplicaHits replicaHits() {
        return new ReplicaHits(MAX_REPLICA_NODES);
    }

    @Bean
    SnapshotPlacements snapshotPlacements(SnapshotHolder snapshots) {
        return new SnapshotPlacements(snapshots);
    }

    /** Registered with every meter registry by Spring Boot (a MeterBinder bean). */
    @Bean
    HotKeyMetrics hotKeyMetrics(HotKeyRegistry hotKeys, ReplicaHits replicas, SnapshotPlacements placements) {
        return new HotKeyMetrics(hotKeys, replicas, placements);
    }

    /** Applied as a MeterFilter and bound as a MeterBinder (to learn removals) by Spring Boot. */
    @Bean
    HotKeySeriesLimit hotKeySeriesLimit(HotKeysProperties properties) {
        return new HotKeySeriesLimit(properties.settings().seriesPerTable(), properties.maxTables());
    }

    @Bean
    HotKeyRecorder hotKeyRecorder(HotKeyRegistry hotKeys, ReplicaHits replicas) {
        return new HotKeyRecorder(hotKeys, replicas);
    }

    @Bean
    ReportedHits reportedHits() {
        return new ReportedHits();
    }

    /** The servers' sampled partitions (when a sizes collector samples), under the client side's bounds. */
    @Bean
    ServerHotKeyMetrics serverHotKeyMetrics(ObjectProvider<ServerHotKeys> server, HotKeysProperties properties) {
        return new ServerHotKeyMetrics(
                server::getIfAvailable,
                properties.exporter(),
                properties.topK(),
                properties.maxTables(),
                properties.settings().maxLabelLength());
    }

    @Bean
    HotKeyScheduler hotKeyScheduler(
            HotKeyMetrics metrics,
            HotKeyRegistry hotKeys,
            ReplicaHits replicas,
            SnapshotHolder snapshots,
            SnapshotPlacements placements,
            HotKeysProperties properties,
            ServerHotKeyMetrics serverMetrics) {
        return new HotKeyScheduler(
                metrics,
                hotKeys,
                replicas,
                snapshots,
                placements,
                properties.refreshInterval(),
                properties.window(),
                serverMetrics);
    }

    /** Answers for the whole deployment when the peers package provides a {@link HotKeySource}. */
    @Bean
    HotKeyQuery hotKeyQuery(RoutingService routing, HotKeyRegistry hotKeys, ObjectProvider<HotKeySource> deployment) {
        return new HotKeyQuery(routing, hotKeys, deployment.getIfAvailable());
    }
}
