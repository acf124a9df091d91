package io.ringmap.splits;

import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRange;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.IntFunction;

/**
 * Cuts the ring into splits that together cover every token exactly once: no gap, no overlap.
 */
public final class Splitter {

    /** The largest number of splits one request may ask for. */
    public static final int MAX_SPLITS = 100_000;

    private Splitter() {}

    /**
     * The whole ring cut into {@code n} ranges of equal width (differing by at most one token), the first starting
     * at the minimum-token sentinel and the last ending at the maximum token (the ring's end for
     * ByteOrderedPartitioner): {@code splits(n)} of the partitioning reference, with the remainder spread. Each split
     * carries the replicas of its first tokens.
     */
    public static List<Split> even(TokenRing ring, int n, IntFunction<ReplicaSet> replicas) {
        checkCount(n);
        Partitioner p = ring.partitioner();
        Token min = p.minimumToken();
        List<Token> bounds = p.split(min, p.maximumToken().orElse(min), n);
        List<Split> out = new ArrayList<>(bounds.size() - 1);
        for (int i = 1; i < bounds.size(); i++) {
            out.add(evenSplit(ring, new TokenRange(bounds.get(i - 1), bounds.get(i)), replicas));
        }
        return out;
    }

    private static Split evenSplit(TokenRing ring, TokenRange range, IntFunction<ReplicaSet> replicas) {
        int first = firstIndexAfter(ring, range.start());
        Token min = ring.partitioner().minimumToken();
        int last = range.end().equals(min) ? 0 : ring.primaryIndex(range.end());
        // node tokens in (start, end) each start a new owned range
        int touched = Math.floorMod(last - first, ring.size()) + 1;
        return new Split(List.of(range), first, Math.min(touched, ring.size()), replicas.apply(first));
    }

    /** The index of the first node token strictly after {@code token}, wrapping. */
    private static int firstIndexAfter(TokenRing ring, Token token) {
        int i = ring.primaryIndex(token);
        return ring.tokenAt(i).equals(token) ? (i + 1) % ring.size() : i;
    }

    /**
     * Splits aligned to ownership, about {@code n} of them, none crossing an ownership boundary; returned in ring
     * order of their first range.
     *
     * <p>When {@code n} is at least the number of owned ranges, every owned range (unwrapped at the ring's end) is cut
     * into pieces in proportion to its width, so each split is one piece of one range. When {@code n} is smaller
     * (vnode rings), whole owned ranges are grouped instead, as the Spark Cassandra connector groups token ranges per
     * replica: greedily, the node replicating the most not yet grouped tokens takes its remaining ranges in groups of
     * about 1/n of the ring, so every range of a split has that node (and perhaps others) as a replica. Adjacent
     * ranges in one group are merged. There are more than {@code n} splits when no node replicates 1/n of the ring
     * (about nodes/RF splits at least), never more than there are owned ranges.
     *
     * @param replicas the replica set of each token index
     */
    public static List<Split> aligned(TokenRing ring, int n, IntFunction<ReplicaSet> replicas) {
        checkCount(n);
        return n >= ring.size() ? cutRanges(ring, n, replicas) : groupRanges(ring, n, replicas);
    }

    private static List<Split> cutRanges(TokenRing ring, int n, IntFunction<ReplicaSet> replicas) {
        Partitioner p = ring.partitioner();
        List<Split> head = new ArrayList<>();
        List<Split> body = new ArrayList<>();
        List<Split> tail = new ArrayList<>();
        for (int i = 0; i < ring.size(); i++) {
            TokenRange owned = ring.rangeAt(i);
            ReplicaSet set = replicas.apply(i);
            for (TokenRange piece : ring.unwrap(owned)) {
                // the wrapping range's piece from the minimum token comes first in ring order, its other piece last
                List<Split> target = !owned.wraps() ? body : piece.start().equals(p.minimumToken()) ? head : tail;
                double share = p.ringShare(piece.start(), piece.end());
                int parts = (int) Math.max(1, Math.min(MAX_SPLITS, Math.round(share * n)));
                List<Token> bounds = p.split(piece.start(), piece.end(), parts);
                for (int b = 1; b < bounds.size(); b++) {
                    target.add(new Split(List.of(new TokenRange(bounds.get(b - 1), bounds.get(b))), i, 1, set));
                }
            }
        }
        List<Split> out = new ArrayList<>(head.size() + body.size() + tail.size());
        out.addAll(head);
        out.addAll(body);
        out.addAll(tail);
        return out;
    }

