package io.ringmap.restart.config;

import io.ringmap.config.OnContactPointsCondition;
import io.ringmap.restart.cluster.GossipViews;
import io.ringmap.restart.service.NodeViews;
import io.ringmap.restart.service.RestartService;
import io.ringmap.restart.service.SharedNodeViews;
import io.ringmap.routing.RoutingService;
import io.ringmap.topology.ClusterSession;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.cassandra.autoconfigure.CassandraProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/** Wires the restart plan and guide: nodes' own views come from the live cluster's session, or from nowhere. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RestartProperties.class)
public class RestartConfiguration {

    /**
     * With a live cluster: each node's gossip view, read from the node through the topology source's session, at most
     * once a second whoever asks (a guide polled by many clients queries each node once).
     */
    @Bean
    @Conditional(OnContactPointsCondition.class)
    NodeViews gossipViews(ClusterSession cluster, RestartProperties settings, ObjectProvider<Clock> clock) {
        Clock time = clock.getIfAvailable(Clock::systemUTC);
        return new SharedNodeViews(new GossipViews(cluster, settings.viewTimeout(), time), Duration.ofSeconds(1), time);
    }

    /** A static topology has no nodes to ask: the guide waits and says why. */
    @Bean
    @ConditionalOnMissingBean(NodeViews.class)
    NodeViews noViews(ObjectProvider<Clock> clock) {
        return NodeViews.none(
                "ringmap serves a static topology: no node's own view can be read (set "
                        + "spring.cassandra.contact-points)",
                clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    RestartService restartService(
            RoutingService routing,
            ObjectProvider<CassandraProperties> cassandra,
            RestartProperties settings,
            NodeViews views,
            ObjectProvider<Clock> clock) {
        CassandraProperties properties = cassandra.getIfAvailable();
        return new RestartService(
                routing,
                properties == null ? null : properties.getLocalDatacenter(),
                settings,
                views,
                clock.getIfAvailable(Clock::systemUTC));
    }
}
