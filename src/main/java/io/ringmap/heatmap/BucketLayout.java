package io.ringmap.heatmap;

import io.ringmap.ring.TokenRing;
import io.ringmap.token.LongToken;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The token axis of a heatmap: consecutive buckets {@code (start, end]} covering the ring once, from the partitioner's
 * minimum token to the ring's end, whose edges include the ring's token boundaries (ring-aligned), so a node's ranges
 * are whole buckets.
 *
 * <p>When the ring has at most as many ranges as buckets, every range is cut into pieces in proportion to its share
 * of the ring (at least one each, exactly {@code n} in all); otherwise consecutive ranges are grouped, a group closing
 * at the first boundary past each {@code 1/n} of the ring, so there are at most {@code n} buckets and every edge is a
 * ring token. Bucket {@code i} ends at {@code ends[i]}; bucket 0 starts at the minimum token. Immutable.
 */
public final class BucketLayout {

    private final Token minimum;
    private final Token[] ends;
    /** the ends as longs for Murmur3 (one primitive binary search per hit), null otherwise */
    private final long[] longEnds;

    private BucketLayout(Token minimum, Token[] ends) {
        this.minimum = minimum;
        this.ends = ends;
        long[] longs = null;
        if (Arrays.stream(ends).allMatch(LongToken.class::isInstance) && minimum instanceof LongToken) {
            longs = new long[ends.length];
            for (int i = 0; i < ends.length; i++) {
                longs[i] = ((LongToken) ends[i]).value();
            }
        }
        this.longEnds = longs;
    }

    /** A layout of the given bucket ends (ascending, distinct; the last one the ring's end). */
    public static BucketLayout of(Token minimum, List<Token> ends) {
        Objects.requireNonNull(minimum, "minimum must not be null");
        if (ends.isEmpty()) {
            throw new IllegalArgumentException("a layout has at least one bucket");
        }
        Token[] array = ends.toArray(Token[]::new);
        for (int i = 1; i < array.length; i++) {
            if (array[i - 1].compareTo(array[i]) >= 0 && !array[i].equals(minimum)) {
                throw new IllegalArgumentException("bucket ends must ascend: " + array[i - 1] + " then " + array[i]);
            }
        }
        return new BucketLayout(minimum, array);
    }

    /** About {@code n} buckets aligned to the ring's token boundaries (see the class comment). */
    public static BucketLayout aligned(TokenRing ring, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("bucket count must be at least 1, was " + n);
        }
        Partitioner p = ring.partitioner();
        Token min = p.minimumToken();
        Token ringEnd = p.maximumToken().orElse(min);
        // the ring's boundaries in token order from the minimum: (min, t0], (t0, t1], ..., (tLast, ringEnd]
        List<Token> bounds = new ArrayList<>(ring.size() + 2);
        bounds.add(min);
        for (int i = 0; i < ring.size(); i++) {
            Token t = ring.tokenAt(i);
            if (!t.equals(min) && !t.equals(ringEnd)) {
                bounds.add(t);
            }
        }
        bounds.add(ringEnd);
        int pieces = bounds.size() - 1;
        double[] shares = new double[pieces];
        for (int i = 0; i < pieces; i++) {
            shares[i] = p.ringShare(bounds.get(i), bounds.get(i + 1));
        }
        List<Token> ends = new ArrayList<>(Math.min(n, 4096));
        if (pieces <= n) {
            int[] parts = apportion(shares, n);
            for (int i = 0; i < pieces; i++) {
                List<Token> cut = p.split(bounds.get(i), bounds.get(i + 1), parts[i]);
                ends.addAll(cut.subList(1, cut.size()));
            }
        } else {
            double total = Arrays.stream(shares).sum();
            double covered = 0;
            int group = 1;
            for (int i = 0; i < pieces; i++) {
                covered += shares[i];
                if (i == pieces - 1 || covered >= total * group / n) {
                    ends.add(bounds.get(i + 1));
                    while (covered >= total * group / n) {
                        group++;
                    }
                }
            }
        }
        return of(min, dedupe(ends));
    }

    /** Splits {@code n} into one part per share (at least one each) in proportion, by largest remainder. */
    private static int[] apportion(double[] shares, int n) {
        int[] parts = new int[shares.length];
        Arrays.fill(parts, 1);
        int extra = n - shares.length;
        double total = Arrays.stream(shares).sum();
        double[] remainders = new double[shares.length];
        int given = 0;
        for (int i = 0; i < shares.length; i++) {
            double exact = total == 0 ? 0 : extra * shares[i] / total;
            parts[i] += (int) Math.floor(exact);
            given += (int) Math.floor(exact);
            remainders[i] = exact - Math.floor(exact);
        }
        while (given < extra) {
            int best = 0;
            for (int i = 1; i < remainders.length; i++) {
                if (remainders[i] > remainders[best]) {
                    best = i;
                }
            }
            parts[best]++;
            remainders[best] = -1;
            given++;
        }
        return parts;
    }

    /** Splitting a very narrow range may repeat a token; an empty bucket would never be hit. */
    private static List<Token> dedupe(List<Token> ends) {
        List<Token> out = new ArrayList<>(ends.size());
        for (Token t : ends) {
            if (out.isEmpty() || !out.get(out.size() - 1).equals(t)) {
                out.add(t);
            }
        }
        return out;
    }

    /** Buckets in the layout. */
    public int size() {
        return ends.length;
    }

    /** The bucket holding {@code token}: the first whose end is at least the token (the last for the ring's end). */
    public int bucketOf(Token token) {
        if (longEnds != null) {
            return Math.min(firstAtLeast(longEnds, ((LongToken) token).value()), ends.length - 1);
        }
        // ByteOrderedPartitioner's ring ends at its minimum token, which sorts first: search the others
        int searchable = ends[ends.length - 1].equals(minimum) ? ends.length - 1 : ends.length;
        int i = Arrays.binarySearch(ends, 0, searchable, token);
        int index = i >= 0 ? i : -i - 1;
        return Math.min(index, ends.length - 1);
    }

    /**
     * The index of the first of the ascending {@code sorted} at least {@code value}, {@code sorted.length} if none:
     * a binary search whose every step is the same few instructions, without a branch on the comparison, so random
     * tokens cost no mispredicted jumps (the hit path looks up a bucket per key).
     */
    static int firstAtLeast(long[] sorted, long value) {
        int base = 0;
        int n = sorted.length;
        while (n > 1) {
            int half = n >>> 1;
            base = sorted[base + half - 1] < value ? base + half : base;
            n -= half;
        }
        return n == 1 && sorted[base] < value ? base + 1 : base;
    }

    /** Start (exclusive) of bucket {@code i}. */
    public Token start(int i) {
        return i == 0 ? minimum : ends[i - 1];
    }

    /** End (inclusive) of bucket {@code i}. */
    public Token end(int i) {
        return ends[i];
    }

    /** The partitioner's minimum token, where bucket 0 starts. */
    public Token minimum() {
        return minimum;
    }

    /** Every bucket end, ascending. */
    public List<Token> ends() {
        return List.of(ends);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BucketLayout other && minimum.equals(other.minimum) && Arrays.equals(ends, other.ends);
    }

    @Override
    public int hashCode() {
        return 31 * minimum.hashCode() + Arrays.hashCode(ends);
    }

    @Override
    public String toString() {
        return "BucketLayout[" + ends.length + " buckets]";
    }
}
