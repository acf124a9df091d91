package io.ringmap.topology;

import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.schema.CqlTypeParser;
import io.ringmap.schema.KeyColumn;
import io.ringmap.schema.TableSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Reads a static topology YAML file (format documented in README.md) into a {@link TopologyModel}.
 *
 * <pre>
 * cluster: demo                      # optional
 * partitioner: Murmur3Partitioner    # or RandomPartitioner, ByteOrderedPartitioner, or the full class name
 * localNode: 127.0.0.1               # optional: the node LocalStrategy keyspaces resolve to
 * nodes:
 *   - address: 127.0.0.1             # broadcast RPC address: what clients connect to
 *     rpcPort: 9042                  # optional, default 9042
 *     broadcastAddress: 10.0.0.1     # optional, default: address; what nodetool getendpoints prints
 *     broadcastPort: 7000            # optional, default 7000
 *     hostId: N1                     # optional, defaults to the address (address:rpcPort when rpcPort is given)
 *     datacenter: dc1
 *     rack: rack1
 *     state: UP                      # optional, default UP
 *     tokens: ["-4611686018427387904"]
 * keyspaces:
 *   iot:
 *     replication: {class: SimpleStrategy, replication_factor: 3}
 *     tables:
 *       readings:
 *         partitionKey: [{name: sensor_id, type: text}, {name: day, type: date}]
 *         partitioner: LocalPartitioner   # optional: a table with its own partitioner, refused like system.batches
 * </pre>
 */
public final class StaticTopologyParser {

    /** Cassandra's default {@code native_transport_port}, for nodes without {@code rpcPort}. */
    static final int DEFAULT_RPC_PORT = 9042;

    /** Cassandra's default {@code storage_port}, for nodes without {@code broadcastPort}. */
    static final int DEFAULT_BROADCAST_PORT = 7000;

    /** The largest topology file read: 64 Mi characters, room for thousands of nodes with 256 tokens each. */
    static final int MAX_CODE_POINTS = 64 * 1024 * 1024;

    private StaticTopologyParser() {}

    /**
     * @throws IllegalArgumentException naming the offending entry when the file is not a valid topology
     */
    public static TopologyModel parse(String yamlText, String origin) {
        Object root;
        List<List<String>> flowTokens = new ArrayList<>();
        try {
            LoaderOptions options = new LoaderOptions();
            // a 1000-node x 256-vnode topology is about 5.5 MB; SnakeYAML's default limit is 3 MB
            options.setCodePointLimit(MAX_CODE_POINTS);
            root = new Yaml(new SafeConstructor(options)).load(extractFlowTokens(yamlText, flowTokens));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(origin + " is not valid YAML: " + e.getMessage(), e);
        }
        Map<String, Object> doc = map(root, origin);
        String partitioner = string(doc.get("partitioner"), origin + ": partitioner");
        String cluster =
                doc.get("cluster") == null ? "static" : doc.get("cluster").toString();
        List<NodeTokens> nodes = new ArrayList<>();
        Object nodeList = doc.get("nodes");
        if (!(nodeList instanceof List<?> list) || list.isEmpty()) {
            throw new IllegalArgumentException(origin + ": 'nodes' must be a non-empty list");
        }
        for (int i = 0; i < list.size(); i++) {
            String where = origin + ": nodes[" + i + "]";
            Map<String, Object> n = map(list.get(i), where);
            String address = string(n.get("address"), where + ".address");
            int rpcPort = port(n.get("rpcPort"), DEFAULT_RPC_PORT, where + ".rpcPort");
            String broadcastAddress = n.get("broadcastAddress") == null
                    ? address
                    : string(n.get("broadcastAddress"), where + ".broadcastAddress");
            int broadcastPort = port(n.get("broadcastPort"), DEFAULT_BROADCAST_PORT, where + ".broadcastPort");
            // nodes sharing an IP (on different ports) need distinct default ids
            String hostId = n.get("hostId") != null
                    ? n.get("hostId").toString()
                    : n.get("rpcPort") == null ? address : address + ":" + rpcPort;
            String dc = string(n.get("datacenter"), where + ".datacenter");
            String rack = string(n.get("rack"), where + ".rack");
            NodeState state =
                    n.get("state") == null ? NodeState.UP : state(n.get("state").toString(), where);
            Object tokens = n.get("tokens");
            if (tokens instanceof String placeholder && placeholder.startsWith(PLACEHOLDER)) {
                tokens = flowTokens.get(Integer.parseInt(placeholder.substring(PLACEHOLDER.length())));
            }
            if (!(tokens instanceof List<?> tl) || tl.isEmpty()) {
                throw new IllegalArgumentException(where + ".tokens must be a non-empty list");
            }
            nodes.add(new NodeTokens(
                    new Node(hostId, address, dc, rack, state, rpcPort, broadcastAddress, broadcastPort),
                    tl.stream().map(Object::toString).toList()));
        }
        Map<String, Map<String, String>> replication = new LinkedHashMap<>();
        List<TableSchema> tables = new ArrayList<>();
        Object keyspaces = doc.get("keyspaces");
        if (keyspaces != null) {
            map(keyspaces, origin + ": keyspaces").forEach((ks, body) -> {
                String where = origin + ": keyspaces." + ks;
                Map<String, Object> k = map(body, where);
                Map<String, String> r = new LinkedHashMap<>();
                map(k.get("replication"), where + ".replication").forEach((key, v) -> r.put(key, v.toString()));
                replication.put(ks, r);
                if (k.get("tables") != null) {
                    map(k.get("tables"), where + ".tables")
                            .forEach((table, t) -> tables.add(table(
                                    ks,
                                    table,
                                    map(t, where + ".tables." + table),
                                    where + ".tables." + table,
                                    partitioner)));
                }
            });
        }
        String local =
                doc.get("localNode") == null ? null : doc.get("localNode").toString();
        return new TopologyModel(cluster, partitioner, nodes, replication, tables, local);
    }

