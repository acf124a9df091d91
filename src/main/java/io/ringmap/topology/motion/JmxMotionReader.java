package io.ringmap.topology.motion;

import io.ringmap.pending.MotionKind;
import io.ringmap.pending.MotionReport;
import io.ringmap.pending.MotionSource;
import io.ringmap.pending.NodeMotion;
import io.ringmap.pending.PendingRange;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.TokenRange;
import io.ringmap.token.Token;
import io.ringmap.topology.JmxConnections;
import io.ringmap.topology.JmxSettings;
import io.ringmap.topology.NodeTokens;
import io.ringmap.topology.TopologyModel;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;

/**
 * Reads the ring's movement over JMX from one node's {@code StorageServiceMBean}, as nodetool does: the joining,
 * leaving and moving nodes ({@code getJoiningNodesWithPort}, {@code getLeavingNodesWithPort},
 * {@code getMovingNodesWithPort}), the bootstrap tokens ({@code getTokenToEndpointWithPortMap}, which holds normal
 * and bootstrapping tokens), the unreachable nodes, and every keyspace's pending ranges as Cassandra calculated them
 * ({@code getPendingRangeToEndpointWithPortMap}). A joining node whose tokens all belong to one ring node replaces
 * it. The DC and rack of a node outside the ring come from {@code EndpointSnitchInfoMBean}.
 */
final class JmxMotionReader {

    private static final String STORAGE_SERVICE = "org.apache.cassandra.db:type=StorageService";
    private static final String SNITCH = "org.apache.cassandra.db:type=EndpointSnitchInfo";

    private final JmxSettings settings;

    JmxMotionReader(JmxSettings settings) {
        this.settings = settings;
    }

    /**
     * Reads from the first node whose JMX answers (UP nodes first).
     *
     * @throws Exception naming the last failure when no node's JMX answers
     */
    MotionReport read(TopologyModel model) throws Exception {
        List<NodeTokens> candidates = new ArrayList<>(model.nodes());
        candidates.sort(java.util.Comparator.comparing(nt -> nt.node().state() != NodeState.UP));
        Exception last = null;
        for (NodeTokens nt : candidates.subList(0, Math.min(3, candidates.size()))) {
            try (JMXConnector connector =
                    JmxConnections.open(settings, nt.node().address())) {
                return read(connector.getMBeanServerConnection(), model);
            } catch (Exception e) {
                last = e;
            }
        }
        throw last == null ? new IllegalStateException("the ring has no node") : last;
    }

    /**
     * The joining, leaving and moving nodes of the first node whose JMX answers among {@code addresses}: what changes
     * when a node starts or stops moving.
     */
    String fingerprint(List<String> addresses) throws Exception {
        Exception last = null;
        for (String address : addresses.subList(0, Math.min(3, addresses.size()))) {
            try (JMXConnector connector = JmxConnections.open(settings, address)) {
                MBeanServerConnection jmx = connector.getMBeanServerConnection();
                ObjectName ss = new ObjectName(STORAGE_SERVICE);
                return "joining " + jmx.getAttribute(ss, "JoiningNodesWithPort") + " leaving "
                        + jmx.getAttribute(ss, "LeavingNodesWithPort") + " moving "
                        + jmx.getAttribute(ss, "MovingNodesWithPort");
            } catch (Exception e) {
                last = e;
            }
        }
        throw last == null ? new IllegalStateException("no node to ask over JMX") : last;
    }

