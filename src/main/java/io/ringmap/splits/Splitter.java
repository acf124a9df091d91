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

    private static void checkCount(int n) {
        if (n < 1 || n > MAX_SPLITS) {
            throw new IllegalArgumentException("n must be between 1 and " + MAX_SPLITS + ", was " + n);
        }
    }
}
