package io.ringmap.hits;

import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.TableSchema;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * Receives every partition key ringmap routes or is told about (hot-key tracking, the heatmap). Must be cheap and
 * thread-safe; {@link #all} hands each hit to several.
 */
public interface HitRecorder {

    HitRecorder NONE = new HitRecorder() {
        @Override
        public void record(
                TableSchema table, ParsedKey key, Token token, long count, TokenRing ring, List<Node> replicas) {}

        @Override
        public void recordAll(
                TableSchema table,
                List<ParsedKey> keys,
                Token[] tokens,
                long[] counts,
                TokenRing ring,
                ReplicaSet[] replicas) {}
    };

    /** Hands every hit to each of {@code recorders} in turn ({@link #NONE} for none, the one itself for one). */
    static HitRecorder all(List<HitRecorder> recorders) {
        if (recorders.isEmpty()) {
            return NONE;
        }
        if (recorders.size() == 1) {
            return recorders.get(0);
        }
        HitRecorder[] each = recorders.toArray(HitRecorder[]::new);
        return new HitRecorder() {
            @Override
            public void record(
                    TableSchema table, ParsedKey key, Token token, long count, TokenRing ring, List<Node> replicas) {
                for (HitRecorder r : each) {
                    r.record(table, key, token, count, ring, replicas);
                }
            }

            @Override
            public void recordAll(
                    TableSchema table,
                    List<ParsedKey> keys,
                    Token[] tokens,
                    long[] counts,
                    TokenRing ring,
                    ReplicaSet[] replicas) {
                for (HitRecorder r : each) {
                    r.recordAll(table, keys, tokens, counts, ring, replicas);
                }
            }
        };
    }

    /**
     * @param token    the key's token
     * @param ring     the ring the key was routed on
     * @param replicas the key's replica nodes, or an empty list when only the token was asked for
     */
    void record(TableSchema table, ParsedKey key, Token token, long count, TokenRing ring, List<Node> replicas);

    /**
     * Records a batch of one table: key {@code i}, of token {@code tokens[i]}, counted {@code counts[i]} times (once
     * each when {@code counts} is null) on the nodes of {@code ring} that {@code replicas[i]} names ({@code replicas}
     * null when only tokens were asked for). Counts exactly what one {@link #record} per key would; implementations
     * may aggregate.
     */
    default void recordAll(
            TableSchema table,
            List<ParsedKey> keys,
            Token[] tokens,
            long[] counts,
            TokenRing ring,
            ReplicaSet[] replicas) {
        for (int i = 0; i < keys.size(); i++) {
            List<Node> nodes = List.of();
            if (replicas != null && replicas[i] != null) {
                nodes = new ArrayList<>(replicas[i].size());
                for (int r = 0; r < replicas[i].size(); r++) {
                    nodes.add(ring.nodes().get(replicas[i].node(r)));
                }
            }
            record(table, keys.get(i), tokens[i], counts == null ? 1 : counts[i], ring, nodes);
        }
    }
}
