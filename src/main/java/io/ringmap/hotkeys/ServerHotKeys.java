package io.ringmap.hotkeys;

import io.ringmap.ring.TableName;
import java.util.List;

/**
 * Hot partitions as the servers saw them (Cassandra's partition sampling, what {@code nodetool toppartitions} does),
 * beside the client-side counts. Implemented outside the hot-keys tree by whoever collects from the nodes.
 */
public interface ServerHotKeys {

    /** The source of every key this interface hands out, as {@code /hotkeys} and the metrics name it. */
    String SERVER_SAMPLING = "server-sampling";

    /**
     * One partition the nodes sampled, merged over them.
     *
     * @param source     where the counts come from, e.g. {@code server-sampling}
     * @param key        the key as Cassandra prints it
     * @param label      the key's label as the client side labels it ({@link KeyLabels#join} of the canonical
     *                   components), so the same key has the same exported form on both sides; null when the key
     *                   could not be decoded by the table's schema
     * @param reads      reads counted while the nodes sampled, summed over nodes
     * @param writes     writes counted likewise
     * @param token      the key's token, null when the key could not be decoded
     * @param replicas   the key's replicas in the current ring
     * @param reportedBy the nodes whose samples named it
     */
    record ServerHotKey(
            String source,
            String key,
            String label,
            long reads,
            long writes,
            String token,
            List<String> replicas,
            List<String> reportedBy) {

        public ServerHotKey {
            replicas = List.copyOf(replicas);
            reportedBy = List.copyOf(reportedBy);
        }
    }

    /** The table's most sampled partitions, heaviest (reads + writes) first; empty when none were sampled. */
    List<ServerHotKey> of(String keyspace, String table, int limit);

    /**
     * One node's samples of a table in one round: a node's report can be served again in a later round (a peer's
     * share it has not collected anew), so a consumer that adds samples up tells reports apart by node and time.
     *
     * @param node        the node's address
     * @param collectedAt when its figures were read
     * @param keys        the partitions it sampled, heaviest first
     */
    record NodeSamples(String node, java.time.Instant collectedAt, List<ServerHotKey> keys) {

        public NodeSamples {
            keys = List.copyOf(keys);
        }
    }

    /** The table's samples of the current round per node (nodes that sampled none of it left out). */
    List<NodeSamples> samplesByNode(String keyspace, String table);

    /**
     * The tables with sampled partitions in the current round, in name order, at most {@code limit}; empty when
     * nothing was sampled.
     */
    List<TableName> sampledTables(int limit);

    /** Identifies the current round of samples: the same object means nothing new was sampled (null: none yet). */
    Object round();
}
