package io.ringmap.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.ringmap.RingmapConfiguration;
import io.ringmap.snapshot.NoSnapshotException;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.snapshot.config.SnapshotConfiguration;
import io.ringmap.topology.ClusterDriverSettings;
import io.ringmap.topology.ClusterTopologySource;
import io.ringmap.topology.StaticTopologySource;
import io.ringmap.topology.TopologySource;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.cassandra.autoconfigure.CassandraAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class TopologySourceWiringTest {

    static final String DRIVER_CONFIG = "cassandraDriverConfigLoader";

    final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(CassandraAutoConfiguration.class))
            .withUserConfiguration(RingmapConfiguration.class, SnapshotConfiguration.class);

    @Test
    void servesTheStaticTopologyWhenNoContactPointsAreConfigured() {
        runner.run(context -> {
            assertThat(context).hasSingleBean(TopologySource.class);
            assertThat(context).hasSingleBean(StaticTopologySource.class);
            assertThat(context).doesNotHaveBean(ClusterDriverSettings.class);
            assertThat(context.getBean(SnapshotHolder.class)
                            .current()
                            .snapshot()
                            .source())
                    .startsWith("static:");
        });
    }

    @Test
    void createsTheDriverConfigurationOnlyWhenAskedForWithoutALiveCluster() {
        runner.run(context -> {
            assertThat(context.getBeanFactory().containsSingleton(DRIVER_CONFIG))
                    .isFalse();
            assertThat(context.getBean(DRIVER_CONFIG, DriverConfigLoader.class)).isNotNull(); // still there on demand
        });
    }

    @Test
    void createsTheDriverConfigurationAtStartUpForTheLiveSource() {
        runner.withPropertyValues(
                        "spring.cassandra.contact-points=127.0.0.99:9042", "spring.cassandra.local-datacenter=dc1")
                .run(context -> assertThat(context.getBeanFactory().containsSingleton(DRIVER_CONFIG))
                        .isTrue());
    }

    @Test
    void followsTheClusterWhenContactPointsAreConfiguredAndStartsWithoutReachingIt() {
        runner.withPropertyValues(
                        "spring.cassandra.contact-points=127.0.0.99:9042", "spring.cassandra.local-datacenter=dc1")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).hasSingleBean(TopologySource.class);
                    assertThat(context).hasSingleBean(ClusterTopologySource.class);
                    assertThat(context).hasSingleBean(ClusterDriverSettings.class);
                    SnapshotHolder ring = context.getBean(SnapshotHolder.class);
                    Assertions.assertThatThrownBy(ring::current).isInstanceOf(NoSnapshotException.class);
                });
    }

    @Test
    void recognisesContactPointsGivenAsAnIndexedList() {
        runner.withPropertyValues(
                        "spring.cassandra.contact-points[0]=127.0.0.99:9042", "spring.cassandra.local-datacenter=dc1")
                .run(context -> assertThat(context)
                        .hasSingleBean(ClusterTopologySource.class)
                        .doesNotHaveBean(StaticTopologySource.class));
    }

    @Test
    void followsTheClusterWhenAskedToEvenWithoutContactPointProperties() {
        // contact points then come from a @ServiceConnection (Testcontainers) or Boot's default
        runner.withPropertyValues("ringmap.topology.source=cluster", "spring.cassandra.local-datacenter=dc1")
                .run(context -> assertThat(context)
                        .hasSingleBean(ClusterTopologySource.class)
                        .doesNotHaveBean(StaticTopologySource.class));
    }

    @Test
    void servesTheStaticFileWhenAskedToDespiteContactPoints() {
        runner.withPropertyValues("ringmap.topology.source=static", "spring.cassandra.contact-points=127.0.0.99:9042")
                .run(context -> assertThat(context)
                        .hasSingleBean(StaticTopologySource.class)
                        .doesNotHaveBean(ClusterTopologySource.class));
    }

    @Test
    void refusesAnUnknownSource() {
        runner.withPropertyValues("ringmap.topology.source=carrier-pigeon")
                .run(context -> assertThat(context).hasFailed());
    }
}