    /**
     * Splits of about equal estimated bytes, aligned to ownership like {@link #aligned}: every node-owned range
     * (unwrapped) is cut where the estimates' ranges begin and end, and each such segment into pieces in proportion to
     * its estimated bytes so the total is about {@code n} (at least one per segment, so every token is covered once;
     * segments without an estimate count as empty). Bytes are assumed spread evenly over a segment's tokens. With no
     * bytes estimated at all the cut is by width, as {@link #aligned}.
     *
     * @param weights non-overlapping, non-wrapping ranges with their estimates, in any order
     * @param replicas the replica set of the range ending at a token index
     */
    public static List<WeightedSplit> weighted(
            TokenRing ring, List<WeightedRange> weights, int n, IntFunction<ReplicaSet> replicas) {
        checkCount(n);
        Partitioner p = ring.partitioner();
        List<WeightedRange> sorted = new ArrayList<>(weights);
        sorted.sort((a, b) -> a.range().start().compareTo(b.range().start()));
        // estimates that do not overlap (the usual case) let each piece start its scan by binary search
        boolean disjoint = true;
        for (int w = 1; w < sorted.size(); w++) {
            Token previousEnd = sorted.get(w - 1).range().end();
            disjoint &= !previousEnd.equals(p.minimumToken())
                    && previousEnd.compareTo(sorted.get(w).range().start()) <= 0;
        }
        record Segment(TokenRange range, int ownedIndex, int order, double bytes, double partitions) {}
        List<Segment> segments = new ArrayList<>();
        double total = 0;
        for (int i = 0; i < ring.size(); i++) {
            TokenRange owned = ring.rangeAt(i);
            for (TokenRange piece : ring.unwrap(owned)) {
                int order = !owned.wraps() ? 1 : piece.start().equals(p.minimumToken()) ? 0 : 2;
                Token cursor = piece.start();
                int from = disjoint ? Math.max(0, firstStartingAtOrAfter(sorted, piece.start()) - 1) : 0;
                for (int wi = from; wi < sorted.size(); wi++) {
                    WeightedRange w = sorted.get(wi);
                    if (disjoint
                            && !piece.end().equals(p.minimumToken())
                            && w.range().start().compareTo(piece.end()) >= 0) {
                        break;
                    }
                    Token start = max(cursor, w.range().start());
                    Token end = minEnd(p, piece.end(), w.range().end());
                    if (!nonEmpty(p, start, end)) {
                        continue;
                    }
                    if (!start.equals(cursor)) {
                        segments.add(new Segment(new TokenRange(cursor, start), i, order, 0, 0));
                    }
                    double width = p.ringShare(w.range().start(), w.range().end());
                    double share = width <= 0 ? 1 : Math.min(1, p.ringShare(start, end) / width);
                    segments.add(new Segment(
                            new TokenRange(start, end), i, order, w.bytes() * share, w.partitions() * share));
                    total += w.bytes() * share;
                    cursor = end;
                    if (cursor.equals(piece.end())) {
                        break;
                    }
                }
                if (!cursor.equals(piece.end())) {
                    segments.add(new Segment(new TokenRange(cursor, piece.end()), i, order, 0, 0));
                }
            }
        }
        List<WeightedSplit> out = new ArrayList<>();
        for (int order = 0; order < 3; order++) {
            for (Segment s : segments) {
                if (s.order() != order) {
                    continue;
                }
                double share = total > 0
                        ? s.bytes() / total
                        : p.ringShare(s.range().start(), s.range().end());
                int parts = (int) Math.max(1, Math.min(MAX_SPLITS, Math.round(share * n)));
                List<Token> bounds = p.split(s.range().start(), s.range().end(), parts);
                int made = bounds.size() - 1;
                for (int b = 1; b < bounds.size(); b++) {
                    out.add(new WeightedSplit(
                            new Split(
                                    List.of(new TokenRange(bounds.get(b - 1), bounds.get(b))),
                                    s.ownedIndex(),
                                    1,
                                    replicas.apply(s.ownedIndex())),
                            s.bytes() / made,
                            s.partitions() / made));
                }
            }
        }
        return out;
    }

