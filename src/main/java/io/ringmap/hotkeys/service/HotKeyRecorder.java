package io.ringmap.hotkeys.service;

import io.ringmap.hits.HitRecorder;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.KeyLabels;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.SaturatingCounter;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.TableSchema;
import io.ringmap.token.Token;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;

/**
 * Feeds every routed or reported partition key into the hot-key core: one hit of (keyspace, table, key) and one hit
 * on each of its replicas, identified by address as {@code nodetool getendpoints} prints them.
 *
 * <p>Keyspace and table are the schema's own names, so {@code IOT.Readings} and {@code iot.readings} count as the
 * same table. The hit path allocates nothing but the key's label (and not even that for a single-component key
 * without {@code :} or {@code \}). A batch is counted per distinct key and per replica node, under one sketch
 * lock per chunk of keys.
 */
public final class HotKeyRecorder implements HitRecorder {

    private final HotKeyRegistry hotKeys;
    private final ReplicaHits replicas;

    public HotKeyRecorder(HotKeyRegistry hotKeys, ReplicaHits replicas) {
        this.hotKeys = Objects.requireNonNull(hotKeys, "hotKeys must not be null");
        this.replicas = Objects.requireNonNull(replicas, "replicas must not be null");
    }

    @Override
    public void record(
            TableSchema table, ParsedKey key, Token token, long count, TokenRing ring, List<Node> replicaNodes) {
        hotKeys.record(table.keyspace(), table.table(), key.canonicalComponents(), count);
        // indexed loop: no iterator per hit
        for (int i = 0; i < replicaNodes.size(); i++) {
            replicas.record(replicaNodes.get(i).address(), count);
        }
    }

    @Override
    public void recordAll(
            TableSchema table,
            List<ParsedKey> keys,
            Token[] tokens,
            long[] counts,
            TokenRing ring,
            ReplicaSet[] replicaSets) {
        int n = keys.size();
        // duplicate keys of a request are counted once with their summed count
        HashMap<String, int[]> slots = new HashMap<>(Math.max(16, n * 2));
        String[] labels = new String[n];
        long[] sums = new long[n];
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            String label = KeyLabels.join(keys.get(i).canonicalComponents());
            long count = counts == null ? 1 : counts[i];
            int[] slot = slots.get(label);
            if (slot == null) {
                slots.put(label, new int[] {distinct});
                labels[distinct] = label;
                sums[distinct++] = count;
            } else {
                sums[slot[0]] = SaturatingCounter.add(sums[slot[0]], count);
            }
        }
        hotKeys.recordLabels(table.keyspace(), table.table(), labels, sums, distinct);
        if (replicaSets == null) {
            return;
        }
        List<Node> nodes = ring.nodes();
        long[] perNode = new long[nodes.size()];
        boolean any = false;
        for (int i = 0; i < n; i++) {
            ReplicaSet set = replicaSets[i];
            if (set != null) {
                long count = counts == null ? 1 : counts[i];
                for (int r = 0; r < set.size(); r++) {
                    perNode[set.node(r)] = SaturatingCounter.add(perNode[set.node(r)], count);
                }
                any = true;
            }
        }
        for (int node = 0; any && node < perNode.length; node++) {
            if (perNode[node] > 0) {
                replicas.record(nodes.get(node).address(), perNode[node]);
            }
        }
    }
}
