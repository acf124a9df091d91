package io.ringmap;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Bean;
import org.testcontainers.cassandra.CassandraContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * ringmap against a Cassandra 5.0 container, for machines with Docker: {@code ./mvnw spring-boot:test-run}. The
 * container's contact point and local DC reach the live source through Spring Boot's {@code @ServiceConnection}.
 * Without Docker use {@code scripts/local-cluster.sh} instead (see README).
 */
public final class TestRingmapApplication {

    private TestRingmapApplication() {}

    public static void main(String[] args) {
        String[] withSource = java.util.Arrays.copyOf(args, args.length + 1);
        withSource[args.length] = "--ringmap.topology.source=cluster";
        SpringApplication.from(RingmapApplication::main)
                .with(CassandraContainerConfiguration.class)
                .run(withSource);
    }

    /** A single Cassandra 5.0 node in a container, wired as the cluster ringmap follows. */
    @TestConfiguration(proxyBeanMethods = false)
    public static class CassandraContainerConfiguration {

        @Bean
        @ServiceConnection
        CassandraContainer cassandra() {
            return new CassandraContainer(DockerImageName.parse("cassandra:5.0"));
        }
    }
}
