package io.ringmap.sizes.service;

import io.ringmap.peers.Contributors;
import io.ringmap.ring.Node;
import io.ringmap.sizes.LoadAnalysis;
import io.ringmap.sizes.NodeReport;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.List;
import java.util.Objects;

/**
 * Per node: ownership against data on disk and client-side hits, and the verdict on them.
 *
 * @param keyspace     the keyspace ownership and load were read for, null for the whole ring and every table
 * @param nodes        every node of the ring, in ring order
 * @param verdict      the load analysis
 * @param collection   the round the loads come from
 * @param contributors whose client hits are counted
 * @param snapshot     the served snapshot ownership was read from
 */
public record LoadReport(
        String keyspace,
        List<NodeShare> nodes,
        LoadAnalysis.Verdict verdict,
        CollectionRound collection,
        Contributors contributors,
        ServedSnapshot snapshot) {

    public LoadReport {
        nodes = List.copyOf(nodes);
    }

    /**
     * One node's side.
     *
     * @param node               the node in the ring
     * @param ownership          primary ownership, 0..1
     * @param effectiveOwnership effective ownership for the keyspace (sums to RF); without one, ownership
     * @param loadBytes          live bytes on disk of the collected tables, null when unknown
     * @param loadShare          its share of every node's load, null when unknown
     * @param clientHits         client-side hits counted for it as a replica
     * @param clientHitShare     its share of every node's client hits, null when there were none
     * @param status             how complete its figures of the round are, null when it was not in the round
     */
    public record NodeShare(
            Node node,
            double ownership,
            double effectiveOwnership,
            Long loadBytes,
            Double loadShare,
            long clientHits,
            Double clientHitShare,
            NodeReport.Status status) {

        public NodeShare {
            Objects.requireNonNull(node, "node");
        }
    }
}
