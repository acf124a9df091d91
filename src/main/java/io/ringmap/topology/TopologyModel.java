package io.ringmap.topology;

import io.ringmap.pending.MotionReport;
import io.ringmap.schema.TableSchema;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a topology source reports, as plain values: the input a served snapshot is built from. Two
 * equal models build the same snapshot, so a refresh that yields an equal model keeps the current snapshot.
 *
 * @param clusterName the cluster's name, for display
 * @param partitioner the partitioner's class name as Cassandra reports it
 * @param nodes every node with its tokens
 * @param replication each keyspace's replication map exactly as {@code system_schema.keyspaces} holds it
 * @param tables the partition key of every table
 * @param localAddress the node that serves requests (LocalStrategy keyspaces): its host id, RPC address or endpoint,
 *     or broadcast address; null for the first
 * @param motion the nodes joining, leaving, moving or replacing others, and where that was read from
 * @param epoch the cluster-metadata epoch the model reflects (Cassandra 6.0's log, CEP-21); null where the cluster has
 *     no such log (before 6.0, a static topology)
 */
public record TopologyModel(
        String clusterName,
        String partitioner,
        List<NodeTokens> nodes,
        Map<String, Map<String, String>> replication,
        List<TableSchema> tables,
        String localAddress,
        MotionReport motion,
        Long epoch) {

    /** What is assumed about movement when the source cannot see it (a static topology). */
    public static final String STATIC_MOTION = "a static topology has no movement";

    public TopologyModel {
        Objects.requireNonNull(partitioner, "partitioner");
        Objects.requireNonNull(motion, "motion");
        nodes = List.copyOf(nodes);
        replication = Map.copyOf(replication);
        tables = List.copyOf(tables);
    }

    /** A model of a cluster without a cluster-metadata log. */
    public TopologyModel(
            String clusterName,
            String partitioner,
            List<NodeTokens> nodes,
            Map<String, Map<String, String>> replication,
            List<TableSchema> tables,
            String localAddress,
            MotionReport motion) {
        this(clusterName, partitioner, nodes, replication, tables, localAddress, motion, null);
    }

    /** A model of a source that cannot see movement (a static topology). */
    public TopologyModel(
            String clusterName,
            String partitioner,
            List<NodeTokens> nodes,
            Map<String, Map<String, String>> replication,
            List<TableSchema> tables,
            String localAddress) {
        this(clusterName, partitioner, nodes, replication, tables, localAddress, MotionReport.unknown(STATIC_MOTION));
    }

    /** This model with the movement read beside it. */
    public TopologyModel withMotion(MotionReport report) {
        return new TopologyModel(clusterName, partitioner, nodes, replication, tables, localAddress, report, epoch);
    }

    /**
     * This model as the cluster's metadata log has it at {@code at}: its nodes (states and tokens from the log's
     * directory, which a 6.0 cluster's {@code system.peers} may lag) and its movement.
     */
    public TopologyModel atEpoch(long at, List<NodeTokens> ringNodes, MotionReport report) {
        return new TopologyModel(clusterName, partitioner, ringNodes, replication, tables, localAddress, report, at);
    }

    /** True when only node states differ: the ring's shape (tokens, addresses, DCs, racks) is the same. */
    public boolean sameRingShape(TopologyModel other) {
        if (!partitioner.equals(other.partitioner)
                || nodes.size() != other.nodes.size()
                || !Objects.equals(localAddress, other.localAddress)) {
            return false;
        }
        for (int i = 0; i < nodes.size(); i++) {
            NodeTokens a = nodes.get(i);
            NodeTokens b = other.nodes.get(i);
            if (!a.tokens().equals(b.tokens())
                    || !a.node().hostId().equals(b.node().hostId())
                    || !a.node().address().equals(b.node().address())
                    || a.node().rpcPort() != b.node().rpcPort()
                    || !a.node().broadcastAddress().equals(b.node().broadcastAddress())
                    || a.node().broadcastPort() != b.node().broadcastPort()
                    || !a.node().datacenter().equals(b.node().datacenter())
                    || !a.node().rack().equals(b.node().rack())) {
                return false;
            }
        }
        return true;
    }
}
