package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterTest;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.StandardCluster;
import io.ringmap.testcluster.TimeBudget;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * Cassandra 4.0.19 ({@link StandardCluster#LINE_4_0}, 127.0.0.101-103): the suites at rest ({@link LineConformance}),
 * and what 4.0 cannot show: it has no {@code system_views.gossip_info}, so without JMX the answers assume no
 * movement and say why.
 */
@CassandraClusterTest(StandardCluster.LINE_4_0)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.cassandra.contact-points=127.0.0.101:9042", "spring.cassandra.local-datacenter=dc1",
            "management.server.port=0", "ringmap.topology.refresh-interval=5s"
        })
@DirtiesContext
@ResourceLock(providers = ClusterLocks.class)
@TimeBudget(seconds = 595)
class Cassandra40ConformanceIT extends LineConformance {

    @Test
    @Order(10)
    void withoutGossipInfoAndWithoutJmxNoMovementIsAssumedAndTheAnswerSaysWhy(CassandraCluster cluster) {
        JsonNode motion =
                ringmap().ok(ringmap().get("/ring"), "/ring").get("snapshot").get("motion");

        assertThat(motion.get("source").asString()).isEqualTo("NONE");
        assertThat(motion.get("assumed").asString()).contains("no system_views.gossip_info", "Cassandra 4.0", "JMX");
        assertThat(ringmap().ok(ringmap().get("/ring"), "/ring").get("snapshot").has("epoch"))
                .isFalse();
        note(cluster, "movement: %s", motion.get("assumed").asString());
    }
}
