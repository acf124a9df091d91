package io.ringmap.routing.web;

import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/**
 * The replicas of one key of a batch answer as a list of {@link ReplicaView}s made only when read: the batch
 * writer ({@link Writer}) writes each replica as the JSON of its node, serialized once per ring and mapper, so a
 * key costs no view objects and no per-field serialization.
 */
final class ReplicaViews extends AbstractList<ReplicaView> implements RandomAccess {

    private final TokenRing ring;
    private final ReplicaSet set;
    private final int[] positions; // positions in set kept by the dc filter

    private ReplicaViews(TokenRing ring, ReplicaSet set, int[] positions) {
        this.ring = ring;
        this.set = set;
        this.positions = positions;
    }

    /** As {@link ReplicaView#of(TokenRing, ReplicaSet, String)}, whose checks the caller has made. */
    static ReplicaViews of(TokenRing ring, ReplicaSet set, String dc) {
        int[] positions = new int[set.size()];
        int n = 0;
        for (int i = 0; i < set.size(); i++) {
            if (ReplicaView.keeps(dc, ring.nodes().get(set.node(i)))) {
                positions[n++] = i;
            }
        }
        return new ReplicaViews(ring, set, n == positions.length ? positions : java.util.Arrays.copyOf(positions, n));
    }

    /** The replica addresses grouped by data centre, in placement order (no views made). */
    java.util.Map<String, List<String>> addressesByDatacenter() {
        java.util.Map<String, List<String>> out = new java.util.LinkedHashMap<>(4);
        List<Node> nodes = ring.nodes();
        for (int position : positions) {
            Node node = nodes.get(set.node(position));
            out.computeIfAbsent(node.datacenter(), k -> new java.util.ArrayList<>(4))
                    .add(node.address());
        }
        return out;
    }

    @Override
    public ReplicaView get(int index) {
        int position = positions[index];
        return ReplicaView.of(ring.nodes().get(set.node(position)), set.isFull(position));
    }

    @Override
    public int size() {
        return positions.length;
    }

    /**
     * Writes a {@code List<ReplicaView>} as Jackson would; a {@link ReplicaViews} from the node JSON cached for
     * its ring (the cache belongs to this serializer instance, i.e. to one mapper and its settings).
     */
    static final class Writer extends ValueSerializer<List<ReplicaView>> {

        private final Fragments.Cache fragments = new Fragments.Cache();

        @Override
        public void serialize(List<ReplicaView> value, JsonGenerator gen, SerializationContext ctxt) {
            if (!(value instanceof ReplicaViews views)) {
                ctxt.writeValue(gen, List.copyOf(value));
                return;
            }
            Fragments f = fragments.of(views.ring.nodes());
            gen.writeStartArray(value, views.positions.length);
            for (int position : views.positions) {
                gen.writeRawValue(f.of(views.set.node(position), views.set.isFull(position), ctxt));
            }
            gen.writeEndArray();
        }
    }

    /** The JSON of each node of one ring as a full and as a transient replica, made on first use. */
    static final class Fragments {
        final List<Node> nodes;
        final SerializedString[] json;

        /** The fragments of the latest ring seen (one per serializer instance, i.e. per mapper and its settings). */
        static final class Cache {
            private volatile Fragments fragments;

            Fragments of(List<Node> nodes) {
                Fragments f = fragments;
                if (f == null || f.nodes != nodes) {
                    f = new Fragments(nodes);
                    fragments = f;
                }
                return f;
            }
        }

        Fragments(List<Node> nodes) {
            this.nodes = nodes;
            this.json = new SerializedString[nodes.size() * 2];
        }

        SerializedString of(int node, boolean full, SerializationContext ctxt) {
            int slot = node * 2 + (full ? 0 : 1);
            SerializedString s = json[slot];
            if (s == null) {
                // a benign race: two threads may both serialize the same node to the same text
                java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(256);
                try (JsonGenerator g = ctxt.tokenStreamFactory().createGenerator(ctxt, out)) {
                    ctxt.writeValue(g, ReplicaView.of(nodes.get(node), full));
                }
                s = new SerializedString(out.toString(java.nio.charset.StandardCharsets.UTF_8));
                json[slot] = s;
            }
            return s;
        }
    }
}
