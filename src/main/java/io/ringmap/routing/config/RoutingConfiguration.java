package io.ringmap.routing.config;

import io.ringmap.config.ApiProperties;
import io.ringmap.hits.HitRecorder;
import io.ringmap.routing.OwnershipService;
import io.ringmap.routing.RoutingService;
import io.ringmap.routing.SplitService;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.splits.RangeWeights;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.cassandra.autoconfigure.CassandraProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Routing: keys and tokens to replicas, the ring's ownership, a table's splits. */
@Configuration(proxyBeanMethods = false)
public class RoutingConfiguration {

    /**
     * The routing service; the coordinator's data centre of a LOCAL_* level that names none is Spring Boot's
     * {@code spring.cassandra.local-datacenter}.
     */
    @Bean
    RoutingService routingService(
            SnapshotHolder snapshots,
            ApiProperties api,
            ObjectProvider<HitRecorder> hits,
            ObjectProvider<CassandraProperties> cassandra) {
        CassandraProperties properties = cassandra.getIfAvailable();
        return new RoutingService(
                snapshots,
                api,
                HitRecorder.all(hits.orderedStream().toList()),
                properties == null ? null : properties.getLocalDatacenter());
    }

    /** Size-weighted splits read the sizes feature's estimates, when it collects them. */
    @Bean
    SplitService splitService(RoutingService routing, ApiProperties api, ObjectProvider<RangeWeights> weights) {
        return new SplitService(
                routing,
                api,
                weights.getIfAvailable(() -> RangeWeights.unavailable("no size estimates are collected")));
    }

    @Bean
    OwnershipService ownershipService(RoutingService routing) {
        return new OwnershipService(routing);
    }
}