    /** The index of the first range starting at or after {@code token} (ranges sorted by start). */
    private static int firstStartingAtOrAfter(List<WeightedRange> sorted, Token token) {
        int lo = 0;
        int hi = sorted.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted.get(mid).range().start().compareTo(token) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static Token max(Token a, Token b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** Compares two range ends, the minimum token standing for the end of the ring. */
    private static int compareEnd(Partitioner p, Token a, Token b) {
        Token min = p.minimumToken();
        if (a.equals(b)) {
            return 0;
        }
        if (a.equals(min)) {
            return 1;
        }
        if (b.equals(min)) {
            return -1;
        }
        return a.compareTo(b);
    }

    /** True when {@code (start, end]} holds a token; an end at the minimum token is the end of the ring. */
    private static boolean nonEmpty(Partitioner p, Token start, Token end) {
        if (end.equals(p.minimumToken())) {
            return p.maximumToken().map(max -> start.compareTo(max) < 0).orElse(true);
        }
        return start.compareTo(end) < 0;
    }

    private static Token minEnd(Partitioner p, Token a, Token b) {
        return compareEnd(p, a, b) <= 0 ? a : b;
    }

    private static List<Split> groupRanges(TokenRing ring, int n, IntFunction<ReplicaSet> replicas) {
        int size = ring.size();
        int nodeCount = ring.nodes().size();
        Partitioner p = ring.partitioner();
        double[] share = new double[size];
        ReplicaSet[] sets = new ReplicaSet[size];
        int[] perNode = new int[nodeCount];
        for (int i = 0; i < size; i++) {
            for (TokenRange piece : ring.unwrap(ring.rangeAt(i))) {
                share[i] += p.ringShare(piece.start(), piece.end());
            }
            sets[i] = replicas.apply(i);
            for (int r = 0; r < sets[i].size(); r++) {
                perNode[sets[i].node(r)]++;
            }
        }
        // the token indexes each node replicates, ascending
        int[][] byNode = new int[nodeCount][];
        for (int v = 0; v < nodeCount; v++) {
            byNode[v] = new int[perNode[v]];
        }
        int[] fill = new int[nodeCount];
        double[] remaining = new double[nodeCount];
        int[] unassignedOf = new int[nodeCount];
        List<int[]> groups = new ArrayList<>();
        List<Integer> unreplicated = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            if (sets[i].size() == 0) {
                unreplicated.add(i);
            }
            for (int r = 0; r < sets[i].size(); r++) {
                int v = sets[i].node(r);
                byNode[v][fill[v]++] = i;
                remaining[v] += share[i];
                unassignedOf[v]++;
            }
        }
        // a range with no replica (cannot happen with a placed keyspace) still gets read: one split of its own
        unreplicated.forEach(i -> groups.add(new int[] {i}));

        double target = 1.0 / n;
        boolean[] assigned = new boolean[size];
        record Entry(double remaining, int node) {}
        PriorityQueue<Entry> queue = new PriorityQueue<>(
                Comparator.comparingDouble(Entry::remaining).reversed().thenComparingInt(Entry::node));
        for (int v = 0; v < nodeCount; v++) {
            if (unassignedOf[v] > 0) {
                queue.add(new Entry(remaining[v], v));
            }
        }
        int[] taken = new int[size];
        while (!queue.isEmpty()) {
            Entry e = queue.poll();
            int v = e.node();
            if (unassignedOf[v] == 0) {
                continue;
            }
            if (e.remaining() != remaining[v]) {
                queue.add(new Entry(remaining[v], v)); // stale: remaining only decreases, so re-rank it
                continue;
            }
            int count = 0;
            double total = 0;
            for (int i : byNode[v]) {
                if (!assigned[i]) {
                    taken[count++] = i;
                    total += share[i];
                }
            }
            // about total/target groups of equal share, by each range's cumulative midpoint
            int k = (int) Math.max(1, Math.min(count, Math.round(total / target)));
            int[] groupOf = new int[count];
            int[] groupSizes = new int[k];
            double cumulative = 0;
            for (int t = 0; t < count; t++) {
                double mid = cumulative + share[taken[t]] / 2;
                cumulative += share[taken[t]];
                int g = total <= 0 ? (int) ((long) t * k / count) : (int) Math.min(k - 1, Math.floor(mid / total * k));
                groupOf[t] = g;
                groupSizes[g]++;
            }
            int[][] made = new int[k][];
            for (int g = 0; g < k; g++) {
                made[g] = new int[groupSizes[g]];
                groupSizes[g] = 0;
            }
            for (int t = 0; t < count; t++) {
                made[groupOf[t]][groupSizes[groupOf[t]]++] = taken[t];
            }
            for (int[] g : made) {
                if (g.length > 0) {
                    groups.add(g);
                }
            }
            for (int t = 0; t < count; t++) {
                int i = taken[t];
                assigned[i] = true;
                ReplicaSet set = sets[i];
                for (int r = 0; r < set.size(); r++) {
                    int u = set.node(r);
                    unassignedOf[u]--;
                    remaining[u] -= share[i];
                }
            }
        }

        List<Split> out = new ArrayList<>(groups.size());
        for (int[] g : groups) {
            out.add(groupSplit(ring, g, sets));
        }
        out.sort(Comparator.comparing((Split s) -> s.ranges().get(0).start()));
        return out;
    }

    /** Whole owned ranges as one split: their pieces in ring order, adjacent ones merged, and their shared replicas. */
    private static Split groupSplit(TokenRing ring, int[] tokenIndexes, ReplicaSet[] sets) {
        List<TokenRange> pieces = new ArrayList<>(tokenIndexes.length + 1);
        for (int i : tokenIndexes) {
            pieces.addAll(ring.unwrap(ring.rangeAt(i)));
        }
        pieces.sort(Comparator.comparing(TokenRange::start));
        List<TokenRange> merged = new ArrayList<>(pieces.size());
        for (TokenRange piece : pieces) {
            TokenRange last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && last.end().equals(piece.start())) {
                merged.set(merged.size() - 1, new TokenRange(last.start(), piece.end()));
            } else {
                merged.add(piece);
            }
        }
        // the first range in ring order: the piece from the minimum token if the wrapping range is in the group
        int first = Arrays.stream(tokenIndexes).min().orElseThrow();
        return new Split(
                merged,
                first,
                tokenIndexes.length,
                shared(first, tokenIndexes, sets, ring.nodes().size()));
    }

