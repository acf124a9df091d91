package io.ringmap.topology;

import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.RelationMetadata;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.schema.KeyColumn;
import io.ringmap.schema.TablePartitioners;
import io.ringmap.schema.TableSchema;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the driver's metadata (nodes, token map, keyspaces) into a {@link TopologyModel}, using only the driver's
 * public API. Nodes come out sorted by address and tokens in ring order, so equal cluster states give equal models.
 */
final class ClusterModelReader {

    private static final Logger log = LoggerFactory.getLogger(ClusterModelReader.class);

    /** Tables already reported as unservable, so each is logged once per process rather than once per refresh. */
    private static final Set<String> REPORTED = ConcurrentHashMap.newKeySet();

    private ClusterModelReader() {}

    /**
     * Reads the model, or nothing while the driver has no token map yet (it is built after the first schema read).
     *
     * @param serves the keyspace filter ({@code ringmap.topology.keyspaces})
     * @param localAddress the node LocalStrategy keyspaces resolve to, or null for the first node
     * @param tablesTokens each node's tokens as one node's {@code system.local} and {@code system.peers} list them now,
     *     by host id, in place of the driver's: its token map keeps a node at the tokens it had when it last read the
     *     node list, and it does not read it again for a move (it drops the MOVED_NODE event: "Unsupported topology
     *     change type"), so after {@code nodetool move} it would keep the mover at its old token for good. A node
     *     listed without tokens owns none (joining); a node not listed keeps the driver's tokens.
     */
    static Optional<TopologyModel> read(
            Metadata metadata, Predicate<String> serves, String localAddress, Map<UUID, Set<String>> tablesTokens) {
        Optional<TokenMap> maybeTokens = metadata.getTokenMap();
        if (maybeTokens.isEmpty()) {
            return Optional.empty();
        }
        TokenMap tokenMap = maybeTokens.get();
        List<NodeTokens> nodes = new ArrayList<>();
        for (com.datastax.oss.driver.api.core.metadata.Node n :
                metadata.getNodes().values()) {
            Set<String> listed = n.getHostId() == null ? null : tablesTokens.get(n.getHostId());
            Set<Token> tokens = listed == null
                    ? tokenMap.getTokens(n)
                    : listed.stream().map(tokenMap::parse).collect(Collectors.toSet());
            if (tokens.isEmpty()) {
                // a node without tokens (joining, or not yet in the token map) owns no range and is never a replica
                continue;
            }
            List<String> printed =
                    tokens.stream().sorted().map(tokenMap::format).toList();
            nodes.add(new NodeTokens(node(n), printed));
        }
        if (nodes.isEmpty()) {
            return Optional.empty();
        }
        nodes.sort(Comparator.comparing((NodeTokens nt) -> nt.node().address())
                .thenComparing(nt -> nt.node().hostId()));

        Map<String, Map<String, String>> replication = new TreeMap<>();
        List<TableSchema> tables = new ArrayList<>();
        for (KeyspaceMetadata ks : metadata.getKeyspaces().values()) {
            String keyspace = ks.getName().asInternal();
            if (ks.isVirtual() || !serves.test(keyspace)) {
                continue; // virtual keyspaces (system_views, system_virtual_schema) have no replication and no ring
            }
            replication.put(keyspace, new LinkedHashMap<>(ks.getReplication()));
            List<RelationMetadata> relations = new ArrayList<>(ks.getTables().values());
            relations.addAll(ks.getViews().values()); // a materialized view is partitioned like a table
            relations.sort(Comparator.comparing(r -> r.getName().asInternal()));
            for (RelationMetadata relation : relations) {
                table(keyspace, relation).ifPresent(tables::add);
            }
        }
        String cluster = metadata.getClusterName().orElse("unknown");
        return Optional.of(
                new TopologyModel(cluster, tokenMap.getPartitionerName(), nodes, replication, tables, localAddress));
    }

    /** A table's partition key, or nothing (logged once) when its key type cannot be served. */
    static Optional<TableSchema> table(String keyspace, RelationMetadata relation) {
        String table = relation.getName().asInternal();
        try {
            List<KeyColumn> key = new ArrayList<>();
            for (ColumnMetadata column : relation.getPartitionKey()) {
                key.add(new KeyColumn(column.getName().asInternal(), column.getType()));
            }
            return Optional.of(new TableSchema(
                    keyspace,
                    table,
                    key,
                    TablePartitioners.ownPartitioner(keyspace, table).orElse(null)));
        } catch (RuntimeException e) {
            if (REPORTED.add(keyspace + "." + table)) {
                log.warn("table {}.{} is not served: {}", keyspace, table, e.getMessage());
            }
            return Optional.empty();
        }
    }

    /**
     * The ring node for a driver node: host id, broadcast RPC address and port (what the driver connects to),
     * broadcast address and port (internode, what {@code nodetool getendpoints} prints), DC, rack and state.
     */
    static Node node(com.datastax.oss.driver.api.core.metadata.Node n) {
        String address = address(n);
        int rpcPort = n.getBroadcastRpcAddress()
                .map(InetSocketAddress::getPort)
                .or(() -> inet(n.getEndPoint().resolve()).map(InetSocketAddress::getPort))
                .orElse(0);
        Optional<InetSocketAddress> broadcast = n.getBroadcastAddress().filter(a -> a.getAddress() != null);
        String broadcastAddress =
                broadcast.map(a -> a.getAddress().getHostAddress()).orElse(address);
        int broadcastPort = broadcast.map(InetSocketAddress::getPort).orElse(0);
        String hostId = n.getHostId() == null
                ? endpoint(address, rpcPort)
                : n.getHostId().toString();
        String dc = n.getDatacenter() == null ? "unknown" : n.getDatacenter();
        String rack = n.getRack() == null ? "unknown" : n.getRack();
        return new Node(hostId, address, dc, rack, state(n.getState()), rpcPort, broadcastAddress, broadcastPort);
    }

    private static Optional<InetSocketAddress> inet(SocketAddress address) {
        return address instanceof InetSocketAddress inet ? Optional.of(inet) : Optional.empty();
    }

    private static String endpoint(String address, int port) {
        return port == 0 ? address : address + ":" + port;
    }

    /** The node's broadcast RPC address (what clients and {@code nodetool getendpoints} use), else its endpoint. */
    static String address(com.datastax.oss.driver.api.core.metadata.Node n) {
        Optional<InetSocketAddress> rpc = n.getBroadcastRpcAddress();
        if (rpc.isPresent() && rpc.get().getAddress() != null) {
            return rpc.get().getAddress().getHostAddress();
        }
        SocketAddress endPoint = n.getEndPoint().resolve();
        if (endPoint instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return inet.getAddress().getHostAddress();
        }
        return n.getEndPoint().toString();
    }

    /**
     * The driver's node state as ringmap reports it. The driver knows UP/DOWN from its own connection pools and from
     * gossip events; UNKNOWN means it has neither (no pool to the node and no event since start-up).
     */
    static NodeState state(com.datastax.oss.driver.api.core.metadata.NodeState state) {
        return switch (state) {
            case UP -> NodeState.UP;
            case DOWN -> NodeState.DOWN;
            case FORCED_DOWN -> NodeState.FORCED_DOWN;
            case UNKNOWN -> NodeState.UNKNOWN;
        };
    }
}
