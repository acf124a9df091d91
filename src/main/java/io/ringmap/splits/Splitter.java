package io.ringmap.splits;

import io.ringmap.ring.TokenRange;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts the ring into contiguous, non-overlapping {@code (start, end]} splits that together cover every token once.
 */
public final class Splitter {

    /** The largest number of splits one request may ask for. */
    public static final int MAX_SPLITS = 100_000;

    private Splitter() {
    }

    /**
     * The whole ring cut into {@code n} ranges of equal width (differing by at most one token), the first starting
     * at the minimum-token sentinel and the last ending at the maximum token (the ring's end for
     * ByteOrderedPartitioner): {@code splits(n)} of the partitioning reference, with the remainder spread.
     */
    public static List<Split> even(TokenRing ring, int n) {
        checkCount(n);
        Partitioner p = ring.partitioner();
        Token min = p.minimumToken();
        List<Token> bounds = p.split(min, p.maximumToken().orElse(min), n);
        List<Split> out = new ArrayList<>(bounds.size() - 1);
        for (int i = 1; i < bounds.size(); i++) {
            out.add(evenSplit(ring, new TokenRange(bounds.get(i - 1), bounds.get(i))));
        }
        return out;
    }

    private static Split evenSplit(TokenRing ring, TokenRange range) {
        int first = firstIndexAfter(ring, range.start());
        Token min = ring.partitioner().minimumToken();
        int last = range.end().equals(min) ? 0 : ring.primaryIndex(range.end());
        // node tokens in (start, end) each start a new owned range
        int touched = Math.floorMod(last - first, ring.size()) + 1;
        return new Split(range, first, Math.min(touched, ring.size()));
    }

    /** The index of the first node token strictly after {@code token}, wrapping. */
    private static int firstIndexAfter(TokenRing ring, Token token) {
        int i = ring.primaryIndex(token);
        return ring.tokenAt(i).equals(token) ? (i + 1) % ring.size() : i;
    }

    /**
     * Splits aligned to ownership: every node-owned range (unwrapped at the ring's end) is cut into pieces in
     * proportion to its width so that the total is about {@code n}, and at least one per owned range, so no split
     * crosses an ownership boundary. Returned in ring order from the minimum token.
     */
    public static List<Split> aligned(TokenRing ring, int n) {
        checkCount(n);
        Partitioner p = ring.partitioner();
        List<Split> head = new ArrayList<>();
        List<Split> body = new ArrayList<>();
        List<Split> tail = new ArrayList<>();
        for (int i = 0; i < ring.size(); i++) {
            TokenRange owned = ring.rangeAt(i);
            List<TokenRange> pieces = ring.unwrap(owned);
            for (TokenRange piece : pieces) {
                // the wrapping range's piece from the minimum token comes first in ring order, its other piece last
                List<Split> target = !owned.wraps() ? body
                        : piece.start().equals(p.minimumToken()) ? head : tail;
                double share = p.ringShare(piece.start(), piece.end());
                int parts = (int) Math.max(1, Math.min(MAX_SPLITS, Math.round(share * n)));
                List<Token> bounds = p.split(piece.start(), piece.end(), parts);
                for (int b = 1; b < bounds.size(); b++) {
                    target.add(new Split(new TokenRange(bounds.get(b - 1), bounds.get(b)), i, 1));
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
     */
    public static List<WeightedSplit> weighted(TokenRing ring, List<WeightedRange> weights, int n) {
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
        record Segment(TokenRange range, int ownedIndex, int order, double bytes, double partitions) {
        }
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
                    if (disjoint && !piece.end().equals(p.minimumToken())
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
                    segments.add(new Segment(new TokenRange(start, end), i, order, w.bytes() * share,
                            w.partitions() * share));
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
                double share = total > 0 ? s.bytes() / total : p.ringShare(s.range().start(), s.range().end());
                int parts = (int) Math.max(1, Math.min(MAX_SPLITS, Math.round(share * n)));
                List<Token> bounds = p.split(s.range().start(), s.range().end(), parts);
                int made = bounds.size() - 1;
                for (int b = 1; b < bounds.size(); b++) {
                    out.add(new WeightedSplit(new Split(new TokenRange(bounds.get(b - 1), bounds.get(b)),
                            s.ownedIndex(), 1), s.bytes() / made, s.partitions() / made));
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

    private static void checkCount(int n) {
        if (n < 1 || n > MAX_SPLITS) {
            throw new IllegalArgumentException("n must be between 1 and " + MAX_SPLITS + ", was " + n);
        }
    }
}
