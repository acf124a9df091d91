package io.ringmap.config;

import io.ringmap.RingmapConfiguration;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.topology.ClusterDriverSettings;
import io.ringmap.topology.ClusterTopologySource;
import io.ringmap.topology.NoSnapshotException;
import io.ringmap.topology.RingService;
import io.ringmap.topology.StaticTopologySource;
import io.ringmap.topology.TopologySource;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.cassandra.autoconfigure.CassandraAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class TopologySourceWiringTest {

    final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(CassandraAutoConfiguration.class))
            .withUserConfiguration(RingmapConfiguration.class);

    @Test
    void servesTheStaticTopologyWhenNoContactPointsAreConfigured() {
        runner.run(context -> {
            assertThat(context).hasSingleBean(TopologySource.class);
            assertThat(context).hasSingleBean(StaticTopologySource.class);
            assertThat(context).doesNotHaveBean(ClusterDriverSettings.class);
            assertThat(context.getBean(RingService.class).current().snapshot().source()).startsWith("static:");
        });
    }

    @Test
    void followsTheClusterWhenContactPointsAreConfiguredAndStartsWithoutReachingIt() {
        runner.withPropertyValues("spring.cassandra.contact-points=127.0.0.99:9042",
                        "spring.cassandra.local-datacenter=dc1")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).hasSingleBean(TopologySource.class);
                    assertThat(context).hasSingleBean(ClusterTopologySource.class);
                    assertThat(context).hasSingleBean(ClusterDriverSettings.class);
                    RingService ring = context.getBean(RingService.class);
                    Assertions.assertThatThrownBy(ring::current).isInstanceOf(NoSnapshotException.class);
                });
    }

    @Test
    void recognisesContactPointsGivenAsAnIndexedList() {
        runner.withPropertyValues("spring.cassandra.contact-points[0]=127.0.0.99:9042",
                        "spring.cassandra.local-datacenter=dc1")
                .run(context -> assertThat(context).hasSingleBean(ClusterTopologySource.class)
                        .doesNotHaveBean(StaticTopologySource.class));
    }
}
