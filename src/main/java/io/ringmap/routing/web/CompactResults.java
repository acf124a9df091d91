package io.ringmap.routing.web;

import io.ringmap.ring.ReplicaLookup;
import io.ringmap.ring.ReplicaSet;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/**
 * The results of a {@code POST /replicas/compact} batch: each key's replicas as indexes into the batch's distinct
 * replicas ({@link #replicas()}, each node once per full/transient role, in order of first use), which the answer
 * lists once. Expanding the indexes gives exactly the replicas of {@code POST /replicas}.
 */
final class CompactResults extends AbstractList<CompactResult> implements RandomAccess {

    private final ReplicasResults results;
    private final int[] slots; // per node index * 2 (+1 when transient): its index in replicas, or -1
    private final List<ReplicaView> replicas;

    CompactResults(ReplicasResults results) {
        this.results = results;
        boolean[] inDc = results.inDatacenter();
        int[] slots = new int[results.served().tokenRing().nodes().size() * 2];
        Arrays.fill(slots, -1);
        int[] distinctNodes = new int[Math.min(slots.length, 16)];
        boolean[] transientFlags = new boolean[distinctNodes.length];
        int distinct = 0;
        for (int i = 0; i < results.size(); i++) {
            ReplicaSet set = results.lookup(i).replicas();
            for (int p = 0; p < set.size(); p++) {
                int node = set.node(p);
                int slot = node * 2 + (set.isFull(p) ? 0 : 1);
                if ((inDc == null || inDc[node]) && slots[slot] < 0) {
                    if (distinct == distinctNodes.length) {
                        distinctNodes = Arrays.copyOf(distinctNodes, distinct * 2);
                        transientFlags = Arrays.copyOf(transientFlags, distinct * 2);
                    }
                    slots[slot] = distinct;
                    distinctNodes[distinct] = node;
                    transientFlags[distinct++] = !set.isFull(p);
                }
            }
        }
        this.slots = slots;
        // written from the nodes' cached JSON, as the replicas of POST /replicas are
        this.replicas = ReplicaViews.of(
                results.served().tokenRing(),
                new ReplicaSet(Arrays.copyOf(distinctNodes, distinct), Arrays.copyOf(transientFlags, distinct)),
                null);
    }

    /** The distinct replicas the results refer to, in order of first use. */
    List<ReplicaView> replicas() {
        return replicas;
    }

    @Override
    public CompactResult get(int index) {
        ReplicasResult full = results.get(index);
        ReplicaLookup lookup = results.lookup(index);
        boolean[] inDc = results.inDatacenter();
        List<Integer> refs = new ArrayList<>();
        ReplicaSet set = lookup.replicas();
        for (int p = 0; p < set.size(); p++) {
            if (inDc == null || inDc[set.node(p)]) {
                refs.add(slots[set.node(p) * 2 + (set.isFull(p) ? 0 : 1)]);
            }
        }
        return new CompactResult(full.key(), full.token(), full.range(), refs);
    }

    @Override
    public int size() {
        return results.size();
    }

    /** Writes a {@code List<CompactResult>} as Jackson writes it; a {@link CompactResults} straight from its routes. */
    static final class Writer extends ValueSerializer<List<CompactResult>> {

        @Override
        public void serialize(List<CompactResult> value, JsonGenerator gen, SerializationContext ctxt) {
            if (!(value instanceof CompactResults compact)) {
                ctxt.writeValue(gen, List.copyOf(value));
                return;
            }
            int[] slots = compact.slots;
            ReplicasResults.write(
                    compact.results, value, gen, (g, node, full) -> g.writeNumber(slots[node * 2 + (full ? 0 : 1)]));
        }
    }
}
