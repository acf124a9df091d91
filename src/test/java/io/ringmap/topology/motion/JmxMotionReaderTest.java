package io.ringmap.topology.motion;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.pending.MotionKind;
import io.ringmap.pending.MotionReport;
import io.ringmap.pending.MotionSource;
import io.ringmap.pending.PendingRange;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.token.LongToken;
import io.ringmap.topology.NodeTokens;
import io.ringmap.topology.TopologyModel;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.junit.jupiter.api.Test;

/**
 * The JMX reader against an MBean server whose StorageService and EndpointSnitchInfo MBeans have the attribute and
 * operation names of Cassandra 5.0's {@code StorageServiceMBean} and {@code EndpointSnitchInfoMBean} (a JMX client
 * addresses a getter {@code getX()} as attribute {@code X}, so a wrong name fails only against the real interface).
 */
class JmxMotionReaderTest {

    private static final TopologyModel MODEL = new TopologyModel(
            "c",
            "Murmur3Partitioner",
            List.of(ring("h1", "127.0.0.1", "-100"), ring("h2", "127.0.0.2", "0"), ring("h3", "127.0.0.3", "100")),
            Map.of("ks", Map.of("class", "org.apache.cassandra.locator.SimpleStrategy", "replication_factor", "1")),
            List.of(),
            null,
            MotionReport.unknown("not read"));

    /** The getters and operation the reader uses, named as in Cassandra 5.0's StorageServiceMBean. */
    public interface StorageServiceMBean {
        List<String> getJoiningNodesWithPort();

        List<String> getLeavingNodesWithPort();

        List<String> getMovingNodesWithPort();

        List<String> getUnreachableNodesWithPort();

        Map<String, String> getHostIdToEndpointWithPort();

        Map<String, String> getTokenToEndpointWithPortMap();

        Map<List<String>, List<String>> getPendingRangeToEndpointWithPortMap(String keyspace);
    }

    /** As in Cassandra 5.0's EndpointSnitchInfoMBean. */
    public interface EndpointSnitchInfoMBean {
        String getDatacenter(String host);

        String getRack(String host);
    }

    /** A node bootstrapping with token 50: Cassandra's view while it streams (0, 50] to it. */
    static final class Bootstrapping implements StorageServiceMBean, EndpointSnitchInfoMBean {

        @Override
        public List<String> getJoiningNodesWithPort() {
            return List.of("127.0.0.9:7000");
        }

        @Override
        public List<String> getLeavingNodesWithPort() {
            return List.of();
        }

        @Override
        public List<String> getMovingNodesWithPort() {
            return List.of();
        }

        @Override
        public List<String> getUnreachableNodesWithPort() {
            return List.of();
        }

        @Override
        public Map<String, String> getHostIdToEndpointWithPort() {
            return Map.of(
                    "h1", "127.0.0.1:7000", "h2", "127.0.0.2:7000", "h3", "127.0.0.3:7000", "h9", "127.0.0.9:7000");
        }

        @Override
        public Map<String, String> getTokenToEndpointWithPortMap() {
            return Map.of(
                    "-100", "127.0.0.1:7000", "0", "127.0.0.2:7000", "50", "127.0.0.9:7000", "100", "127.0.0.3:7000");
        }

        @Override
        public Map<List<String>, List<String>> getPendingRangeToEndpointWithPortMap(String keyspace) {
            return Map.of(List.of("0", "50"), List.of("127.0.0.9:7000"));
        }

        @Override
        public String getDatacenter(String host) {
            return "dc1";
        }

        @Override
        public String getRack(String host) {
            return "rack2";
        }
    }

    @Test
    void readsAJoiningNodeAndCassandrasPendingRangesByTheMBeansOwnNames() throws Exception {
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        Bootstrapping cassandra = new Bootstrapping();
        server.registerMBean(
                new StandardMBean(cassandra, StorageServiceMBean.class),
                new ObjectName("org.apache.cassandra.db:type=StorageService"));
        server.registerMBean(
                new StandardMBean(cassandra, EndpointSnitchInfoMBean.class),
                new ObjectName("org.apache.cassandra.db:type=EndpointSnitchInfo"));

        MotionReport report = JmxMotionReader.read(server, MODEL);

        assertThat(report.source()).isEqualTo(MotionSource.JMX);
        assertThat(report.motions()).singleElement().satisfies(m -> {
            assertThat(m.kind()).isEqualTo(MotionKind.JOINING);
            assertThat(m.node().hostId()).isEqualTo("h9");
            assertThat(m.node().broadcastEndpoint()).isEqualTo("127.0.0.9:7000");
            assertThat(m.node().rack()).isEqualTo("rack2");
            assertThat(m.tokens()).containsExactly(new LongToken(50));
            assertThat(m.alive()).isTrue();
        });
        assertThat(report.reported().get("ks")).singleElement().satisfies((PendingRange p) -> {
            assertThat(p.range().start()).isEqualTo(new LongToken(0));
            assertThat(p.range().end()).isEqualTo(new LongToken(50));
            assertThat(p.replica().hostId()).isEqualTo("h9");
        });
    }

    private static NodeTokens ring(String hostId, String address, String token) {
        return new NodeTokens(
                new Node(hostId, address, "dc1", "rack1", NodeState.UP, 9042, address, 7000), List.of(token));
    }
}
