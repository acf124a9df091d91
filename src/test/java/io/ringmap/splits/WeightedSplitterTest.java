package io.ringmap.splits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.ringmap.ring.Rings;
import io.ringmap.ring.TokenRange;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.ByteOrderedPartitioner;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.Partitioner;
import io.ringmap.token.RandomPartitioner;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class WeightedSplitterTest {

    /** Every owned range (unwrapped) with a weight growing with its index: the shape Cassandra's estimates take. */
    static List<WeightedRange> perOwnedRange(TokenRing ring) {
        List<WeightedRange> out = new ArrayList<>();
        for (int i = 0; i < ring.size(); i++) {
            for (TokenRange piece : ring.unwrap(ring.rangeAt(i))) {
                out.add(new WeightedRange(piece, 1000.0 * (i + 1), 10.0 * (i + 1)));
            }
        }
        return out;
    }

    static Stream<Arguments> rings() {
        return Stream.of(
                        Rings.reference(),
                        SplitterTest.randomRing(Murmur3Partitioner.INSTANCE, 5, 8),
                        SplitterTest.randomRing(RandomPartitioner.INSTANCE, 4, 4),
                        SplitterTest.randomRing(ByteOrderedPartitioner.INSTANCE, 3, 4),
                        SplitterTest.randomRing(Murmur3Partitioner.INSTANCE, 1, 1))
                .map(Arguments::of);
    }

    @ParameterizedTest
    @MethodSource("rings")
    void weightedSplitsCoverTheRingOnceWithoutCrossingOwnershipAndKeepEveryByte(TokenRing ring) {
        List<WeightedRange> weights = perOwnedRange(ring);
        List<WeightedSplit> splits = Splitter.weighted(ring, weights, 64, i -> null);

        SplitterTest.assertContiguousCover(
                ring.partitioner(), splits.stream().map(WeightedSplit::split).toList());
        for (WeightedSplit s : splits) {
            assertThat(ring.unwrap(ring.rangeAt(s.split().replicaTokenIndex())))
                    .anySatisfy(piece -> assertThat(SplitterTest.within(
                                    ring.partitioner(), s.split().range(), piece))
                            .isTrue());
        }
        double total = weights.stream().mapToDouble(WeightedRange::bytes).sum();
        assertThat(splits.stream().mapToDouble(WeightedSplit::estimatedBytes).sum())
                .isCloseTo(total, offset(1e-6 * total));
    }

    @Test
    void givesTheHeavyRangeSplitsInProportionToItsBytes() {
        TokenRing ring = Rings.reference(); // four equal ranges ending at -2^62, 0, 2^62, max
        Partitioner p = ring.partitioner();
        List<WeightedRange> weights = List.of(
                range(p, Long.MIN_VALUE, -4611686018427387904L, 100),
                range(p, -4611686018427387904L, 0, 900),
                range(p, 0, 4611686018427387904L, 100),
                range(p, 4611686018427387904L, Long.MAX_VALUE, 100));

        List<WeightedSplit> splits = Splitter.weighted(ring, weights, 12, i -> null);

        assertThat(splits).hasSize(12); // 1 + 9 + 1 + 1
        assertThat(splits).allSatisfy(s -> assertThat(s.estimatedBytes()).isCloseTo(100, offset(1e-9)));
        assertThat(splits.stream().filter(s -> s.split().replicaTokenIndex() == 1))
                .hasSize(9);
    }

    @Test
    void aRangeWithoutEstimatesStillGetsOneSplitSoTheRingIsCovered() {
        TokenRing ring = Rings.reference();
        Partitioner p = ring.partitioner();
        List<WeightedSplit> splits =
                Splitter.weighted(ring, List.of(range(p, -4611686018427387904L, 0, 500)), 10, i -> null);

        SplitterTest.assertContiguousCover(
                p, splits.stream().map(WeightedSplit::split).toList());
        assertThat(splits.stream().filter(s -> s.estimatedBytes() == 0)).hasSize(3);
        assertThat(splits.stream().filter(s -> s.estimatedBytes() > 0)).hasSize(10);
    }

    @Test
    void withNoBytesAtAllCutsByWidthLikeAligned() {
        TokenRing ring = Rings.reference();
        List<WeightedSplit> splits = Splitter.weighted(ring, List.of(), 8, i -> null);
        assertThat(splits.stream().map(WeightedSplit::split).toList()).isEqualTo(Splitter.aligned(ring, 8, i -> null));
    }

    @Test
    void cutsAnOwnedRangeWhereItsEstimatesMeet() {
        TokenRing ring = Rings.of(Murmur3Partitioner.INSTANCE, new Object[] {"a", "dc", "r", 0L});
        Partitioner p = ring.partitioner();
        // one node owns everything; two estimates split its range unevenly
        List<WeightedRange> weights =
                List.of(range(p, Long.MIN_VALUE, -1000, 300), range(p, -1000, Long.MAX_VALUE, 100));
        List<WeightedSplit> splits = Splitter.weighted(ring, weights, 4, i -> null);
        SplitterTest.assertContiguousCover(
                p, splits.stream().map(WeightedSplit::split).toList());
        // (min, -1000] holds 300 bytes: three splits; (-1000, 0] and (0, max] share the other 100 by width
        assertThat(splits.subList(0, 3))
                .allSatisfy(s -> assertThat(s.estimatedBytes()).isCloseTo(100, offset(1e-6)));
        assertThat(splits.get(2).split().range().end()).isEqualTo(new LongToken(-1000));
        assertThat(splits).hasSize(5);
        assertThat(splits.stream().mapToDouble(WeightedSplit::estimatedBytes).sum())
                .isCloseTo(400, offset(1e-6));
    }

    @Test
    void overlappingEstimatesFromAChangedRingStillCoverTheRingOnce() {
        TokenRing ring = Rings.reference();
        Partitioner p = ring.partitioner();
        List<WeightedRange> weights =
                List.of(range(p, -5000000000000000000L, 100, 600), range(p, -100, 3000000000000000000L, 300));
        List<WeightedSplit> splits = Splitter.weighted(ring, weights, 9, i -> null);
        SplitterTest.assertContiguousCover(
                p, splits.stream().map(WeightedSplit::split).toList());
        assertThat(splits.stream().mapToDouble(WeightedSplit::estimatedBytes).sum())
                .isLessThanOrEqualTo(900.0001);
    }

    @Test
    void manyVnodesAndEstimatesAreCutQuickly() {
        TokenRing ring = SplitterTest.randomRing(Murmur3Partitioner.INSTANCE, 50, 256);
        List<WeightedSplit> splits = Splitter.weighted(ring, perOwnedRange(ring), 10_000, i -> null);
        SplitterTest.assertContiguousCover(
                ring.partitioner(), splits.stream().map(WeightedSplit::split).toList());
    }

    private static WeightedRange range(Partitioner p, long start, long end, double bytes) {
        return new WeightedRange(new TokenRange(new LongToken(start), new LongToken(end)), bytes, bytes / 10);
    }
}
