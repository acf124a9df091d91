package io.ringmap.ring;

import io.ringmap.token.Token;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An immutable view of a cluster's ring and of where every keyspace's data lives on it. Built once, published
 * atomically, never changed: readers need no locks.
 */
public final class RingSnapshot {

    private final TokenRing ring;
    private final Map<String, KeyspacePlacement> keyspaces;
    private final double[] rangeShares;
    private final Map<String, double[]> ownershipCache = new ConcurrentHashMap<>();

    private RingSnapshot(TokenRing ring, Map<String, KeyspacePlacement> keyspaces) {
        this.ring = ring;
        this.keyspaces = Map.copyOf(keyspaces);
        this.rangeShares = new double[ring.size()];
        for (int i = 0; i < ring.size(); i++) {
            double share = 0;
            if (i > 0) {
                share = ring.partitioner().ringShare(ring.tokenAt(i - 1), ring.tokenAt(i)); // never wraps
            } else {
                for (TokenRange piece : ring.unwrap(ring.rangeAt(i))) {
                    share += ring.partitioner().ringShare(piece.start(), piece.end());
                }
            }
            rangeShares[i] = ring.size() == 1 ? 1.0 : share;
        }
    }

    private RingSnapshot(TokenRing ring, Map<String, KeyspacePlacement> keyspaces, double[] rangeShares) {
        this.ring = ring;
        this.keyspaces = Map.copyOf(keyspaces);
        this.rangeShares = rangeShares;
    }

    public static RingSnapshot of(TokenRing ring, Map<String, KeyspacePlacement> keyspaces) {
        return new RingSnapshot(ring, keyspaces);
    }

    /**
     * This snapshot with a ring of the same shape (same tokens and owners, e.g. new node states) and the given
     * placements, sharing the per-range arithmetic already done.
     */
    public RingSnapshot withSameShape(TokenRing sameShape, Map<String, KeyspacePlacement> placements) {
        if (sameShape.size() != ring.size()) {
            throw new IllegalArgumentException("ring shapes differ: " + sameShape.size() + " vs " + ring.size());
        }
        return new RingSnapshot(sameShape, placements, rangeShares);
    }

    public TokenRing tokenRing() {
        return ring;
    }

    public Map<String, KeyspacePlacement> keyspaces() {
        return keyspaces;
    }

    /** The keyspace's placement; the name is matched exactly, then case-insensitively. */
    public Optional<KeyspacePlacement> keyspace(String name) {
        KeyspacePlacement p = keyspaces.get(name);
        if (p != null) {
            return Optional.of(p);
        }
        return keyspaces.values().stream()
                .filter(k -> k.keyspace().equalsIgnoreCase(name))
                .findFirst();
    }

    /** The range owning {@code token} and its replicas for a placed keyspace: one binary search. */
    public ReplicaLookup lookup(KeyspacePlacement.Placed keyspace, Token token) {
        int index = ring.primaryIndex(token);
        return new ReplicaLookup(index, ring.rangeAt(index), keyspace.replicasAt(index));
    }

    /** The share of the ring the range ending at token index {@code tokenIndex} covers. */
    public double rangeShare(int tokenIndex) {
        return rangeShares[tokenIndex];
    }

    /** Per node index, the share of all token ranges it owns as primary (nodetool's "Owns" without a keyspace). */
    public double[] primaryOwnership() {
        return ownershipCache
                .computeIfAbsent("\u0000primary", k -> {
                    double[] owns = new double[ring.nodes().size()];
                    for (int i = 0; i < ring.size(); i++) {
                        owns[ring.ownerAt(i)] += rangeShares[i];
                    }
                    return owns;
                })
                .clone();
    }

    /**
     * Per node index, the share of the keyspace's data it holds ("effective ownership": sums to RF across nodes,
     * as {@code nodetool status <keyspace>} reports).
     */
    public double[] effectiveOwnership(KeyspacePlacement.Placed keyspace) {
        return ownershipCache
                .computeIfAbsent(keyspace.keyspace(), k -> {
                    double[] owns = new double[ring.nodes().size()];
                    for (int i = 0; i < ring.size(); i++) {
                        ReplicaSet replicas = keyspace.replicasAt(i);
                        for (int r = 0; r < replicas.size(); r++) {
                            owns[replicas.node(r)] += rangeShares[i];
                        }
                    }
                    return owns;
                })
                .clone();
    }
}