    @SuppressWarnings("unchecked")
    static MotionReport read(MBeanServerConnection jmx, TopologyModel model) throws Exception {
        ObjectName ss = new ObjectName(STORAGE_SERVICE);
        RingNodes ring = new RingNodes(model);
        List<String> joining = (List<String>) jmx.getAttribute(ss, "JoiningNodesWithPort");
        List<String> leaving = (List<String>) jmx.getAttribute(ss, "LeavingNodesWithPort");
        List<String> moving = (List<String>) jmx.getAttribute(ss, "MovingNodesWithPort");
        Set<String> unreachable = new HashSet<>((List<String>) jmx.getAttribute(ss, "UnreachableNodesWithPort"));
        Map<String, String> hostIds = new LinkedHashMap<>();
        // StorageServiceMBean.getHostIdToEndpointWithPort (no "Map" suffix, unlike the token and range maps)
        ((Map<String, String>) jmx.getAttribute(ss, "HostIdToEndpointWithPort"))
                .forEach((hostId, endpoint) -> hostIds.put(endpoint, hostId));
        Map<String, List<Token>> tokensByEndpoint = new LinkedHashMap<>();
        if (!joining.isEmpty()) {
            ((Map<String, String>) jmx.getAttribute(ss, "TokenToEndpointWithPortMap"))
                    .forEach((token, endpoint) -> tokensByEndpoint
                            .computeIfAbsent(endpoint, e -> new ArrayList<>())
                            .add(ring.partitioner().parseToken(token)));
        }

        Map<String, Node> offRing = new LinkedHashMap<>();
        List<NodeMotion> motions = new ArrayList<>();
        for (String endpoint : joining) {
            Node node = RingNodes.offRing(
                    hostIds.get(endpoint),
                    endpoint,
                    null,
                    snitch(jmx, "getDatacenter", endpoint),
                    snitch(jmx, "getRack", endpoint));
            offRing.put(endpoint, node);
            List<Token> tokens = tokensByEndpoint.getOrDefault(endpoint, List.of());
            Optional<NodeTokens> replaced = replacedBy(ring, model, tokens);
            boolean alive = !unreachable.contains(endpoint);
            motions.add(
                    replaced.isPresent()
                            ? new NodeMotion(
                                    node,
                                    MotionKind.REPLACING,
                                    tokens,
                                    replaced.get().node().hostId(),
                                    alive)
                            : new NodeMotion(node, MotionKind.JOINING, tokens, null, alive));
        }
        for (String endpoint : leaving) {
            ring.find(hostIds.get(endpoint), endpoint)
                    .ifPresent(nt -> motions.add(new NodeMotion(
                            nt.node().withState(NodeState.LEAVING),
                            MotionKind.LEAVING,
                            ring.tokens(nt),
                            null,
                            !unreachable.contains(endpoint))));
        }
        for (String endpoint : moving) {
            // the MBean does not say where to: Cassandra's own pending ranges below say what moves
            ring.find(hostIds.get(endpoint), endpoint)
                    .ifPresent(nt -> motions.add(new NodeMotion(
                            nt.node().withState(NodeState.MOVING),
                            MotionKind.MOVING,
                            List.of(),
                            null,
                            !unreachable.contains(endpoint))));
        }
        motions.sort(java.util.Comparator.comparing((NodeMotion m) -> m.node().hostId()));

        Map<String, List<PendingRange>> reported = new LinkedHashMap<>();
        if (!motions.isEmpty()) {
            for (String keyspace : model.replication().keySet()) {
                Map<List<String>, List<String>> map = (Map<List<String>, List<String>>)
                        jmx.invoke(ss, "getPendingRangeToEndpointWithPortMap", new Object[] {keyspace}, new String[] {
                            String.class.getName()
                        });
                List<PendingRange> ranges = new ArrayList<>();
                map.forEach((range, endpoints) -> {
                    TokenRange r = new TokenRange(
                            ring.partitioner().parseToken(range.get(0)),
                            ring.partitioner().parseToken(range.get(1)));
                    for (String endpoint : endpoints) {
                        Node node = offRing.get(endpoint);
                        if (node == null) {
                            node = ring.find(hostIds.get(endpoint), endpoint)
                                    .map(NodeTokens::node)
                                    .orElse(RingNodes.offRing(hostIds.get(endpoint), endpoint, null, null, null));
                        }
                        ranges.add(new PendingRange(r, node));
                    }
                });
                ranges.sort(java.util.Comparator.comparing(
                                (PendingRange p) -> p.range().end())
                        .thenComparing(p -> p.replica().hostId()));
                reported.put(keyspace, ranges);
            }
        }
        return new MotionReport(MotionSource.JMX, motions, reported, null);
    }

    /** The ring node whose tokens a joining node takes over entirely: a replacement. */
    private static Optional<NodeTokens> replacedBy(RingNodes ring, TopologyModel model, Collection<Token> tokens) {
        if (tokens.isEmpty()) {
            return Optional.empty();
        }
        for (NodeTokens nt : model.nodes()) {
            if (new HashSet<>(ring.tokens(nt)).containsAll(tokens)) {
                return Optional.of(nt);
            }
        }
        return Optional.empty();
    }

    private static String snitch(MBeanServerConnection jmx, String operation, String endpoint) {
        try {
            return (String) jmx.invoke(
                    new ObjectName(SNITCH), operation, new Object[] {endpoint}, new String[] {String.class.getName()});
        } catch (Exception e) {
            return null; // the node is then placed in the "unknown" DC and rack
        }
    }
}
