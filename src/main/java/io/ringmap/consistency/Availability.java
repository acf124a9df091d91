package io.ringmap.consistency;

import io.ringmap.pending.RangePieces;
import io.ringmap.pending.RingMotion;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRange;
import io.ringmap.ring.TokenRing;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Which token ranges of a ring can be served at a consistency level, now or with more nodes down, and which nodes
 * can be stopped without a keyspace losing the level. Counts every range with {@link ConsistencyRules}.
 */
public final class Availability {

    private Availability() {}

    /**
     * Per node index, whether the coordinator counts it as live: its state is UP (or JOINING, LEAVING, MOVING, which
     * gossip reports as alive) and it is not in {@code assumedDown}. DOWN, FORCED_DOWN and UNKNOWN are not live.
     */
    public static boolean[] liveNodes(TokenRing ring, Collection<Integer> assumedDown) {
        boolean[] live = new boolean[ring.nodes().size()];
        for (int n = 0; n < live.length; n++) {
            NodeState s = ring.nodes().get(n).state();
            live[n] = s == NodeState.UP || s == NodeState.JOINING || s == NodeState.LEAVING || s == NodeState.MOVING;
        }
        assumedDown.forEach(n -> live[n] = false);
        return live;
    }

    /** The replicas of one range as the coordinator sees them. */
    public static List<ReplicaState> replicaStates(TokenRing ring, ReplicaSet set, boolean[] live) {
        List<ReplicaState> out = new ArrayList<>(set.size());
        for (int i = 0; i < set.size(); i++) {
            Node n = ring.nodes().get(set.node(i));
            out.add(new ReplicaState(n.address(), n.datacenter(), set.isFull(i), live[set.node(i)]));
        }
        return out;
    }

    /** The read and write verdicts of one range that cannot serve at least one of them. */
    public record RangeOutage(
            int tokenIndex, TokenRange range, double ringShare, List<String> replicas, Verdict read, Verdict write) {

        public RangeOutage {
            replicas = List.copyOf(replicas);
        }
    }

    /**
     * One keyspace's ranges that cannot be served.
     *
     * @param ranges how many token ranges the ring has
     * @param readShareLost the share of the ring (0..1) whose reads fail as unavailable
     * @param writeShareLost the share of the ring whose writes fail as unavailable
     */
    public record KeyspaceAvailability(
            String keyspace,
            int ranges,
            List<RangeOutage> unavailable,
            int unavailableForReads,
            int unavailableForWrites,
            double readShareLost,
            double writeShareLost) {

        public KeyspaceAvailability {
            unavailable = List.copyOf(unavailable);
        }

        /** The same counts with at most {@code limit} of the unavailable ranges listed (none for a negative one). */
        public KeyspaceAvailability listing(int limit) {
            return new KeyspaceAvailability(
                    keyspace,
                    ranges,
                    unavailable.stream().limit(Math.max(0, limit)).toList(),
                    unavailableForReads,
                    unavailableForWrites,
                    readShareLost,
                    writeShareLost);
        }
    }

    /**
     * The ranges of {@code keyspace} that cannot be served at {@code level} with the given live nodes. A level
     * invalid for one kind of request (ANY for reads) is not counted as an outage of that kind.
     */
    public static KeyspaceAvailability of(
            RingSnapshot snapshot,
            KeyspacePlacement.Placed keyspace,
            ConsistencyLevel level,
            String localDatacenter,
            boolean[] live) {
        return of(
                snapshot,
                keyspace,
                level,
                localDatacenter,
                new WriteReplicas(snapshot.tokenRing(), live, RingMotion.none(null), Set.of()));
    }

