package io.ringmap.topology.motion;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringmap.pending.MetadataStep;
import io.ringmap.pending.MotionKind;
import io.ringmap.pending.MotionReport;
import io.ringmap.pending.MotionSource;
import io.ringmap.pending.NodeMotion;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.token.Token;
import io.ringmap.topology.NodeQueries;
import io.ringmap.topology.NodeTokens;
import io.ringmap.topology.TopologyModel;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the ring from Cassandra 6.0's cluster metadata (CEP-21), where it lives instead of gossip: each node's state,
 * tokens and multi-step operation from {@code system_views.cluster_metadata_directory}, a joining or moving node's
 * tokens and the node a replacement replaces from the {@code PREPARE_*} entry of
 * {@code system_views.cluster_metadata_log} (the directory lists a bootstrapping node without them, and no column
 * names a replaced node), and the epoch the log ends at. Both tables are the answering node's own view,
 * so every query of one read goes to one node (a ring member UP, by address; the next when it fails), and the read
 * is repeated when that node's epoch moved meanwhile.
 *
 * <p>The nodes it reports are those of the read placement at the operation's step ({@link MetadataStep}): a joiner
 * whose reads moved (MID_JOIN done) is in the ring, a leaver whose reads moved is not. {@code system.peers}, which
 * 6.0 writes from the log for older clients and which can lag it (CASSANDRA-21187), is not read for the ring.
 */
final class ClusterMetadataReader {

    static final String EPOCH = "SELECT epoch FROM system_views.cluster_metadata_log LIMIT 1";
    static final String DIRECTORY = "SELECT node_id, host_id, broadcast_address, broadcast_port, native_address, "
            + "native_port, dc, rack, state, tokens, multi_step_operation "
            + "FROM system_views.cluster_metadata_directory";
    /** The newest entries, where the PREPARE step of an operation in progress is (the log keeps its recent past). */
    static final String RECENT_LOG =
            "SELECT epoch, kind, transformation FROM system_views.cluster_metadata_log " + "LIMIT 2000";

    static final String REPLACE_NOT_FOLLOWED = "the node replacement %s replaces is not in the recent cluster "
            + "metadata log: it is answered without pending replicas";

    static final String MOVE_NOT_FOLLOWED = "the tokens moving node %s moves from and to are not both in the recent "
            + "cluster metadata: it is answered at its old token, without pending replicas";

    /**
     * What 6.0 does not show: its placements list a range's replicas after the first in the order its log's deltas
     * added them (so the order nodes joined), and no table exposes them; ringmap walks the ring as the strategy does.
     */
    static final String REPLICA_ORDER = "replicas after the first are in ring-walk order; Cassandra 6.0 lists them in"
            + " the order its placements added them (nodetool getendpoints), which no CQL table shows";

    private static final Pattern PREPARE_TOKENS = Pattern.compile("nodeId=NodeId\\{id=(\\d+)}, tokens=\\[([^\\]]*)]");
    private static final Pattern PREPARE_REPLACE =
            Pattern.compile("replaced=NodeId\\{id=(\\d+)}, replacement=NodeId\\{id=(\\d+)}");
    /** Reads of one node's directory, until its epoch stays the same across one; the last is taken as it is. */
    private static final int READS = 3;

    private ClusterMetadataReader() {}

    /** Whether the session's cluster has the cluster-metadata tables (Cassandra 6.0 and later). */
    static boolean available(CqlSession session) {
        return session.getMetadata()
                .getKeyspace("system_views")
                .flatMap(ks -> ks.getTable("cluster_metadata_directory"))
                .isPresent();
    }

    /** The epoch the log of whichever node answers ends at: the cheap question asked between rebuilds. */
    static long lastEpoch(CqlSession session, NodeQueries queries, Duration timeout) {
        Row row = queries.execute(session, SimpleStatement.newInstance(EPOCH).setTimeout(timeout))
                .one();
        if (row == null) {
            throw new IllegalStateException("system_views.cluster_metadata_log is empty");
        }
        return row.getLong("epoch");
    }

    /**
     * The model with the ring, movement and epoch of one node's cluster metadata: the node that answered ringmap's
     * last query (the epoch probe's, so the epoch read is the one probed) while it answers, else the first UP ring
     * member by address that answers, and the nodes not yet members last, so that a node in motion, which may pause
     * or restart, is asked after the others ({@link NodeQueries}: a node that does not answer costs one timeout once).
     *
     * @throws RuntimeException naming the last failure when no node answers
     */
    static TopologyModel read(CqlSession session, NodeQueries queries, TopologyModel model, Duration timeout) {
        return queries.first(
                session.getMetadata().getNodes().values(),
                candidates(session, model),
                node -> read(session, model, node, timeout));
    }

