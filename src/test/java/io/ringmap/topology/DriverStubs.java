package io.ringmap.topology;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.EndPoint;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Small hand-made stand-ins for the driver's public metadata interfaces, answering only the methods the model reader
 * calls (any other call fails the test). Not a mock of Cassandra: integration tests use a real cluster.
 */
final class DriverStubs {

    private DriverStubs() {}

    /** A Murmur3-like token: a long. */
    record LongToken(long value) implements Token {

        @Override
        public int compareTo(Token o) {
            return Long.compare(value, ((LongToken) o).value);
        }
    }

    @SuppressWarnings("unchecked")
    static <T> T stub(Class<T> type, Map<String, Object> answers) {
        return (T) Proxy.newProxyInstance(
                DriverStubs.class.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
                    if (answers.containsKey(method.getName())) {
                        Object answer = answers.get(method.getName());
                        return answer instanceof java.util.function.Function<?, ?> f
                                ? ((java.util.function.Function<Object, Object>) f).apply(args == null ? null : args[0])
                                : answer;
                    }
                    if (method.isDefault()) {
                        return java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args);
                    }
                    return switch (method.getName()) {
                        case "toString" -> type.getSimpleName() + answers;
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default ->
                            throw new UnsupportedOperationException(
                                    type.getSimpleName() + "." + method.getName() + " is not stubbed");
                    };
                });
    }

    static Node node(String address, String dc, String rack, NodeState state) {
        return node(address, 9042, address, 7000, dc, rack, state);
    }

    /** A node whose broadcast RPC address (what clients reach) and broadcast address (internode) may differ. */
    static Node node(
            String rpcAddress,
            int rpcPort,
            String broadcastAddress,
            int broadcastPort,
            String dc,
            String rack,
            NodeState state) {
        InetSocketAddress rpc = new InetSocketAddress(rpcAddress, rpcPort);
        EndPoint endPoint = stub(EndPoint.class, Map.of("resolve", rpc, "toString", "/" + rpcAddress + ":" + rpcPort));
        return stub(
                Node.class,
                Map.of(
                        "getBroadcastRpcAddress", Optional.of(rpc),
                        "getBroadcastAddress", Optional.of(new InetSocketAddress(broadcastAddress, broadcastPort)),
                        "getEndPoint", endPoint,
                        "getHostId", UUID.nameUUIDFromBytes((rpcAddress + ":" + rpcPort).getBytes()),
                        "getDatacenter", dc,
                        "getRack", rack,
                        "getState", state));
    }

    static TokenMap tokenMap(String partitioner, Map<Node, List<Long>> tokens) {
        return stub(
                TokenMap.class,
                Map.of(
                        "getPartitionerName", partitioner,
                        "getTokens",
                                (java.util.function.Function<Node, Set<Token>>) n -> {
                                    Set<Token> set = new java.util.LinkedHashSet<>();
                                    tokens.getOrDefault(n, List.of()).forEach(t -> set.add(new LongToken(t)));
                                    return set;
                                },
                        "format", (java.util.function.Function<LongToken, String>) t -> Long.toString(t.value()),
                        "parse",
                                (java.util.function.Function<String, Token>)
                                        text -> new LongToken(Long.parseLong(text))));
    }

    /** A frozen user-defined type {@code ks.name} with the given fields. */
    static UserDefinedType udt(String keyspace, String name, Map<String, DataType> fields) {
        return stub(
                UserDefinedType.class,
                Map.of(
                        "getKeyspace", CqlIdentifier.fromInternal(keyspace),
                        "getName", CqlIdentifier.fromInternal(name),
                        "isFrozen", true,
                        "getFieldNames",
                                fields.keySet().stream()
                                        .map(CqlIdentifier::fromInternal)
                                        .toList(),
                        "getFieldTypes", List.copyOf(fields.values())));
    }

    static ColumnMetadata column(String name, DataType type) {
        return stub(ColumnMetadata.class, Map.of("getName", CqlIdentifier.fromInternal(name), "getType", type));
    }

    static TableMetadata table(String name, ColumnMetadata... partitionKey) {
        return stub(
                TableMetadata.class,
                Map.of("getName", CqlIdentifier.fromInternal(name), "getPartitionKey", List.of(partitionKey)));
    }

    static KeyspaceMetadata keyspace(
            String name, boolean virtual, Map<String, String> replication, TableMetadata... tables) {
        Map<CqlIdentifier, TableMetadata> byName = new LinkedHashMap<>();
        for (TableMetadata t : tables) {
            byName.put(t.getName(), t);
        }
        return stub(
                KeyspaceMetadata.class,
                Map.of(
                        "getName",
                        CqlIdentifier.fromInternal(name),
                        "isVirtual",
                        virtual,
                        "getReplication",
                        replication,
                        "getTables",
                        byName,
                        "getViews",
                        Map.of()));
    }

    static Metadata metadata(
            String clusterName, List<Node> nodes, Optional<TokenMap> tokenMap, List<KeyspaceMetadata> keyspaces) {
        Map<UUID, Node> byId = new LinkedHashMap<>();
        nodes.forEach(n -> byId.put(n.getHostId(), n));
        Map<CqlIdentifier, KeyspaceMetadata> ks = new LinkedHashMap<>();
        keyspaces.forEach(k -> ks.put(k.getName(), k));
        return stub(
                Metadata.class,
                Map.of(
                        "getNodes",
                        byId,
                        "getTokenMap",
                        tokenMap,
                        "getKeyspaces",
                        ks,
                        "getClusterName",
                        Optional.of(clusterName)));
    }
}