    /**
     * The ranges of {@code keyspace} that cannot be served at {@code level}, writes counting the pending replicas of
     * {@code writes} (a range partly pending is counted per part: its write share lost is that of the failing parts).
     */
    public static KeyspaceAvailability of(
            RingSnapshot snapshot,
            KeyspacePlacement.Placed keyspace,
            ConsistencyLevel level,
            String localDatacenter,
            WriteReplicas writes) {
        boolean[] live = writes.live();
        RangePieces pieces = new RangePieces(snapshot.tokenRing().partitioner());
        boolean moving = !writes.pending(keyspace.keyspace()).isEmpty();
        TokenRing ring = snapshot.tokenRing();
        ReplicationFactors rf =
                ReplicationFactors.of(keyspace.replication(), ring.nodes().size());
        List<RangeOutage> out = new ArrayList<>();
        int reads = 0;
        int writeCount = 0;
        double readShare = 0;
        double writeShare = 0;
        for (int i = 0; i < ring.size(); i++) {
            List<ReplicaState> replicas = replicaStates(ring, keyspace.replicasAt(i), live);
            Verdict read = ConsistencyRules.check(level, RequestKind.READ, rf, replicas, localDatacenter);
            Verdict write = ConsistencyRules.check(level, RequestKind.WRITE, rf, replicas, localDatacenter);
            double writeFailShare = snapshot.rangeShare(i);
            if (moving && write.achievable()) {
                // natural replicas alone suffice; a part whose pending replicas raise blockFor may not
                writeFailShare = 0;
                for (WriteReplicas.Piece piece :
                        writes.pieces(keyspace.keyspace(), ring.rangeAt(i), keyspace.replicasAt(i))) {
                    Verdict v = ConsistencyRules.check(level, RequestKind.WRITE, rf, piece.replicas(), localDatacenter);
                    if (v.valid() && !v.achievable() && piece.range() != null) {
                        write = write.achievable() ? v : write;
                        writeFailShare += pieces.share(List.of(piece.range()));
                    }
                }
            }
            boolean readFails = read.valid() && !read.achievable();
            boolean writeFails = write.valid() && !write.achievable();
            if (readFails || writeFails) {
                double share = snapshot.rangeShare(i);
                out.add(new RangeOutage(
                        i,
                        ring.rangeAt(i),
                        share,
                        replicas.stream().map(ReplicaState::address).toList(),
                        read,
                        write));
                if (readFails) {
                    reads++;
                    readShare += share;
                }
                if (writeFails) {
                    writeCount++;
                    writeShare += writeFailShare;
                }
            }
        }
        return new KeyspaceAvailability(
                keyspace.keyspace(), ring.size(), out, reads, writeCount, readShare, writeShare);
    }

    /**
     * Whether node {@code node} can be stopped: no range of any of {@code keyspaces} that serves reads (or writes)
     * at {@code level} now would stop serving them.
     *
     * @param reasons one sentence per keyspace that would lose the level, naming the ranges and share lost
     */
    public record StopCheck(int node, boolean safe, List<String> reasons) {

        public StopCheck {
            reasons = List.copyOf(reasons);
        }
    }

    /** Whether stopping {@code node} (on top of the nodes not live in {@code live}) keeps every keyspace's level. */
    public static StopCheck safeToStop(
            RingSnapshot snapshot,
            Collection<KeyspacePlacement.Placed> keyspaces,
            ConsistencyLevel level,
            String localDatacenter,
            boolean[] live,
            int node) {
        return safeToStop(
                snapshot,
                keyspaces,
                level,
                localDatacenter,
                new WriteReplicas(snapshot.tokenRing(), live, RingMotion.none(null), Set.of()),
                node);
    }

