package io.ringmap.routing;

import io.ringmap.ring.Node;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.TableSchema;
import java.util.List;

/** Receives every partition key ringmap routes (hot-key tracking). Must be cheap and thread-safe. */
public interface HitRecorder {

    HitRecorder NONE = (table, key, count, replicas) -> { };

    /**
     * @param replicas the key's replica nodes, or an empty list when only the token was asked for
     */
    void record(TableSchema table, ParsedKey key, long count, List<Node> replicas);
}
