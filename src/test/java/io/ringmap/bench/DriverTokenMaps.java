package io.ringmap.bench;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.EndPoint;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.internal.core.context.InternalDriverContext;
import com.datastax.oss.driver.internal.core.metadata.DefaultNode;
import com.datastax.oss.driver.internal.core.metadata.schema.DefaultKeyspaceMetadata;
import com.datastax.oss.driver.internal.core.metadata.token.DefaultReplicationStrategyFactory;
import com.datastax.oss.driver.internal.core.metadata.token.DefaultTokenMap;
import com.datastax.oss.driver.internal.core.metadata.token.Murmur3TokenFactory;
import com.datastax.oss.driver.internal.core.metrics.MetricsFactory;
import com.datastax.oss.driver.internal.core.metrics.NoopNodeMetricUpdater;
import io.ringmap.ring.TokenRing;
import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The Cassandra Java driver's own token map ({@code DefaultTokenMap}, what {@code session.getMetadata().getTokenMap()}
 * returns) built over the same nodes, tokens and keyspaces as a ringmap ring, for side-by-side benchmarks. Benchmark
 * code only: it reaches the driver's internal classes (nodes get their tokens from the driver's connection code, which
 * a benchmark has no cluster for); production code uses the public API alone.
 */
final class DriverTokenMaps {

    private DriverTokenMaps() {}

    /** Driver nodes carrying the ring's nodes' addresses, DCs, racks and tokens, in ring node order. */
    static List<Node> nodes(TokenRing ring) {
        InternalDriverContext context = context();
        List<List<io.ringmap.token.Token>> tokens = ring.tokensByNode();
        List<Node> out = new ArrayList<>(ring.nodes().size());
        for (int i = 0; i < ring.nodes().size(); i++) {
            io.ringmap.ring.Node n = ring.nodes().get(i);
            InetSocketAddress address = new InetSocketAddress(n.address(), 9042);
            EndPoint endPoint = stub(EndPoint.class, Map.of("resolve", address, "asMetricPrefix", n.address()));
            DefaultNode node = new DefaultNode(endPoint, context);
            Set<String> raw = new HashSet<>();
            tokens.get(i).forEach(t -> raw.add(t.toString()));
            set(node, "rawTokens", raw);
            set(node, "datacenter", n.datacenter());
            set(node, "rack", n.rack());
            set(node, "hostId", UUID.nameUUIDFromBytes(n.hostId().getBytes()));
            set(node, "broadcastRpcAddress", address);
            out.add(node);
        }
        return out;
    }

    static KeyspaceMetadata keyspace(String name, Map<String, String> replication) {
        return new DefaultKeyspaceMetadata(
                CqlIdentifier.fromInternal(name),
                true,
                false,
                replication,
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of());
    }

    /** {@code DefaultTokenMap.build}: what the driver does on every topology or keyspace change. */
    static DefaultTokenMap build(List<Node> nodes, List<KeyspaceMetadata> keyspaces) {
        return DefaultTokenMap.build(
                nodes, keyspaces, new Murmur3TokenFactory(), new DefaultReplicationStrategyFactory(context()), "bench");
    }

    private static InternalDriverContext context() {
        MetricsFactory metrics = stub(MetricsFactory.class, Map.of("newNodeUpdater", NoopNodeMetricUpdater.INSTANCE));
        return stub(InternalDriverContext.class, Map.of("getMetricsFactory", metrics, "getSessionName", "bench"));
    }

    private static void set(Object target, String field, Object value) {
        try {
            Field f = DefaultNode.class.getDeclaredField(field);
            f.setAccessible(true);
            f.set(target, value);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T stub(Class<T> type, Map<String, Object> answers) {
        return (T) Proxy.newProxyInstance(
                DriverTokenMaps.class.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
                    if (answers.containsKey(method.getName())) {
                        return answers.get(method.getName());
                    }
                    return switch (method.getName()) {
                        case "toString" -> type.getSimpleName();
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default ->
                            throw new UnsupportedOperationException(type.getSimpleName() + "." + method.getName());
                    };
                });
    }
}
