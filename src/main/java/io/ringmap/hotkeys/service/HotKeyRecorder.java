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
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Feeds every routed or reported partition key into the hot-key core: one hit of (keyspace, table, key) and one hit
 * on each of its replicas, identified by address as {@code nodetool getendpoints} prints them.
 *
 * <p>Keyspace and table are the schema's own names, so {@code IOT.Readings} and {@code iot.readings} count as the
 * same table. The hit path allocates nothing but the key's label (and not even that for a single-component key
 * without {@code :} or {@code \}). A batch is counted under one sketch lock per chunk of keys, and once per
 * replica node (found by its index in the ring, not its address, while the ring stays the same).
 */
public final class HotKeyRecorder implements HitRecorder {

    private final HotKeyRegistry hotKeys;
    private final ReplicaHits replicas;
    /** The last ring's counters: a batch on the same ring finds a node's counter by its index, not its address. */
    private volatile RingCounters ringCounters;

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
        String[] labels = new String[n];
        long[] sums = new long[n];
        for (int i = 0; i < n; i++) {
            labels[i] = KeyLabels.join(keys.get(i).canonicalComponents());
            sums[i] = counts == null ? 1 : counts[i];
        }
        hotKeys.recordLabels(table.keyspace(), table.table(), labels, sums, n);
        if (replicaSets == null) {
            return;
        }
        long[] perNode = new long[ring.nodes().size()];
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
        ReplicaHits.Indexed counters = any ? countersOf(ring) : null;
        for (int node = 0; any && node < perNode.length; node++) {
            if (perNode[node] > 0) {
                counters.record(node, perNode[node]);
            }
        }
    }

    /** The replica counters of the ring's nodes by index: the last ring's, while neither it nor the counters changed. */
    private ReplicaHits.Indexed countersOf(TokenRing ring) {
        RingCounters last = ringCounters;
        if (last == null || last.ring() != ring || !last.counters().current()) {
            List<String> addresses = new ArrayList<>(ring.nodes().size());
            for (Node node : ring.nodes()) {
                addresses.add(node.address());
            }
            last = new RingCounters(ring, replicas.indexed(addresses));
            ringCounters = last;
        }
        return last.counters();
    }

    /** A ring's replica counters by node index. */
    private record RingCounters(TokenRing ring, ReplicaHits.Indexed counters) {}
}
