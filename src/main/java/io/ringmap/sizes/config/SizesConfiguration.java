package io.ringmap.sizes.config;

import io.ringmap.config.OnContactPointsCondition;
import io.ringmap.sizes.SizeGuideline;
import io.ringmap.sizes.SizesShare;
import io.ringmap.sizes.SizesSource;
import io.ringmap.sizes.cluster.SizesCollector;
import io.ringmap.sizes.metrics.SizeMetrics;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.topology.ClusterSession;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Wires the sizes collector to the live cluster's session, or a source that explains why there is none. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SizesProperties.class)
public class SizesConfiguration {

    /** With a live cluster: collects from every node (its share of them, with peers) through the topology source's session. */
    @Bean
    @Conditional(OnContactPointsCondition.class)
    @ConditionalOnProperty(name = "ringmap.sizes.enabled", havingValue = "true", matchIfMissing = true)
    SizesCollector sizesCollector(
            ClusterSession cluster,
            SnapshotHolder snapshots,
            SizesProperties settings,
            ObjectProvider<SizesShare> share,
            Clock clock) {
        // with peers (ringmap.peers.*) the deployment shares the nodes; alone, this instance collects every node
        return new SizesCollector(cluster, snapshots, settings, share.getIfAvailable(() -> SizesShare.ALONE), clock);
    }

    /** Without one (static topology, or collection switched off): every size question names why. */
    @Bean
    @ConditionalOnMissingBean(SizesSource.class)
    SizesSource unavailableSizes(Environment env) {
        boolean disabled = !env.getProperty("ringmap.sizes.enabled", Boolean.class, true);
        return SizesSource.unavailable(
                disabled
                        ? "partition size collection is switched off (ringmap.sizes.enabled=false)"
                        : "ringmap serves a static topology: partition sizes come only from a live cluster "
                                + "(set spring.cassandra.contact-points)");
    }

    /** Meters of the servers' figures, updated with every round (a MeterBinder, bound by Spring Boot). */
    @Bean
    SizeMetrics sizeMetrics(SizeGuideline guideline, ObjectProvider<SizesCollector> collector) {
        SizeMetrics metrics = new SizeMetrics(guideline);
        collector.ifAvailable(c -> c.onPublish(round -> {
            metrics.update(round);
            c.ownShare().ifPresent(metrics::ownRound);
        }));
        return metrics;
    }

    @Bean
    SizeGuideline sizeGuideline(SizesProperties settings) {
        SizesProperties.Guideline g = settings.guideline();
        return new SizeGuideline(g.maxPartitionSize().toBytes(), g.maxPartitionRows(), g.pathologyRatio());
    }
}
