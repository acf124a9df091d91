package io.ringmap.pending;

import io.ringmap.ring.TokenRange;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Set arithmetic on token ranges, done on non-wrapping pieces: a wrapping {@code (a, b]} is {@code (a, ring end]}
 * and {@code (min, b]} (what {@link #subtract} returns is joined again across the ring's end). A piece ending at the minimum token runs to the end of the ring (ByteOrderedPartitioner has
 * no maximum token), so ends compare with the minimum as the largest. Cassandra's {@code Range.subtract},
 * {@code Range.intersectionWith} and {@code Range.normalize} do the same on wrapping ranges.
 */
public final class RangePieces {

    private final Partitioner partitioner;
    private final Token min;
    private final Token ringEnd;

    public RangePieces(Partitioner partitioner) {
        this.partitioner = partitioner;
        this.min = partitioner.minimumToken();
        this.ringEnd = partitioner.maximumToken().orElse(min);
    }

    /** Whether {@code (start, end]} holds {@code token}; {@code (t, t]} is the whole ring. */
    public static boolean contains(TokenRange range, Token token) {
        int s = token.compareTo(range.start());
        int e = token.compareTo(range.end());
        return range.wraps() ? s > 0 || e <= 0 : s > 0 && e <= 0;
    }

    /** The range as non-wrapping pieces in ring order, empty pieces dropped. */
    public List<TokenRange> unwrap(TokenRange range) {
        return TokenRing.unwrap(partitioner, range);
    }

    /** The ranges as sorted, merged, non-wrapping pieces: equal sets of tokens give equal lists. */
    public List<TokenRange> normalize(Collection<TokenRange> ranges) {
        List<TokenRange> pieces = new ArrayList<>();
        ranges.forEach(r -> pieces.addAll(unwrap(r)));
        pieces.sort(Comparator.comparing(TokenRange::start).thenComparing(TokenRange::end, this::compareEnds));
        List<TokenRange> out = new ArrayList<>();
        for (TokenRange p : pieces) {
            if (!out.isEmpty()) {
                TokenRange last = out.get(out.size() - 1);
                if (isRingEnd(last.end())
                        || p.start().compareTo(last.end()) <= 0) { // touches or overlaps the previous piece
                    out.set(out.size() - 1, new TokenRange(last.start(), maxEnd(last.end(), p.end())));
                    continue;
                }
            }
            out.add(p);
        }
        return out;
    }

    /**
     * The tokens of {@code range} outside every one of {@code minus}, as Cassandra's {@code Range.subtractAll} gives
     * them: cut only where a subtracted range starts or ends, so a piece that crosses the end of the ring stays one
     * wrapping range (Cassandra reports pending ranges in this form).
     */
    public List<TokenRange> subtract(TokenRange range, Collection<TokenRange> minus) {
        List<TokenRange> whole = unwrap(range);
        List<TokenRange> left = new ArrayList<>(whole);
        for (TokenRange m : minus) {
            for (TokenRange cut : unwrap(m)) {
                List<TokenRange> next = new ArrayList<>();
                for (TokenRange piece : left) {
                    if (intersection(piece, cut) == null) {
                        next.add(piece);
                        continue;
                    }
                    if (piece.start().compareTo(cut.start()) < 0) {
                        next.add(new TokenRange(piece.start(), cut.start()));
                    }
                    if (compareEnds(cut.end(), piece.end()) < 0) {
                        next.add(new TokenRange(cut.end(), piece.end()));
                    }
                }
                left = next;
            }
        }
        return whole.size() == 2 ? rejoinAtRingEnd(left, whole.get(0).end()) : left;
    }

    /** Joins the piece ending at the ring's end with the one starting at its minimum: the wrapping range they were. */
    private List<TokenRange> rejoinAtRingEnd(List<TokenRange> pieces, Token end) {
        int before = -1;
        int after = -1;
        for (int i = 0; i < pieces.size(); i++) {
            if (pieces.get(i).end().equals(end)) {
                before = i;
            } else if (pieces.get(i).start().equals(min)) {
                after = i;
            }
        }
        if (before < 0 || after < 0) {
            return pieces;
        }
        List<TokenRange> out = new ArrayList<>(pieces);
        out.set(
                before,
                new TokenRange(pieces.get(before).start(), pieces.get(after).end()));
        out.remove(after);
        return out;
    }

    /** The tokens {@code a} and {@code b} share, as non-wrapping pieces. */
    public List<TokenRange> intersect(TokenRange a, TokenRange b) {
        List<TokenRange> out = new ArrayList<>();
        for (TokenRange pa : unwrap(a)) {
            for (TokenRange pb : unwrap(b)) {
                TokenRange i = intersection(pa, pb);
                if (i != null) {
                    out.add(i);
                }
            }
        }
        return out;
    }

    /** The share of the ring the pieces cover. */
    public double share(Collection<TokenRange> pieces) {
        double share = 0;
        for (TokenRange p : pieces) {
            for (TokenRange u : unwrap(p)) {
                share += partitioner.ringShare(u.start(), u.end());
            }
        }
        return share;
    }

    private TokenRange intersection(TokenRange a, TokenRange b) {
        Token start = a.start().compareTo(b.start()) >= 0 ? a.start() : b.start();
        Token end = compareEnds(a.end(), b.end()) <= 0 ? a.end() : b.end();
        return startsBefore(start, end) ? new TokenRange(start, end) : null;
    }

    private Token maxEnd(Token a, Token b) {
        return compareEnds(a, b) >= 0 ? a : b;
    }

    /** Whether a piece starting at {@code start} and ending at {@code end} holds a token. */
    private boolean startsBefore(Token start, Token end) {
        return isRingEnd(end) || start.compareTo(end) < 0;
    }

    private boolean isRingEnd(Token end) {
        return end.equals(min) && ringEnd.equals(min);
    }

    /** Orders piece ends, the minimum token (the end of the ring without a maximum token) last. */
    private int compareEnds(Token a, Token b) {
        boolean aEnd = isRingEnd(a);
        boolean bEnd = isRingEnd(b);
        if (aEnd || bEnd) {
            return aEnd == bEnd ? 0 : aEnd ? 1 : -1;
        }
        return a.compareTo(b);
    }
}
