package io.ringmap.pending;

import io.ringmap.replication.ReplicationStrategies;
import io.ringmap.replication.ReplicationStrategy;
import io.ringmap.replication.UnsupportedReplicationException;
import io.ringmap.ring.Node;
import io.ringmap.ring.TokenRing;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ring's movement as one snapshot serves it: the nodes in motion and every keyspace's pending replicas. Immutable;
 * built once per published snapshot.
 *
 * @param source where the movement was read from
 * @param motions the nodes in motion
 * @param keyspaces per keyspace with pending ranges, its pending replicas (a keyspace not in it has none)
 * @param assumed what the answers assume (always set when {@code source} is NONE), or null
 */
public record RingMotion(
        MotionSource source, List<NodeMotion> motions, Map<String, PendingReplicas> keyspaces, String assumed) {

    /** When no source says anything: no movement is assumed. */
    public static final String NO_SOURCE = "no movement source: writes are counted on natural replicas only, as if "
            + "no node were joining, leaving, moving or replacing another";

    public RingMotion {
        motions = List.copyOf(motions);
        keyspaces = Map.copyOf(keyspaces);
    }

    /** No movement, for the reason given (what answers then assume). */
    public static RingMotion none(String assumed) {
        return new RingMotion(MotionSource.NONE, List.of(), Map.of(), assumed);
    }

    /**
     * The movement the report describes on {@code ring}: Cassandra's reported pending ranges where there are some,
     * otherwise calculated ({@link PendingRangeCalculator}) for every keyspace that is not node-local: from each
     * operation's step where Cassandra 6.0's log names it ({@code ring} is then the read placement's), as 4.x and
     * 5.0 compute them from gossip otherwise.
     */
    public static RingMotion of(TokenRing ring, Map<String, Map<String, String>> replication, MotionReport report) {
        if (report.source() == MotionSource.NONE) {
            return none(report.note() == null ? NO_SOURCE : report.note() + "; " + NO_SOURCE);
        }
        Map<String, PendingReplicas> out = new LinkedHashMap<>();
        List<String> datacenters =
                ring.nodes().stream().map(Node::datacenter).distinct().toList();
        replication.forEach((keyspace, map) -> {
            List<PendingRange> pending = report.reported().get(keyspace);
            if (pending == null && !report.motions().isEmpty()) {
                try {
                    ReplicationStrategy strategy = ReplicationStrategies.of(map, 0, datacenters);
                    pending = strategy.nodeLocal()
                            ? List.of()
                            : report.source() == MotionSource.CLUSTER_METADATA
                                    ? PendingRangeCalculator.calculateSteps(ring, strategy, report.motions())
                                    : PendingRangeCalculator.calculate(ring, strategy, report.motions());
                } catch (UnsupportedReplicationException e) {
                    pending = List.of(); // the keyspace is unplaceable: its answers say so already
                }
            }
            if (pending != null && !pending.isEmpty()) {
                out.put(keyspace, PendingReplicas.of(pending));
            }
        });
        return new RingMotion(report.source(), report.motions(), out, report.note());
    }

    /** Whether ranges are in motion: a node joins, leaves, moves or replaces another, or a range is pending. */
    public boolean inMotion() {
        return !motions.isEmpty() || !keyspaces.isEmpty();
    }

    /** The keyspace's pending replicas (none when it has no pending range). */
    public PendingReplicas pending(String keyspace) {
        return keyspaces.getOrDefault(keyspace, PendingReplicas.none());
    }
}
