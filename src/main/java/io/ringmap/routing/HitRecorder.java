package io.ringmap.routing;

import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.TableSchema;
import java.util.ArrayList;
import java.util.List;

/** Receives every partition key ringmap routes (hot-key tracking). Must be cheap and thread-safe. */
public interface HitRecorder {

    HitRecorder NONE = new HitRecorder() {
        @Override
        public void record(TableSchema table, ParsedKey key, long count, List<Node> replicas) {
        }

        @Override
        public void recordAll(TableSchema table, List<ParsedKey> keys, long[] counts, TokenRing ring,
                ReplicaSet[] replicas) {
        }
    };

    /**
     * @param replicas the key's replica nodes, or an empty list when only the token was asked for
     */
    void record(TableSchema table, ParsedKey key, long count, List<Node> replicas);

    /**
     * Records a batch of one table: key {@code i} counted {@code counts[i]} times (once each when {@code counts} is
     * null) on the nodes of {@code ring} that {@code replicas[i]} names ({@code replicas} null when only tokens were
     * asked for). Counts exactly what one {@link #record} per key would; implementations may aggregate.
     */
    default void recordAll(TableSchema table, List<ParsedKey> keys, long[] counts, TokenRing ring,
            ReplicaSet[] replicas) {
        for (int i = 0; i < keys.size(); i++) {
            List<Node> nodes = List.of();
            if (replicas != null && replicas[i] != null) {
                nodes = new ArrayList<>(replicas[i].size());
                for (int r = 0; r < replicas[i].size(); r++) {
                    nodes.add(ring.nodes().get(replicas[i].node(r)));
                }
            }
            record(table, keys.get(i), counts == null ? 1 : counts[i], nodes);
        }
    }
}