    /**
     * Whether stopping {@code node} keeps every keyspace's level, writes counting the pending replicas of
     * {@code writes}: stopping a natural replica may break a write that also waits for a pending replica, and
     * stopping a pending replica raises nothing but takes its acknowledgement away.
     */
    public static StopCheck safeToStop(
            RingSnapshot snapshot,
            Collection<KeyspacePlacement.Placed> keyspaces,
            ConsistencyLevel level,
            String localDatacenter,
            WriteReplicas writes,
            int node) {
        TokenRing ring = snapshot.tokenRing();
        boolean[] live = writes.live();
        WriteReplicas stopped = writes.without(node);
        boolean[] after = stopped.live();
        List<String> reasons = new ArrayList<>();
        for (KeyspacePlacement.Placed keyspace : keyspaces) {
            ReplicationFactors rf =
                    ReplicationFactors.of(keyspace.replication(), ring.nodes().size());
            int lostReads = 0;
            int lostWrites = 0;
            double share = 0;
            Verdict example = null;
            for (int i = 0; i < ring.size(); i++) {
                ReplicaSet set = keyspace.replicasAt(i);
                List<WriteReplicas.Piece> before =
                        moving(writes, keyspace) ? writes.pieces(keyspace.keyspace(), ring.rangeAt(i), set) : null;
                boolean pendingHere = before != null
                        && before.stream()
                                .anyMatch(p -> p.pending().stream().anyMatch(n -> writes.ringIndex(n) == node));
                if (!(contains(set, node) || pendingHere) || !live[node]) {
                    continue; // only ranges the node replicates (or will) can change
                }
                boolean readLost = contains(set, node)
                        && lost(level, RequestKind.READ, rf, ring, set, live, after, localDatacenter);
                boolean writeLost = before == null
                        ? lost(level, RequestKind.WRITE, rf, ring, set, live, after, localDatacenter)
                        : writeLost(
                                level,
                                rf,
                                before,
                                stopped.pieces(keyspace.keyspace(), ring.rangeAt(i), set),
                                localDatacenter);
                if (readLost || writeLost) {
                    lostReads += readLost ? 1 : 0;
                    lostWrites += writeLost ? 1 : 0;
                    share += snapshot.rangeShare(i);
                    if (example == null) {
                        example = ConsistencyRules.check(
                                level,
                                readLost ? RequestKind.READ : RequestKind.WRITE,
                                rf,
                                replicaStates(ring, set, after),
                                localDatacenter);
                    }
                }
            }
            if (example != null) {
                reasons.add(String.format(
                        java.util.Locale.ROOT,
                        "keyspace %s would lose %s for %d ranges (reads) and "
                                + "%d ranges (writes), %.2f%% of the ring, e.g. %s",
                        keyspace.keyspace(),
                        level,
                        lostReads,
                        lostWrites,
                        share * 100,
                        example.reason()));
            }
        }
        return new StopCheck(node, reasons.isEmpty(), reasons);
    }

    private static boolean moving(WriteReplicas writes, KeyspacePlacement.Placed keyspace) {
        return !writes.pending(keyspace.keyspace()).isEmpty();
    }

    /** Whether a part of the range that takes writes now stops taking them (parts line up: same pending map). */
    private static boolean writeLost(
            ConsistencyLevel level,
            ReplicationFactors rf,
            List<WriteReplicas.Piece> before,
            List<WriteReplicas.Piece> after,
            String localDc) {
        for (int p = 0; p < before.size() && p < after.size(); p++) {
            Verdict now = ConsistencyRules.check(
                    level, RequestKind.WRITE, rf, before.get(p).replicas(), localDc);
            if (now.valid()
                    && now.achievable()
                    && !ConsistencyRules.check(
                                    level, RequestKind.WRITE, rf, after.get(p).replicas(), localDc)
                            .achievable()) {
                return true;
            }
        }
        return false;
    }

    private static boolean lost(
            ConsistencyLevel level,
            RequestKind kind,
            ReplicationFactors rf,
            TokenRing ring,
            ReplicaSet set,
            boolean[] before,
            boolean[] after,
            String localDc) {
        Verdict now = ConsistencyRules.check(level, kind, rf, replicaStates(ring, set, before), localDc);
        if (!now.valid() || !now.achievable()) {
            return false;
        }
        return !ConsistencyRules.check(level, kind, rf, replicaStates(ring, set, after), localDc)
                .achievable();
    }

    private static boolean contains(ReplicaSet set, int node) {
        for (int i = 0; i < set.size(); i++) {
            if (set.node(i) == node) {
                return true;
            }
        }
        return false;
    }

    /** Node indexes of the given addresses or host ids; unknown names are returned in {@code unknown}. */
    public static List<Integer> nodeIndexes(TokenRing ring, Collection<String> names, List<String> unknown) {
        List<Integer> out = new ArrayList<>();
        for (String name : names) {
            int found = -1;
            for (int n = 0; n < ring.nodes().size(); n++) {
                Node node = ring.nodes().get(n);
                if (node.address().equals(name) || node.hostId().equals(name)) {
                    found = n;
                    break;
                }
            }
            if (found < 0) {
                unknown.add(name);
            } else if (!out.contains(found)) {
                out.add(found);
            }
        }
        return out;
    }
}
