package io.ringmap.splits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.Rings;
import io.ringmap.ring.TokenRange;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.BigIntegerToken;
import io.ringmap.token.ByteOrderedPartitioner;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.Partitioner;
import io.ringmap.token.RandomPartitioner;
import io.ringmap.token.Token;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class SplitterTest {

    static Stream<Arguments> ringsAndCounts() {
        List<Arguments> out = new ArrayList<>();
        for (TokenRing ring : List.of(Rings.reference(), randomRing(Murmur3Partitioner.INSTANCE, 5, 8),
                randomRing(RandomPartitioner.INSTANCE, 4, 4), randomRing(ByteOrderedPartitioner.INSTANCE, 3, 4),
                randomRing(Murmur3Partitioner.INSTANCE, 1, 1), randomRing(ByteOrderedPartitioner.INSTANCE, 1, 1))) {
            for (int n : new int[] {1, 2, 7, 256}) {
                out.add(Arguments.of(ring, n));
            }
        }
        return out.stream();
    }

    static TokenRing randomRing(Partitioner p, int nodes, int vnodes) {
        Random random = new Random(nodes * 31L + vnodes);
        Map<Node, List<Token>> m = new LinkedHashMap<>();
        for (int n = 0; n < nodes; n++) {
            List<Token> tokens = new ArrayList<>();
            for (int v = 0; v < vnodes; v++) {
                tokens.add(switch (p.name()) {
                    case "RandomPartitioner" -> new BigIntegerToken(new BigInteger(127, random));
                    case "ByteOrderedPartitioner" -> {
                        byte[] b = new byte[1 + random.nextInt(3)];
                        random.nextBytes(b);
                        yield p.tokenFor(b);
                    }
                    default -> new LongToken(random.nextLong());
                });
            }
            m.put(new Node("n" + n, "10.0.0." + n, "dc1", "r1", NodeState.UP), tokens);
        }
        return TokenRing.of(p, m);
    }

    @ParameterizedTest
    @MethodSource("ringsAndCounts")
    void evenSplitsCoverTheRingExactlyOnceWithEqualWidths(TokenRing ring, int n) {
        List<Split> splits = Splitter.even(ring, n);
        assertThat(splits).hasSize(n);
        assertContiguousCover(ring.partitioner(), splits);
        if (ring.partitioner() instanceof Murmur3Partitioner || ring.partitioner() instanceof RandomPartitioner) {
            List<BigInteger> widths = splits.stream().map(s -> width(s.range())).toList();
            BigInteger max = widths.stream().max(BigInteger::compareTo).orElseThrow();
            BigInteger min = widths.stream().min(BigInteger::compareTo).orElseThrow();
            assertThat(max.subtract(min)).isLessThanOrEqualTo(BigInteger.ONE);
        }
    }

    @ParameterizedTest
    @MethodSource("ringsAndCounts")
    void alignedSplitsCoverTheRingWithoutCrossingOwnership(TokenRing ring, int n) {
        List<Split> splits = Splitter.aligned(ring, n);
        assertThat(splits.size()).isGreaterThanOrEqualTo(Math.min(n, ring.size()));
        assertContiguousCover(ring.partitioner(), splits);
        for (Split s : splits) {
            TokenRange owned = ring.rangeAt(s.replicaTokenIndex());
            assertThat(ring.unwrap(owned)).anySatisfy(piece -> {
                assertThat(within(ring.partitioner(), s.range(), piece)).as("%s inside %s", s.range(), piece).isTrue();
            });
        }
    }

    @Test
    void matchesTheReferenceSplitsWhenTheRingDividesEvenly() {
        List<Split> splits = Splitter.even(Rings.reference(), 4);
        assertThat(splits.get(0).range()).isEqualTo(new TokenRange(new LongToken(Long.MIN_VALUE),
                new LongToken(-4611686018427387905L)));
        assertThat(splits.get(3).range().end()).isEqualTo(new LongToken(Long.MAX_VALUE));
    }

    @Test
    void alignsSplitsOfTheReferenceRingToItsFourRanges() {
        List<Split> splits = Splitter.aligned(Rings.reference(), 4);
        assertThat(splits).extracting(s -> s.range().end().toString()).containsExactly(
                "-4611686018427387904", "0", "4611686018427387904", "9223372036854775807");
        assertThat(splits).extracting(Split::replicaTokenIndex).containsExactly(0, 1, 2, 3);
    }

    @Test
    void splitsTheRangeThatWrapsAroundTheRing() {
        TokenRing ring = Rings.of(Murmur3Partitioner.INSTANCE, new Object[] {"a", "dc", "r", -100},
                new Object[] {"b", "dc", "r", 100});
        List<Split> splits = Splitter.aligned(ring, 2);
        assertThat(splits).extracting(Split::range).containsExactly(
                new TokenRange(Murmur3Partitioner.MINIMUM, new LongToken(-100)),
                new TokenRange(new LongToken(-100), new LongToken(100)),
                new TokenRange(new LongToken(100), Murmur3Partitioner.MAXIMUM));
        assertThat(splits).extracting(Split::replicaTokenIndex).containsExactly(0, 1, 0);
    }

    @Test
    void rejectsASplitCountOutOfBounds() {
        assertThatThrownBy(() -> Splitter.even(Rings.reference(), 0)).hasMessageContaining("n must be between 1");
    }

    @Test
    void writesTheCqlPredicateWithValuesFilledIn() {
        TokenRange r = new TokenRange(new LongToken(-5), new LongToken(7));
        assertThat(CqlPredicates.tokenPredicate(Murmur3Partitioner.INSTANCE, List.of("sensor_id", "day"), r))
                .isEqualTo("token(sensor_id, day) > -5 AND token(sensor_id, day) <= 7");
        assertThat(CqlPredicates.tokenPredicate(ByteOrderedPartitioner.INSTANCE, List.of("Key"),
                new TokenRange(ByteOrderedPartitioner.MINIMUM, ByteOrderedPartitioner.INSTANCE.parseToken("7f"))))
                .isEqualTo("token(\"Key\") <= 0x7f");
        assertThat(CqlPredicates.tokenPredicate(ByteOrderedPartitioner.INSTANCE, List.of("k"),
                new TokenRange(ByteOrderedPartitioner.INSTANCE.parseToken("7f"), ByteOrderedPartitioner.MINIMUM)))
                .isEqualTo("token(k) > 0x7f");
    }

    @Test
    void quotesEveryNameCqlRequiresInTheSelect() {
        TokenRange r = new TokenRange(new LongToken(-5), new LongToken(7));
        // the example: keyspace select, table table, partition key (token text, "From" int)
        assertThat(CqlPredicates.select(Murmur3Partitioner.INSTANCE, "select", "table", List.of("token", "From"), r))
                .isEqualTo("SELECT * FROM \"select\".\"table\" WHERE token(\"token\", \"From\") > -5 AND "
                        + "token(\"token\", \"From\") <= 7");
        assertThat(CqlPredicates.select(Murmur3Partitioner.INSTANCE, "Mixed", "a b\"c", List.of("k"),
                new TokenRange(Murmur3Partitioner.MINIMUM, Murmur3Partitioner.MINIMUM)))
                .isEqualTo("SELECT * FROM \"Mixed\".\"a b\"\"c\" WHERE token(k) > -9223372036854775808");
        assertThat(CqlPredicates.select(Murmur3Partitioner.INSTANCE, "iot", "readings", List.of("sensor_id"), r))
                .isEqualTo("SELECT * FROM iot.readings WHERE token(sensor_id) > -5 AND token(sensor_id) <= 7");
    }

    static void assertContiguousCover(Partitioner p, List<Split> splits) {
        assertThat(splits.get(0).range().start()).isEqualTo(p.minimumToken());
        Token end = splits.get(splits.size() - 1).range().end();
        assertThat(end).isEqualTo(p.maximumToken().orElse(p.minimumToken()));
        for (int i = 0; i < splits.size(); i++) {
            TokenRange r = splits.get(i).range();
            boolean toRingEnd = r.end().equals(p.minimumToken());
            assertThat(toRingEnd || r.start().compareTo(r.end()) < 0).as("non-empty, non-wrapping %s", r).isTrue();
            if (i > 0) {
                assertThat(r.start()).as("no gap or overlap at %d", i).isEqualTo(splits.get(i - 1).range().end());
            }
        }
    }

    static boolean within(Partitioner p, TokenRange inner, TokenRange outer) {
        Token min = p.minimumToken();
        boolean startOk = inner.start().compareTo(outer.start()) >= 0;
        boolean endOk = outer.end().equals(min) || (!inner.end().equals(min) && inner.end().compareTo(outer.end()) <= 0);
        return startOk && endOk;
    }

    private static BigInteger width(TokenRange r) {
        return value(r.end()).subtract(value(r.start()));
    }

    private static BigInteger value(Token t) {
        return t instanceof LongToken l ? BigInteger.valueOf(l.value()) : ((BigIntegerToken) t).value();
    }
}
