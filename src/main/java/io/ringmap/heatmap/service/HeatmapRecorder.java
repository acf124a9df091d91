package io.ringmap.heatmap.service;

import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.hits.HitRecorder;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.TableSchema;
import io.ringmap.token.Token;
import java.util.List;
import java.util.Objects;

/**
 * Counts every routed or reported key into its table's heatmap, by its token on the ring it was routed on. Keyspace
 * and table are the schema's own names, as for the hot keys.
 */
public final class HeatmapRecorder implements HitRecorder {

    private final HeatmapRegistry heatmaps;

    public HeatmapRecorder(HeatmapRegistry heatmaps) {
        this.heatmaps = Objects.requireNonNull(heatmaps, "heatmaps must not be null");
    }

    @Override
    public void record(TableSchema table, ParsedKey key, Token token, long count, TokenRing ring, List<Node> replicas) {
        heatmaps.record(table.keyspace(), table.table(), ring, token, count);
    }

    @Override
    public void recordAll(
            TableSchema table,
            List<ParsedKey> keys,
            Token[] tokens,
            long[] counts,
            TokenRing ring,
            ReplicaSet[] replicas) {
        heatmaps.recordAll(table.keyspace(), table.table(), ring, tokens, counts, keys.size());
    }
}
