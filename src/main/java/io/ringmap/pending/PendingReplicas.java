package io.ringmap.pending;

import io.ringmap.ring.Node;
import io.ringmap.ring.TokenRange;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One keyspace's pending ranges, looked up by token (Cassandra's {@code PendingRangeMaps.pendingEndpointsFor}) or
 * by range. Immutable.
 */
public final class PendingReplicas {

    private static final PendingReplicas NONE = new PendingReplicas(List.of());

    private final List<PendingRange> ranges;

    private PendingReplicas(List<PendingRange> ranges) {
        this.ranges = List.copyOf(ranges);
    }

    public static PendingReplicas of(List<PendingRange> ranges) {
        return ranges.isEmpty() ? NONE : new PendingReplicas(ranges);
    }

    public static PendingReplicas none() {
        return NONE;
    }

    /** Every (range, replica) pair. */
    public List<PendingRange> ranges() {
        return ranges;
    }

    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    /** The pending replicas of {@code token}, each once, in the order their ranges were calculated. */
    public List<Node> replicasFor(Token token) {
        if (ranges.isEmpty()) {
            return List.of();
        }
        Map<String, Node> out = new LinkedHashMap<>();
        for (PendingRange r : ranges) {
            if (RangePieces.contains(r.range(), token)) {
                out.putIfAbsent(r.replica().hostId(), r.replica());
            }
        }
        return List.copyOf(out.values());
    }

    /**
     * The parts of {@code range} that have pending replicas, each with them, in ring order from the range's start;
     * neighbouring parts with the same replicas are merged.
     */
    public List<Part> parts(Partitioner partitioner, TokenRange range) {
        if (ranges.isEmpty()) {
            return List.of();
        }
        RangePieces pieces = new RangePieces(partitioner);
        Token start = range.start();
        // ring order from the range's start: tokens after it first, then the wrapped ones (start itself last)
        Comparator<Token> fromStart = Comparator.<Token, Boolean>comparing(t -> t.compareTo(start) <= 0)
                .thenComparing(t -> t);
        Set<Token> bounds = new TreeSet<>(fromStart);
        bounds.add(range.end());
        for (PendingRange r : ranges) {
            if (!pieces.intersect(r.range(), range).isEmpty()) {
                for (Token t : List.of(r.range().start(), r.range().end())) {
                    if (RangePieces.contains(range, t)) {
                        bounds.add(t);
                    }
                }
            }
        }
        List<Part> out = new ArrayList<>();
        Token from = start;
        for (Token to : bounds) {
            Set<Node> here = new LinkedHashSet<>(replicasFor(to));
            if (!here.isEmpty()) {
                Part last = out.isEmpty() ? null : out.get(out.size() - 1);
                if (last != null
                        && last.range().end().equals(from)
                        && Set.copyOf(last.replicas()).equals(here)) {
                    out.set(out.size() - 1, new Part(new TokenRange(last.range().start(), to), last.replicas()));
                } else {
                    out.add(new Part(new TokenRange(from, to), List.copyOf(here)));
                }
            }
            from = to;
            if (to.equals(range.end())) {
                break;
            }
        }
        return out;
    }

    /** A part of a range and its pending replicas. */
    public record Part(TokenRange range, List<Node> replicas) {

        public Part {
            replicas = List.copyOf(replicas);
        }
    }

    /**
     * Per replica (by broadcast endpoint), its pending ranges as sorted, merged, non-wrapping pieces: equal for equal
     * pending maps however their ranges are cut (to compare with Cassandra's own map).
     */
    public Map<String, List<TokenRange>> normalized(Partitioner partitioner) {
        RangePieces pieces = new RangePieces(partitioner);
        Map<String, List<TokenRange>> byReplica = new java.util.TreeMap<>();
        for (PendingRange r : ranges) {
            byReplica
                    .computeIfAbsent(r.replica().broadcastEndpoint(), k -> new ArrayList<>())
                    .add(r.range());
        }
        byReplica.replaceAll((k, v) -> pieces.normalize(v));
        return byReplica;
    }
}