    // a double-quoted YAML scalar that starts with U+0001, which no token or other value of the format contains
    private static final String PLACEHOLDER = "\u0001tokens:";
    private static final String KEY = "tokens:";

    /**
     * Replaces every {@code tokens: [...]} flow sequence whose items are all token literals (digits, letters, a
     * sign, optionally in matching quotes) with a placeholder scalar, collecting the items into {@code out}:
     * SnakeYAML's scanner and type resolution cost microseconds per scalar, so a 1000-node x 256-vnode file took
     * seconds to load, while splitting the token lists here takes milliseconds. Anything else (block sequences,
     * comments or unusual items inside the brackets) is left to SnakeYAML unchanged.
     */
    static String extractFlowTokens(String yamlText, List<List<String>> out) {
        StringBuilder rewritten = null;
        int copied = 0;
        int at = yamlText.indexOf(KEY);
        while (at >= 0) {
            int next = at + KEY.length();
            char before = at == 0 ? '\n' : yamlText.charAt(at - 1);
            if (before == ' ' || before == '\t' || before == '\n' || before == '{' || before == ',') {
                int open = next;
                while (open < yamlText.length() && (yamlText.charAt(open) == ' ' || yamlText.charAt(open) == '\t')) {
                    open++;
                }
                if (open < yamlText.length() && yamlText.charAt(open) == '[') {
                    int close = yamlText.indexOf(']', open);
                    List<String> items = close < 0 ? null : tokenLiterals(yamlText, open + 1, close);
                    if (items != null) {
                        if (rewritten == null) {
                            rewritten = new StringBuilder(yamlText.length() / 4);
                        }
                        rewritten
                                .append(yamlText, copied, at)
                                .append("tokens: \"\\x01tokens:")
                                .append(out.size())
                                .append('"');
                        out.add(items);
                        copied = close + 1;
                        next = close + 1;
                    }
                }
            }
            at = yamlText.indexOf(KEY, next);
        }
        if (rewritten == null) {
            return yamlText;
        }
        return rewritten.append(yamlText, copied, yamlText.length()).toString();
    }

    /** The items of {@code text[from, to)} split at commas, or null unless every item is a token literal. */
    private static List<String> tokenLiterals(String text, int from, int to) {
        List<String> items = new ArrayList<>();
        int start = from;
        for (int i = from; i <= to; i++) {
            char c = i == to ? ',' : text.charAt(i);
            if (c == ',') {
                int a = start;
                int b = i;
                while (a < b && isBlank(text.charAt(a))) {
                    a++;
                }
                while (b > a && isBlank(text.charAt(b - 1))) {
                    b--;
                }
                if (b - a >= 2
                        && (text.charAt(a) == '"' || text.charAt(a) == '\'')
                        && text.charAt(b - 1) == text.charAt(a)) {
                    a++;
                    b--;
                }
                if (a == b) {
                    return null; // an empty item: SnakeYAML decides what it means
                }
                for (int k = a; k < b; k++) {
                    char t = text.charAt(k);
                    if (!(t >= '0' && t <= '9'
                            || t >= 'a' && t <= 'z'
                            || t >= 'A' && t <= 'Z'
                            || t == '-'
                            || t == '+')) {
                        return null; // not a plain token list: SnakeYAML reads it
                    }
                }
                items.add(text.substring(a, b));
                start = i + 1;
            } else if (c == '[' || c == '{' || c == '}' || c == '#') {
                return null;
            }
        }
        return items;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static TableSchema table(
            String ks, String table, Map<String, Object> t, String where, String clusterPartitioner) {
        Object pk = t.get("partitionKey");
        if (!(pk instanceof List<?> columns) || columns.isEmpty()) {
            throw new IllegalArgumentException(where + ".partitionKey must be a non-empty list of {name, type}");
        }
        List<KeyColumn> key = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            Map<String, Object> c = map(columns.get(i), where + ".partitionKey[" + i + "]");
            String name = string(c.get("name"), where + ".partitionKey[" + i + "].name");
            String type = string(c.get("type"), where + ".partitionKey[" + i + "].type");
            try {
                key.add(new KeyColumn(name, CqlTypeParser.parse(type)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ".partitionKey[" + i + "]: " + e.getMessage(), e);
            }
        }
        // a table may name a partitioner of its own (e.g. LocalPartitioner): it is then refused, as a live one is
        String own = t.get("partitioner") == null ? null : t.get("partitioner").toString();
        if (own != null && simpleName(own).equals(simpleName(clusterPartitioner))) {
            own = null;
        }
        return new TableSchema(ks, table, key, own);
    }

    private static String simpleName(String partitioner) {
        return partitioner.substring(partitioner.lastIndexOf('.') + 1);
    }

    private static int port(Object o, int otherwise, String where) {
        if (o == null) {
            return otherwise;
        }
        try {
            int port = Integer.parseInt(o.toString().trim());
            if (port >= 1 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(where + " '" + o + "' is not a port between 1 and 65535");
    }

    private static NodeState state(String text, String where) {
        try {
            return NodeState.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    where + ".state '" + text + "' is not one of " + java.util.Arrays.toString(NodeState.values()));
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String where) {
        if (!(o instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException(where + " must be a mapping");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        ((Map<Object, Object>) m).forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
    }

    private static String string(Object o, String where) {
        if (o == null || o.toString().isBlank()) {
            throw new IllegalArgumentException(where + " is required");
        }
        return o.toString();
    }
}
