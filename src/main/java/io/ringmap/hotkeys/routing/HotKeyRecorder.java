package io.ringmap.hotkeys.routing;

import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.ring.Node;
import io.ringmap.routing.HitRecorder;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.TableSchema;
import java.util.List;
import java.util.Objects;

/**
 * Feeds every routed or reported partition key into the hot-key core: one hit of (keyspace, table, key) and one hit
 * on each of its replicas, identified by address as {@code nodetool getendpoints} prints them.
 *
 * <p>Keyspace and table are the schema's own names, so {@code IOT.Readings} and {@code iot.readings} count as the
 * same table. The hit path allocates nothing but the key's label (and not even that for a single-component key
 * without {@code :} or {@code \}).
 */
public final class HotKeyRecorder implements HitRecorder {

    private final HotKeyRegistry hotKeys;
    private final ReplicaHits replicas;

    public HotKeyRecorder(HotKeyRegistry hotKeys, ReplicaHits replicas) {
        this.hotKeys = Objects.requireNonNull(hotKeys, "hotKeys must not be null");
        this.replicas = Objects.requireNonNull(replicas, "replicas must not be null");
    }

    @Override
    public void record(TableSchema table, ParsedKey key, long count, List<Node> replicaNodes) {
        hotKeys.record(table.keyspace(), table.table(), key.canonicalComponents(), count);
        // indexed loop: no iterator per hit
        for (int i = 0; i < replicaNodes.size(); i++) {
            replicas.record(replicaNodes.get(i).address(), count);
        }
    }
}