    /** UP nodes, ring members of the driver's model first, each group by address. */
    private static List<com.datastax.oss.driver.api.core.metadata.Node> candidates(
            CqlSession session, TopologyModel model) {
        java.util.Set<String> members = new java.util.HashSet<>();
        model.nodes().forEach(nt -> members.add(nt.node().hostId()));
        List<com.datastax.oss.driver.api.core.metadata.Node> up =
                new ArrayList<>(session.getMetadata().getNodes().values().stream()
                        .filter(n -> n.getState() == com.datastax.oss.driver.api.core.metadata.NodeState.UP)
                        .toList());
        up.sort(Comparator.comparing((com.datastax.oss.driver.api.core.metadata.Node n) ->
                        !members.contains(String.valueOf(n.getHostId())))
                .thenComparing(n -> String.valueOf(n.getEndPoint())));
        return up;
    }

    private static TopologyModel read(
            CqlSession session,
            TopologyModel model,
            com.datastax.oss.driver.api.core.metadata.Node node,
            Duration timeout) {
        for (int attempt = 1; ; attempt++) {
            Row epochRow = session.execute(pinned(EPOCH, node, timeout)).one();
            if (epochRow == null) {
                throw new IllegalStateException("system_views.cluster_metadata_log is empty");
            }
            long epoch = epochRow.getLong("epoch");
            List<Entry> directory = new ArrayList<>();
            for (Row row : session.execute(pinned(DIRECTORY, node, timeout))) {
                directory.add(entry(row));
            }
            PreparedOperations prepared = directory.stream().anyMatch(Entry::needsPrepareEntry)
                    ? prepared(session.execute(pinned(RECENT_LOG, node, timeout)))
                    : PreparedOperations.NONE;
            Row again = session.execute(pinned(EPOCH, node, timeout)).one();
            if (again != null && again.getLong("epoch") == epoch || attempt == READS) {
                return of(model, epoch, directory, prepared);
            }
        }
    }

    private static SimpleStatement pinned(
            String cql, com.datastax.oss.driver.api.core.metadata.Node node, Duration timeout) {
        return SimpleStatement.newInstance(cql).setTimeout(timeout).setNode(node);
    }

    /** One node of the directory as the table shows it. */
    record Entry(
            int nodeId,
            String hostId,
            String broadcastAddress,
            int broadcastPort,
            String nativeAddress,
            int nativePort,
            String dc,
            String rack,
            String state,
            List<String> tokens,
            Map<String, String> operation) {

        Entry {
            tokens = List.copyOf(tokens);
            operation = Map.copyOf(operation);
        }

        /** The operation's kind (JOIN, LEAVE, REMOVE, MOVE, REPLACE), or null. */
        String kind() {
            String kind = operation.get("kind");
            return kind == null ? null : kind.toUpperCase(Locale.ROOT);
        }

        /** The last step done, e.g. START_JOIN (null when none or no operation). */
        String stepDone() {
            return MetadataStep.doneBefore(operation.get("nextStep"));
        }

        /** Whether the log's PREPARE entry says what the directory does not (a joiner's tokens, whom a node replaces). */
        boolean needsPrepareEntry() {
            return "JOIN".equals(kind()) || "MOVE".equals(kind()) || "REPLACE".equals(kind());
        }

        String broadcastEndpoint() {
            return endpoint(broadcastAddress, broadcastPort);
        }
    }

    private static Entry entry(Row row) {
        Map<String, String> operation = new LinkedHashMap<>();
        Object op = row.getObject("multi_step_operation");
        if (op instanceof Map<?, ?> map) {
            map.forEach((k, v) -> operation.put(String.valueOf(k), String.valueOf(v)));
        }
        List<String> tokens = new ArrayList<>();
        Object t = row.getObject("tokens");
        if (t instanceof Collection<?> c) {
            c.forEach(token -> tokens.add(String.valueOf(token)));
        }
        return new Entry(
                row.getInt("node_id"),
                String.valueOf(row.getObject("host_id")),
                ip(row.getObject("broadcast_address")),
                row.getInt("broadcast_port"),
                ip(row.getObject("native_address")),
                row.getInt("native_port"),
                row.getString("dc"),
                row.getString("rack"),
                row.getString("state"),
                tokens,
                operation);
    }

    private static String ip(Object value) {
        return value instanceof InetAddress inet ? inet.getHostAddress() : String.valueOf(value);
    }

    /**
     * What the recent log's PREPARE entries say of the operations in progress, by node id: the tokens of each node's
     * newest PREPARE_JOIN or PREPARE_MOVE, and the node each replacement's newest PREPARE_REPLACE replaces.
     */
    record PreparedOperations(Map<Integer, List<String>> tokens, Map<Integer, Integer> replaced) {

        static final PreparedOperations NONE = new PreparedOperations(Map.of(), Map.of());

