package io.ringmap.topology;

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
 * @param localAddress the address of the node that serves requests (LocalStrategy keyspaces), or null for the first
 */
public record TopologyModel(String clusterName, String partitioner, List<NodeTokens> nodes,
        Map<String, Map<String, String>> replication, List<TableSchema> tables, String localAddress) {

    public TopologyModel {
        Objects.requireNonNull(partitioner, "partitioner");
        nodes = List.copyOf(nodes);
        replication = Map.copyOf(replication);
        tables = List.copyOf(tables);
    }

    /** True when only node states differ: the ring's shape (tokens, addresses, DCs, racks) is the same. */
    public boolean sameRingShape(TopologyModel other) {
        if (!partitioner.equals(other.partitioner) || nodes.size() != other.nodes.size()
                || !Objects.equals(localAddress, other.localAddress)) {
            return false;
        }
        for (int i = 0; i < nodes.size(); i++) {
            NodeTokens a = nodes.get(i);
            NodeTokens b = other.nodes.get(i);
            if (!a.tokens().equals(b.tokens()) || !a.node().hostId().equals(b.node().hostId())
                    || !a.node().address().equals(b.node().address())
                    || !a.node().datacenter().equals(b.node().datacenter())
                    || !a.node().rack().equals(b.node().rack())) {
                return false;
            }
        }
        return true;
    }
}
