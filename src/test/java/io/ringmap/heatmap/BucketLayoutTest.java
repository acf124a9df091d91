package io.ringmap.heatmap;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.ring.Node;
import io.ringmap.ring.Rings;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.ByteOrderedPartitioner;
import io.ringmap.token.BytesToken;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.Token;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BucketLayoutTest {

    /** The bundled reference sample: N1..N4 at -2^62, 0, 2^62 and the maximum token. */
    static TokenRing referenceRing() {
        Map<Node, List<Token>> tokens = new LinkedHashMap<>();
        tokens.put(Rings.node("N1", "127.0.0.1", "dc1", "rack1"), List.of(new LongToken(-4611686018427387904L)));
        tokens.put(Rings.node("N2", "127.0.0.2", "dc1", "rack2"), List.of(new LongToken(0)));
        tokens.put(Rings.node("N3", "127.0.0.3", "dc2", "rack1"), List.of(new LongToken(4611686018427387904L)));
        tokens.put(Rings.node("N4", "127.0.0.4", "dc2", "rack2"), List.of(new LongToken(Long.MAX_VALUE)));
        return TokenRing.of(Murmur3Partitioner.INSTANCE, tokens);
    }

    @Test
    void firstAtLeastIsTheInsertionPointOfABinarySearchForEveryLengthAndValue() {
        SplittableRandom random = new SplittableRandom(39);
        for (int length = 1; length <= 300; length++) {
            long[] sorted = random.longs(length).sorted().distinct().toArray();
            List<Long> probes = new ArrayList<>(List.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L));
            for (long end : sorted) {
                probes.addAll(List.of(end, end - 1, end + 1));
            }
            for (int i = 0; i < 20; i++) {
                probes.add(random.nextLong());
            }
            for (long probe : probes) {
                int search = java.util.Arrays.binarySearch(sorted, probe);
                assertThat(BucketLayout.firstAtLeast(sorted, probe))
                        .as("%d in %d ends", probe, sorted.length)
                        .isEqualTo(search >= 0 ? search : -search - 1);
            }
        }
    }

    @Test
    void everyRingTokenIsABucketEdgeWhenBucketsSuffice() {
        // given the four-node ring and 16 buckets
        BucketLayout layout = BucketLayout.aligned(referenceRing(), 16);

        // then the ring is cut into exactly 16 buckets, four per (equal) range, each node token an edge
        assertThat(layout.size()).isEqualTo(16);
        assertThat(layout.ends())
                .contains(
                        new LongToken(-4611686018427387904L),
                        new LongToken(0),
                        new LongToken(4611686018427387904L),
                        new LongToken(Long.MAX_VALUE));
        assertThat(layout.end(3)).isEqualTo(new LongToken(-4611686018427387904L));
        assertThat(layout.start(0)).isEqualTo(Murmur3Partitioner.MINIMUM);
        assertThat(layout.end(15)).isEqualTo(Murmur3Partitioner.MAXIMUM);
    }

    @Test
    void cutsUnevenRangesInProportionToTheirWidth() {
        // given a ring whose ranges are 3/4 and 1/4 of it
        TokenRing ring = TokenRing.of(
                Murmur3Partitioner.INSTANCE,
                Map.of(
                        Rings.node("a", "10.0.0.1", "dc", "r"), List.of(new LongToken(Long.MIN_VALUE / 2)),
                        Rings.node("b", "10.0.0.2", "dc", "r"), List.of(new LongToken(Long.MAX_VALUE / 2))));

        // when cut into 8 buckets
        BucketLayout layout = BucketLayout.aligned(ring, 8);

        // then both node tokens are edges, and the wide middle range (half of the ring) has four buckets
        assertThat(layout.size()).isEqualTo(8);
        int a = layout.ends().indexOf(new LongToken(Long.MIN_VALUE / 2));
        int b = layout.ends().indexOf(new LongToken(Long.MAX_VALUE / 2));
        assertThat(a).isEqualTo(1);
        assertThat(b - a).isEqualTo(4);
    }

    @Test
    void groupsWholeRangesOfAVnodeRingAndKeepsEveryEdgeARingToken() {
        // given 64 nodes with 16 random tokens each: 1024 ranges for 32 buckets
        SplittableRandom random = new SplittableRandom(7);
        Map<Node, List<Token>> tokens = new LinkedHashMap<>();
        for (int n = 0; n < 64; n++) {
            List<Token> own = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                own.add(new LongToken(random.nextLong()));
            }
            tokens.put(Rings.node("n" + n, "10.0." + (n / 250) + "." + (n % 250), "dc", "r"), own);
        }
        TokenRing ring = TokenRing.of(Murmur3Partitioner.INSTANCE, tokens);

        // when
        BucketLayout layout = BucketLayout.aligned(ring, 32);

        // then at most 32 buckets, each edge a ring token (or the ring's end), about 1/32 of the ring each
        assertThat(layout.size()).isBetween(28, 32);
        List<Token> ringTokens = new ArrayList<>();
        for (int i = 0; i < ring.size(); i++) {
            ringTokens.add(ring.tokenAt(i));
        }
        for (int b = 0; b < layout.size() - 1; b++) {
            assertThat(ringTokens).contains(layout.end(b));
            assertThat(Murmur3Partitioner.INSTANCE.ringShare(layout.start(b), layout.end(b)))
                    .isBetween(0.02, 0.07);
        }
    }

    @Test
    void findsTheBucketOfEveryTokenIncludingTheRingsEnds() {
        BucketLayout layout = BucketLayout.aligned(referenceRing(), 4);

        // buckets are (start, end]: a node's token is the last of its bucket
        assertThat(layout.bucketOf(new LongToken(-4611686018427387904L))).isEqualTo(0);
        assertThat(layout.bucketOf(new LongToken(-4611686018427387903L))).isEqualTo(1);
        assertThat(layout.bucketOf(new LongToken(0))).isEqualTo(1);
        assertThat(layout.bucketOf(Murmur3Partitioner.MINIMUM)).isEqualTo(0);
        assertThat(layout.bucketOf(Murmur3Partitioner.MAXIMUM)).isEqualTo(3);
        // and every hashed key lands in the bucket of the range that owns it
        TokenRing ring = referenceRing();
        for (int i = 0; i < 1000; i++) {
            Token t = Murmur3Partitioner.INSTANCE.tokenFor(("key-" + i).getBytes(StandardCharsets.UTF_8));
            assertThat(layout.bucketOf(t)).isEqualTo(ring.primaryIndex(t));
        }
    }

    @Test
    void coversAByteOrderedRingThatEndsAtItsMinimumToken() {
        // given a single-token ByteOrderedPartitioner ring (no maximum token)
        TokenRing ring = TokenRing.of(
                ByteOrderedPartitioner.INSTANCE,
                Map.of(
                        Rings.node("a", "10.0.0.1", "dc", "r"),
                        List.of(new BytesToken("m".getBytes(StandardCharsets.UTF_8)))));

        // when
        BucketLayout layout = BucketLayout.aligned(ring, 4);

        // then tokens before, at and after the node's token find buckets in order, the last ending at the ring's end
        int before = layout.bucketOf(new BytesToken("c".getBytes(StandardCharsets.UTF_8)));
        int at = layout.bucketOf(new BytesToken("m".getBytes(StandardCharsets.UTF_8)));
        int after = layout.bucketOf(new BytesToken(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff}));
        assertThat(before).isLessThanOrEqualTo(at);
        assertThat(after).isGreaterThan(at).isEqualTo(layout.size() - 1);
        assertThat(layout.ends()).contains(new BytesToken("m".getBytes(StandardCharsets.UTF_8)));
    }
}
