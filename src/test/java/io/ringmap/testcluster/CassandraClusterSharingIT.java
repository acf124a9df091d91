package io.ringmap.testcluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Shows the two ways a test class gets a cluster: the shared {@link StandardCluster#TWO_DC} (started once per run,
 * whichever class asks first) and a cluster of its own, stopped after the class.
 */
@CassandraClusterTest(StandardCluster.TWO_DC)
@ResourceLock(providers = ClusterLocks.class)
@TimeBudget(seconds = 10)
class CassandraClusterSharingIT {

    @RegisterExtension
    static final CassandraClusterExtension BYTE_ORDERED =
            CassandraClusterExtension.perClass(StandardCluster.BYTE_ORDERED_SINGLE.spec());

    @Test
    void sharedClusterAgreesOnOneSchemaVersion(CassandraCluster cluster) {
        List<String> description = cluster.nodetool(0, "describecluster")
                .lines()
                .map(String::strip)
                .toList();

        assertThat(description)
                .contains(
                        "Name: " + cluster.spec().clusterName(),
                        "Partitioner: org.apache.cassandra.dht.Murmur3Partitioner");
        int versions = description.indexOf("Schema versions:");
        assertThat(versions).isNotNegative();
        for (CassandraNode node : cluster.nodes()) {
            assertThat(description.get(versions + 1)).contains(node.address());
        }
        assertThat(description.get(versions + 2)).doesNotContain(cluster.node(0).address());
    }

    @Test
    void perClassClusterRunsNextToTheSharedOne(CassandraCluster shared) {
        CassandraCluster byteOrdered = BYTE_ORDERED.cluster();

        ByteBuffer token = byteOrdered
                .session()
                .execute("SELECT token(key) FROM system.local WHERE key = 'local'")
                .one()
                .getByteBuffer(0);

        assertThat(shared.node(0).isRunning()).isTrue();
        assertThat(byteOrdered.spec().partitioner()).isEqualTo(CassandraPartitioner.BYTE_ORDERED);
        byte[] bytes = new byte[token.remaining()];
        token.duplicate().get(bytes);
        assertThat(HexFormat.of().formatHex(bytes)).isEqualTo("6c6f63616c");
    }
}