        PreparedOperations {
            tokens = Map.copyOf(tokens);
            replaced = Map.copyOf(replaced);
        }

        /** Joiners' and movers' tokens alone. */
        static PreparedOperations tokens(Map<Integer, List<String>> tokens) {
            return new PreparedOperations(tokens, Map.of());
        }
    }

    /** The PREPARE entries of {@code log} (newest first), the newest of each node. */
    static PreparedOperations prepared(Iterable<Row> log) {
        Map<Integer, List<String>> tokens = new HashMap<>();
        Map<Integer, Integer> replaced = new HashMap<>();
        for (Row row : log) {
            String kind = row.getString("kind");
            String transformation = String.valueOf(row.getObject("transformation"));
            if ("PREPARE_JOIN".equals(kind) || "PREPARE_MOVE".equals(kind)) {
                parsePrepared(transformation).ifPresent(p -> tokens.putIfAbsent(p.nodeId(), p.tokens()));
            } else if ("PREPARE_REPLACE".equals(kind)) {
                parseReplace(transformation).ifPresent(r -> replaced.putIfAbsent(r.replacement(), r.replaced()));
            }
        }
        return new PreparedOperations(tokens, replaced);
    }

    /** A PREPARE_REPLACE entry's two nodes. */
    record Replace(int replaced, int replacement) {}

