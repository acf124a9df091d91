package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraPartitioner;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.ClusterSpec;
import io.ringmap.testcluster.NodeSpec;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import io.ringmap.web.OperationAnswersTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

/**
 * The service starts while its cluster is unreachable, answers 503 and is not ready, then becomes ready on its own
 * once the cluster appears: no restart. Before its first collection round, the size questions answer as the API
 * document says ({@code sizes-unavailable}: the probes of {@link OperationAnswersTest.Setting#LIVE_CLUSTER}).
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.cassandra.contact-points=127.0.0.36:9042",
            "spring.cassandra.local-datacenter=dc1",
            // no collection round of the nodes' figures during the test: the size questions answer sizes-unavailable
            "ringmap.sizes.initial-delay=1h",
            "management.server.port=0"
        })
@ResourceLock(providers = ClusterLocks.class)
// its ringmap closes with the class: a cached context would go on following (and reconnecting to) a cluster
// that is gone for the rest of the run
@DirtiesContext
@TimeBudget(seconds = 120)
class LiveStartupIT {

    static final ClusterSpec SPEC = ClusterSpec.of(
            "live-startup",
            CassandraPartitioner.MURMUR3,
            List.of(NodeSpec.withTokens("127.0.0.36", "dc1", "rack1", "0")));

    static final CassandraCluster CLUSTER = CassandraCluster.of(SPEC);

    @LocalServerPort
    int port;

    @LocalManagementPort
    int managementPort;

    @AfterAll
    static void stopCluster() {
        CLUSTER.stop();
    }

    @Test
    void startsWithoutItsClusterAnswers503AndBecomesReadyWhenTheClusterAppears() {
        // given a service whose only contact point does not answer yet
        TestHttp service = new TestHttp(port);
        TestHttp management = new TestHttp(managementPort);
        TestHttp.Response token = service.get("/token?keyspace=system_schema&table=tables&keyspace_name=x");
        assertThat(token.status()).isEqualTo(503);
        assertThat(token.header("Content-Type"))
                .hasValueSatisfying(ct -> assertThat(ct).startsWith("application/problem+json"));
        assertThat(token.body()).contains("no ring snapshot").doesNotContain("com.datastax");
        assertThat(management.get("/readyz").status()).isEqualTo(503);
        assertThat(management.get("/livez").status()).isEqualTo(200);

        // when the cluster appears
        CLUSTER.start();
        long ready = System.nanoTime();

        // then the service becomes ready by itself and answers
        Polling.until(
                "readiness within 15 s of the cluster being up",
                Duration.ofSeconds(15),
                Duration.ofMillis(100),
                () -> management.get("/readyz").status(),
                status -> status == 200);
        System.out.printf(
                "[LiveStartupIT] cluster ready -> service ready: %d ms%n", (System.nanoTime() - ready) / 1_000_000);
        assertThat(service.get("/token?keyspace=system_schema&table=tables&keyspace_name=x")
                        .status())
                .isEqualTo(200);

        // and with the sample's table on the cluster, before the first collection round
        CLUSTER.executeSchemaChange(
                "CREATE KEYSPACE iot WITH replication = {'class': 'SimpleStrategy', " + "'replication_factor': 1}");
        CLUSTER.executeSchemaChange("CREATE TABLE iot.readings (sensor_id text, day date, at timestamp, value double, "
                + "PRIMARY KEY ((sensor_id, day), at))");
        Polling.until(
                "iot.readings in the snapshot",
                Polling.PROMISE,
                Duration.ofMillis(100),
                () -> service.get("/token?keyspace=iot&table=readings&sensor_id=s&day=2026-10-01")
                        .status(),
                status -> status == 200);
        OperationAnswersTest.assertAnswersAsDocumented(port, OperationAnswersTest.Setting.LIVE_CLUSTER);
    }
}