    /** The replicas of {@code first} that every other range also has (full only where full in every range). */
    private static ReplicaSet shared(int first, int[] tokenIndexes, ReplicaSet[] sets, int nodeCount) {
        int[] present = new int[nodeCount];
        boolean[] transientSomewhere = new boolean[nodeCount];
        for (int i : tokenIndexes) {
            ReplicaSet set = sets[i];
            for (int r = 0; r < set.size(); r++) {
                present[set.node(r)]++;
                transientSomewhere[set.node(r)] |= !set.isFull(r);
            }
        }
        ReplicaSet base = sets[first];
        int[] nodes = new int[base.size()];
        boolean[] transients = new boolean[base.size()];
        boolean anyTransient = false;
        int count = 0;
        for (int r = 0; r < base.size(); r++) {
            int v = base.node(r);
            if (present[v] == tokenIndexes.length) {
                nodes[count] = v;
                transients[count] = transientSomewhere[v];
                anyTransient |= transientSomewhere[v];
                count++;
            }
        }
        return new ReplicaSet(Arrays.copyOf(nodes, count), anyTransient ? Arrays.copyOf(transients, count) : null);
    }

    private static void checkCount(int n) {
        if (n < 1 || n > MAX_SPLITS) {
            throw new IllegalArgumentException("n must be between 1 and " + MAX_SPLITS + ", was " + n);
        }
    }
}