    /** Reads {@code PrepareReplace{replaced=NodeId{id=2}, replacement=NodeId{id=4}, ...}} (the log's text of it). */
    static Optional<Replace> parseReplace(String transformation) {
        Matcher m = PREPARE_REPLACE.matcher(transformation);
        return m.find()
                ? Optional.of(new Replace(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))))
                : Optional.empty();
    }

    /** A PREPARE entry's node and tokens. */
    record Prepared(int nodeId, List<String> tokens) {}

    /** Reads {@code PrepareJoin{nodeId=NodeId{id=4}, tokens=[t1, t2], ...}} (the log's text of the entry). */
    static Optional<Prepared> parsePrepared(String transformation) {
        Matcher m = PREPARE_TOKENS.matcher(transformation);
        if (!m.find()) {
            return Optional.empty();
        }
        List<String> tokens = new ArrayList<>();
        for (String token : m.group(2).split(",")) {
            if (!token.isBlank()) {
                tokens.add(token.strip());
            }
        }
        return Optional.of(new Prepared(Integer.parseInt(m.group(1)), tokens));
    }

    /** The model at {@code epoch} (pure: tested without a cluster). */
    static TopologyModel of(TopologyModel model, long epoch, List<Entry> directory, PreparedOperations prepared) {
        RingNodes known = new RingNodes(model);
        Map<String, NodeTokens> ring = new LinkedHashMap<>();
        List<NodeMotion> motions = new ArrayList<>();
        List<String> notes = new ArrayList<>(List.of(REPLICA_ORDER));
        for (Entry e : directory) {
            Node node = node(known, e);
            boolean alive = node.state() != NodeState.DOWN;
            String kind = e.kind();
            String step = e.stepDone();
            MetadataStep.Phase phase = MetadataStep.phase(step);
            List<String> tokens = e.tokens();
            if (kind == null || step == null) {
                if (!tokens.isEmpty() && !"LEFT".equals(e.state())) {
                    ring.put(node.hostId(), new NodeTokens(node, sorted(known, tokens)));
                }
                continue;
            }
            switch (kind) {
                case "JOIN" -> {
                    List<String> joining = prepared.tokens().getOrDefault(e.nodeId(), List.of());
                    if (joining.isEmpty()) {
                        notes.add("the tokens of joining node " + e.broadcastEndpoint()
                                + " are not in the recent cluster metadata log");
                        continue;
                    }
                    if (phase == MetadataStep.Phase.READS_MOVED) {
                        ring.put(node.hostId(), new NodeTokens(node, sorted(known, joining)));
                    }
                    motions.add(new NodeMotion(
                            node.withState(NodeState.JOINING),
                            MotionKind.JOINING,
                            parse(known, joining),
                            null,
                            alive,
                            step));
                }
                case "LEAVE", "REMOVE" -> {
                    if (phase != MetadataStep.Phase.READS_MOVED) {
                        ring.put(node.hostId(), new NodeTokens(node, sorted(known, tokens)));
                    }
                    motions.add(new NodeMotion(
                            node.withState(NodeState.LEAVING),
                            MotionKind.LEAVING,
                            parse(known, tokens),
                            null,
                            alive,
                            step));
                }
                case "MOVE" -> {
                    // the directory keeps the old token until FINISH_MOVE; MID_MOVE has moved the reads to the new
                    // one (PrepareMove: START adds the new placement's writes, MID moves reads, FINISH drops the old)
                    List<String> to = prepared.tokens().getOrDefault(e.nodeId(), List.of());
                    boolean target = to.size() == 1;
                    boolean readsMoved = phase == MetadataStep.Phase.READS_MOVED && target && tokens.size() == 1;
                    ring.put(node.hostId(), new NodeTokens(node, sorted(known, readsMoved ? to : tokens)));
                    motions.add(new NodeMotion(
                            node.withState(NodeState.MOVING),
                            MotionKind.MOVING,
                            target ? parse(known, to) : List.of(),
                            null,
                            alive,
                            step,
                            readsMoved ? parse(known, tokens) : List.of()));
                    if (!target || (phase == MetadataStep.Phase.READS_MOVED && !readsMoved)) {
                        notes.add(MOVE_NOT_FOLLOWED.formatted(e.broadcastEndpoint()));
                    }
                }
                default -> {
                    // REPLACE: the replacement takes the replaced node's tokens, found below
                    if (!tokens.isEmpty()) {
                        ring.put(node.hostId(), new NodeTokens(node, sorted(known, tokens)));
                    }
                }
            }
        }
        replacements(known, directory, prepared, ring, motions, notes);
        List<NodeTokens> nodes = new ArrayList<>(ring.values());
        nodes.sort(Comparator.comparing((NodeTokens nt) -> nt.node().address())
                .thenComparing(nt -> nt.node().hostId()));
        motions.sort(Comparator.comparing((NodeMotion m) -> m.node().hostId()));
        return model.atEpoch(
                epoch,
                nodes,
                new MotionReport(MotionSource.CLUSTER_METADATA, motions, Map.of(), String.join("; ", notes)));
    }

    /**
     * A replacement (BOOT_REPLACING, kind REPLACE) takes over the tokens of the node it replaces, the one its
     * PREPARE_REPLACE names (the directory does not); once its reads moved it is in the ring in that node's place,
     * and the replaced node, which still takes writes, is shown leaving at the same step.
     */
    private static void replacements(
            RingNodes known,
            List<Entry> directory,
            PreparedOperations prepared,
            Map<String, NodeTokens> ring,
            List<NodeMotion> motions,
            List<String> notes) {
        for (Entry e : directory) {
            if (!"REPLACE".equals(e.kind()) || e.stepDone() == null) {
                continue;
            }
            Node replacement = node(known, e);
            Integer replacedId = prepared.replaced().get(e.nodeId());
            Optional<Entry> replaced = directory.stream()
                    .filter(o -> o != e
                            && replacedId != null
                            && o.nodeId() == replacedId
                            && !o.tokens().isEmpty())
                    .findFirst();
            if (replaced.isEmpty()) {
                notes.add(REPLACE_NOT_FOLLOWED.formatted(e.broadcastEndpoint()));
                continue;
            }
            Node old = node(known, replaced.get());
            List<Token> tokens = parse(known, replaced.get().tokens());
            boolean alive = replacement.state() != NodeState.DOWN;
            String step = e.stepDone();
            if (MetadataStep.phase(step) == MetadataStep.Phase.READS_MOVED) {
                ring.remove(old.hostId());
                ring.put(
                        replacement.hostId(),
                        new NodeTokens(replacement, sorted(known, replaced.get().tokens())));
                motions.add(new NodeMotion(
                        old.withState(NodeState.LEAVING),
                        MotionKind.LEAVING,
                        tokens,
                        null,
                        old.state() != NodeState.DOWN,
                        step));
            }
            motions.add(new NodeMotion(
                    replacement.withState(NodeState.JOINING), MotionKind.REPLACING, tokens, old.hostId(), alive, step));
        }
    }

    /** The ring node for a directory entry: the driver's (its UP/DOWN) where it knows it, else one made from it. */
    private static Node node(RingNodes known, Entry e) {
        Optional<NodeTokens> found = known.find(e.hostId(), e.broadcastEndpoint());
        if (found.isPresent()) {
            return found.get().node();
        }
        return new Node(
                e.hostId(),
                e.nativeAddress(),
                e.dc() == null ? "unknown" : e.dc(),
                e.rack() == null ? "unknown" : e.rack(),
                NodeState.UNKNOWN,
                e.nativePort(),
                e.broadcastAddress(),
                e.broadcastPort());
    }

    private static List<Token> parse(RingNodes known, List<String> tokens) {
        return tokens.stream().map(known.partitioner()::parseToken).sorted().toList();
    }

    /** Tokens in ring order, printed as the model prints them (the driver's {@code TokenMap.format}). */
    private static List<String> sorted(RingNodes known, List<String> tokens) {
        return parse(known, tokens).stream().map(Token::toString).toList();
    }

    private static String endpoint(String ip, int port) {
        return ip.indexOf(':') >= 0 ? "[" + ip + "]:" + port : ip + ":" + port;
    }
}
