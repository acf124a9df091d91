package io.ringmap.routing.web;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaLookup;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.Routes;
import io.ringmap.routing.TokenRoutes;
import io.ringmap.routing.TokenRoutes.TokenRoute;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.token.Token;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/**
 * The results of a {@code POST /replicas} batch as a list of {@link ReplicasResult}s made only when read: the
 * batch writer ({@link Writer}) writes each key straight from its route (tokens from a scratch buffer, replicas
 * from each node's cached JSON), the same bytes Jackson writes for the records, without a record, map or string
 * per key. {@code BatchAnswersTest} compares both byte for byte.
 */
final class ReplicasResults extends AbstractList<ReplicasResult> implements RandomAccess {

    private static final SerializedString KEY = new SerializedString("key");
    private static final SerializedString TOKEN = new SerializedString("token");
    private static final SerializedString RANGE = new SerializedString("range");
    private static final SerializedString START = new SerializedString("start");
    private static final SerializedString END = new SerializedString("end");
    private static final SerializedString REPLICAS = new SerializedString("replicas");

    private final ServedSnapshot served;
    private final KeyspacePlacement.Placed placement;
    private final String table; // null for a batch of tokens
    private final List<KeyRoute> keys; // null for a batch of tokens
    private final List<TokenRoute> tokens; // null for a batch of keys
    private final String dc;

    private ReplicasResults(
            ServedSnapshot served,
            KeyspacePlacement.Placed placement,
            String table,
            List<KeyRoute> keys,
            List<TokenRoute> tokens,
            String dc) {
        this.served = served;
        this.placement = placement;
        this.table = table;
        this.keys = keys;
        this.tokens = tokens;
        this.dc = dc;
    }

    /**
     * The results of keys of {@code table} (as the request names it); {@code dc} was checked once for the batch
     * ({@link io.ringmap.routing.RoutingService#requireDatacenter}).
     */
    static ReplicasResults ofKeys(Routes routes, String table, String dc) {
        return new ReplicasResults(routes.snapshot(), routes.placement(), table, routes.keys(), null, dc);
    }

    /** The results of tokens; {@code dc} was checked once for the batch. */
    static ReplicasResults ofTokens(TokenRoutes routes, String dc) {
        return new ReplicasResults(routes.snapshot(), routes.placement(), null, null, routes.tokens(), dc);
    }

    @Override
    public ReplicasResult get(int index) {
        if (keys != null) {
            KeyRoute r = keys.get(index);
            return ReplicasResult.of(served, r.keyByColumn(), r.token().toString(), r.replicas(), dc);
        }
        TokenRoute t = tokens.get(index);
        return ReplicasResult.of(served, null, t.token().toString(), t.replicas(), dc);
    }

    @Override
    public int size() {
        return keys != null ? keys.size() : tokens.size();
    }

    /** The key's or token's replicas (its range and replica set). */
    ReplicaLookup lookup(int index) {
        return keys != null ? keys.get(index).replicas() : tokens.get(index).replicas();
    }

    /** Per node index of the ring, whether the batch's dc filter keeps it (null: no filter). */
    boolean[] inDatacenter() {
        if (dc == null) {
            return null;
        }
        List<Node> nodes = served.tokenRing().nodes();
        boolean[] inDc = new boolean[nodes.size()];
        for (int n = 0; n < inDc.length; n++) {
            inDc[n] = ReplicaView.keeps(dc, nodes.get(n));
        }
        return inDc;
    }

    ServedSnapshot served() {
        return served;
    }

    /** The keyspace's placement the batch was answered with. */
    KeyspacePlacement.Placed placement() {
        return placement;
    }

    /** The table as the request named it, or null for a batch of tokens. */
    String table() {
        return table;
    }

    String dc() {
        return dc;
    }

    /** Writes one replica of a result: node {@code node} of the ring, full or transient. */
    @FunctionalInterface
    interface ReplicaWriter {
        void write(JsonGenerator gen, int node, boolean full);
    }

    /**
     * Writes the results as Jackson writes a list of {@link ReplicasResult}-shaped records (null members left out),
     * each of a result's replicas as {@code replica} writes it.
     */
    static void write(ReplicasResults results, Object list, JsonGenerator gen, ReplicaWriter replica) {
        boolean[] inDc = results.inDatacenter();
        JsonText text = new JsonText();
        int size = results.size();
        gen.writeStartArray(list, size);
        for (int i = 0; i < size; i++) {
            gen.writeStartObject();
            Token token;
            ReplicaLookup lookup;
            if (results.keys != null) {
                KeyRoute r = results.keys.get(i);
                gen.writeName(KEY);
                JsonText.writeKey(gen, r.table(), r.key());
                token = r.token();
                lookup = r.replicas();
            } else {
                TokenRoute t = results.tokens.get(i);
                token = t.token();
                lookup = t.replicas();
            }
            gen.writeName(TOKEN);
            text.writeToken(gen, token);
            gen.writeName(RANGE);
            gen.writeStartObject();
            gen.writeName(START);
            text.writeToken(gen, lookup.range().start());
            gen.writeName(END);
            text.writeToken(gen, lookup.range().end());
            gen.writeEndObject();
            gen.writeName(REPLICAS);
            ReplicaSet set = lookup.replicas();
            gen.writeStartArray();
            for (int p = 0; p < set.size(); p++) {
                int node = set.node(p);
                if (inDc == null || inDc[node]) {
                    replica.write(gen, node, set.isFull(p));
                }
            }
            gen.writeEndArray();
            gen.writeEndObject();
        }
        gen.writeEndArray();
    }

    /**
     * Writes a {@code List<ReplicasResult>} as Jackson writes it with the service's settings (null members left
     * out); a {@link ReplicasResults} straight from its routes, each replica as its node's cached JSON.
     */
    static final class Writer extends ValueSerializer<List<ReplicasResult>> {

        private final ReplicaViews.Fragments.Cache fragments = new ReplicaViews.Fragments.Cache();

        @Override
        public void serialize(List<ReplicasResult> value, JsonGenerator gen, SerializationContext ctxt) {
            if (!(value instanceof ReplicasResults results)) {
                ctxt.writeValue(gen, List.copyOf(value));
                return;
            }
            ReplicaViews.Fragments f = fragments.of(results.served.tokenRing().nodes());
            write(results, value, gen, (g, node, full) -> g.writeRawValue(f.of(node, full, ctxt)));
        }
    }
}
