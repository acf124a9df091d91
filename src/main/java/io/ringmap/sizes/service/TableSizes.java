package io.ringmap.sizes.service;

import io.ringmap.peers.Contributors;
import io.ringmap.sizes.MergedTable;
import io.ringmap.sizes.NodeReport;
import io.ringmap.sizes.NodeTableStats;
import io.ringmap.sizes.SizeGuideline;
import io.ringmap.sizes.SizeWarning;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.List;
import java.util.Objects;

/**
 * One table's sizes as the last collection round reported them, read against the ring of one served snapshot.
 *
 * @param keyspace          the keyspace as the schema names it
 * @param table             the table as the schema names it
 * @param merged            the figures merged over the nodes that reported the table
 * @param largestPartitions the largest partitions merged by key, largest first
 * @param mostTombstoned    the most tombstoned partitions, likewise
 * @param sampledReads      the most read partitions while the nodes sampled, counts added over nodes
 * @param sampledWrites     the most written, likewise
 * @param nodes             every node of the round, in the round's order, with its figures of the table
 * @param missingNodes      the nodes whose figures are absent: unreachable, or collected by no instance
 * @param warnings          the guideline's warnings, node by node
 * @param guideline         the guideline the figures were checked against
 * @param collection        the round the figures come from
 * @param collectors        whose reports the round holds (this instance alone, or the deployment's instances)
 * @param snapshot          the served snapshot tokens and replicas were read from
 */
public record TableSizes(
        String keyspace,
        String table,
        MergedTable merged,
        List<SizedPartition> largestPartitions,
        List<SizedPartition> mostTombstoned,
        List<SizedPartition> sampledReads,
        List<SizedPartition> sampledWrites,
        List<NodeFigures> nodes,
        List<String> missingNodes,
        List<SizeWarning> warnings,
        SizeGuideline guideline,
        CollectionRound collection,
        Contributors collectors,
        ServedSnapshot snapshot) {

    public TableSizes {
        largestPartitions = List.copyOf(largestPartitions);
        mostTombstoned = List.copyOf(mostTombstoned);
        sampledReads = List.copyOf(sampledReads);
        sampledWrites = List.copyOf(sampledWrites);
        nodes = List.copyOf(nodes);
        missingNodes = List.copyOf(missingNodes);
        warnings = List.copyOf(warnings);
    }

    /**
     * One node of the round and what it reported of the table.
     *
     * @param report the node's report
     * @param stats  its figures of the table, null when it has none
     */
    public record NodeFigures(NodeReport report, NodeTableStats stats) {

        public NodeFigures {
            Objects.requireNonNull(report, "report");
        }
    }
}
