package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterTest;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.NodeSpec;
import io.ringmap.testcluster.StandardCluster;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;

/**
 * Cassandra 4.1.10 ({@link StandardCluster#LINE_4_1}, 127.0.0.111-113, a joiner on .114): the suites at rest
 * ({@link LineConformance}), and movement read from {@code system_views.gossip_info} (no JMX): a node starting to join
 * shows in {@code /ring} within 5 s of Cassandra's StorageService (what nodetool reads) showing it, with the
 * periodic refresh left at its 30 s default so the probe is what sees it, and its pending ranges equal Cassandra's.
 */
@CassandraClusterTest(StandardCluster.LINE_4_1)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.cassandra.contact-points=127.0.0.111:9042", "spring.cassandra.local-datacenter=dc1",
            "management.server.port=0", "ringmap.pending.source=gossip"
        })
@DirtiesContext
@ResourceLock(providers = ClusterLocks.class)
@TimeBudget(seconds = 515)
class Cassandra41ConformanceIT extends LineConformance {

    static final String J = "127.0.0.114";
    /** One token: gossip names a joiner's first token only, so a single-token joiner is seen whole. */
    static final NodeSpec JOINER = NodeSpec.withTokens(J, "dc1", "rack1", "1234567890123456789");

    static final Duration SHOWN_WITHIN = Duration.ofSeconds(5);

    @Test
    @Order(10)
    void aJoiningNodeShowsWithinFiveSecondsWithCassandrasPendingRanges(CassandraCluster cluster) throws Exception {
        ReplicaConformanceIT.create(cluster, List.of(CASES.get(0), CASES.get(2)));
        TestHttp ringmap = ringmap();
        ReplicaConformanceIT.awaitRing(ringmap, cluster, List.of(CASES.get(0), CASES.get(2)));
        try (RangesInMotionIT.Oracle oracle = RangesInMotionIT.Oracle.of(cluster, 0)) {
            cluster.startJoining(JOINER);
            Polling.until(
                    J + " joining in StorageService",
                    Duration.ofSeconds(120),
                    Duration.ofMillis(100),
                    () -> oracle.joining().contains(J));
            long shown = System.nanoTime();
            awaitRing(
                    ringmap,
                    "ringmap shows " + J + " joining",
                    SHOWN_WITHIN,
                    r -> r.get("moving")
                            .valueStream()
                            .anyMatch(m -> m.get("broadcastAddress").asString().equals(J)));
            double seconds = (System.nanoTime() - shown) / 1e9;
            note(
                    cluster,
                    "join: ringmap showed %s joining %.1f s after StorageService did (gossip, probe)",
                    J,
                    seconds);
            for (ReplicaConformanceIT.Case c : List.of(CASES.get(0), CASES.get(2))) {
                var cassandra = normalized(oracle.pending(c.keyspace()));
                assertThat(cassandra)
                        .as("Cassandra's pending ranges of %s", c.keyspace())
                        .isNotEmpty();
                Polling.until(
                        "ringmap's pending ranges of " + c.keyspace() + " equal Cassandra's " + cassandra,
                        Polling.PROMISE,
                        Duration.ofMillis(250),
                        () -> normalized(ringmapPending(ringmap, c.keyspace())),
                        cassandra::equals);
            }
            assertThat(oracle.joining()).as("still joining after the checks").contains(J);
        }
        cluster.awaitReady();
    }
}
