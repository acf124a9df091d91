package io.ringmap;

import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import io.ringmap.config.ApiProperties;
import io.ringmap.config.ClusterProperties;
import io.ringmap.config.MetricsProperties;
import io.ringmap.config.OnContactPointsCondition;
import io.ringmap.config.TopologyProperties;
import io.ringmap.pending.config.PendingProperties;
import io.ringmap.sizes.config.SizesProperties;
import io.ringmap.snapshot.ClusterTag;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.snapshot.TopologyRefreshMetrics;
import io.ringmap.topology.ClusterDriverSettings;
import io.ringmap.topology.ClusterTopologySource;
import io.ringmap.topology.StaticTopologySource;
import io.ringmap.topology.TopologySource;
import io.ringmap.topology.motion.ClusterMotionReader;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ResourceLoader;

/**
 * The composition root: the settings shared by several features and those its own beans read, and the topology source wired to the snapshot holder it publishes to (the
 * live cluster source when contact points are configured, else the static file) with the meters that depend on
 * which. Each feature wires its own beans in its own configuration.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({
    TopologyProperties.class,
    ClusterProperties.class,
    PendingProperties.class,
    SizesProperties.class,
    ApiProperties.class,
    MetricsProperties.class
})
public class RingmapConfiguration {
    /**
     * The live source follows the cluster named by {@code spring.cassandra.contact-points}. It opens its own session
     * from Boot's (prototype) session builder in the background; Boot's lazy {@code CqlSession} bean stays unused.
     * Declared before the static source, whose {@code @ConditionalOnMissingBean} then sees it.
     */
    @Bean
    @Conditional(OnContactPointsCondition.class)
    ClusterTopologySource clusterTopologySource(
            ObjectProvider<CqlSessionBuilder> builders,
            TopologyProperties topology,
            ClusterProperties cluster,
            SnapshotHolder snapshots,
            PendingProperties pending,
            SizesProperties sizes) {
        ClusterMotionReader.Use use = pending.source() == PendingProperties.Source.NONE
                ? ClusterMotionReader.Use.NONE
                : pending.jmxFirst(sizes.jmx().enabled())
                        ? ClusterMotionReader.Use.JMX_THEN_GOSSIP
                        : ClusterMotionReader.Use.GOSSIP;
        return new ClusterTopologySource(
                builders::getObject,
                topology,
                cluster,
                snapshots,
                new ClusterMotionReader(use, sizes.jmx(), cluster.checkTimeout()),
                pending.refreshWhileMoving(),
                pending.probeInterval());
    }

    /** Driver settings the live source relies on (complete metadata, fast events, a pool to every node). */
    @Bean
    @Conditional(OnContactPointsCondition.class)
    ClusterDriverSettings clusterDriverSettings(TopologyProperties topology, ClusterProperties cluster) {
        return new ClusterDriverSettings(topology, cluster);
    }

    /**
     * Without a live cluster source nothing uses the driver, so Boot's driver configuration (the driver's
     * {@code reference.conf} parsed by Typesafe Config: ~280 classes loaded and a second of a cold start-up's CPU on a
     * loaded machine) is created only if something asks for it. The session builder and the session are lazy already.
     */
    @Bean
    static BeanFactoryPostProcessor driverConfigurationOnlyForTheLiveSource() {
        return beanFactory -> {
            if (!beanFactory.containsBeanDefinition("clusterTopologySource")
                    && beanFactory.containsBeanDefinition(DRIVER_CONFIG_LOADER)) {
                beanFactory.getBeanDefinition(DRIVER_CONFIG_LOADER).setLazyInit(true);
            }
        };
    }

    /** The bean name of Boot's {@code DriverConfigLoader} ({@code CassandraAutoConfiguration}). */
    static final String DRIVER_CONFIG_LOADER = "cassandraDriverConfigLoader";

    /** The static source serves when no live cluster source is configured. */
    @Bean
    @ConditionalOnMissingBean(TopologySource.class)
    StaticTopologySource staticTopologySource(
            ResourceLoader loader, TopologyProperties properties, SnapshotHolder snapshots) {
        return new StaticTopologySource(loader, properties, snapshots);
    }

    /**
     * The {@code cluster} tag of every meter (a MeterFilter, applied by Spring Boot when it creates the registry,
     * before any meter registers): {@code ringmap.metrics.cluster}, else the static file's name (the first meter's
     * registration waits for the file's parse, which runs beside the context's start-up), else {@code unknown} for a
     * live cluster, not connected yet at that point.
     */
    @Bean
    ClusterTag clusterTag(MetricsProperties metrics, TopologySource source, SnapshotHolder snapshots) {
        ClusterTag tag = metrics.cluster() != null
                ? new ClusterTag(metrics.cluster(), true)
                : source instanceof StaticTopologySource file
                        ? new ClusterTag(file::clusterName, false)
                        : new ClusterTag(ClusterTag.UNKNOWN, false);
        snapshots.onPublish(tag::served);
        return tag;
    }

    /** Time of the last successful topology refresh and failed refreshes, for alerts. */
    @Bean
    TopologyRefreshMetrics topologyRefreshMetrics(SnapshotHolder snapshots, TopologySource source) {
        return new TopologyRefreshMetrics(
                snapshots, source instanceof ClusterTopologySource ? "cluster" : "static", source.refreshInterval());
    }
}
