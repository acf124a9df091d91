package io.ringmap.splits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.replication.Placements;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.ReplicaSet;
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
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SplitterTest {

    static Stream<Arguments> ringsAndCounts() {
        List<Arguments> out = new ArrayList<>();
        for (TokenRing ring : List.of(
                Rings.reference(),
                randomRing(Murmur3Partitioner.INSTANCE, 5, 8),
                randomRing(RandomPartitioner.INSTANCE, 4, 4),
                randomRing(ByteOrderedPartitioner.INSTANCE, 3, 4),
                randomRing(Murmur3Partitioner.INSTANCE, 1, 1),
                randomRing(ByteOrderedPartitioner.INSTANCE, 1, 1))) {
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
                tokens.add(
                        switch (p.name()) {
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

    /** The replica sets of a keyspace on the ring (SimpleStrategy, or the given replication map). */
    static IntFunction<ReplicaSet> replicas(TokenRing ring, Map<String, String> replication) {
        KeyspacePlacement.Placed placed = (KeyspacePlacement.Placed)
                Placements.place(ring, Map.of("ks", replication), 0).get("ks");
        return placed::replicasAt;
    }

    static IntFunction<ReplicaSet> rf3(TokenRing ring) {
        return replicas(ring, Map.of("class", "SimpleStrategy", "replication_factor", "3"));
    }

    @ParameterizedTest
    @MethodSource("ringsAndCounts")
    void evenSplitsCoverTheRingExactlyOnceWithEqualWidths(TokenRing ring, int n) {
        List<Split> splits = Splitter.even(ring, n, rf3(ring));
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
        IntFunction<ReplicaSet> replicas = rf3(ring);
        List<Split> splits = Splitter.aligned(ring, n, replicas);
        assertThat(splits.size()).isGreaterThanOrEqualTo(1).isLessThanOrEqualTo(Math.max(n * 2, ring.size()));
        if (n >= ring.size()) {
            assertThat(splits.size()).isGreaterThanOrEqualTo(ring.size());
        }
        assertContiguousCover(ring.partitioner(), splits);
        assertRangesHeldBySplitReplicas(ring, replicas, splits);
    }

    @Test
    void groupsWholeVnodeRangesSharingAReplicaIntoAboutNSplits() {
        // given 12 nodes x 16 vnodes (192 owned ranges), two DCs, RF 3+3
        TokenRing ring = Rings.vnodes(12, 6, List.of("dc1", "dc2"), 3, 16);
        IntFunction<ReplicaSet> replicas =
                replicas(ring, Map.of("class", "NetworkTopologyStrategy", "dc1", "3", "dc2", "3"));
        for (int n : new int[] {1, 4, 16, 64}) {
            // when
            List<Split> splits = Splitter.aligned(ring, n, replicas);
            // then: every owned range read once, in about n splits (a node holds half the ring here)
            assertContiguousCover(ring.partitioner(), splits);
            assertRangesHeldBySplitReplicas(ring, replicas, splits);
            assertThat(splits)
                    .as("n=%d", n)
                    .hasSizeBetween(n * 3 / 4, n + ring.nodes().size());
            assertThat(splits.stream().mapToInt(Split::ownedRanges).sum()).isEqualTo(ring.size());
            assertThat(splits).allSatisfy(s -> assertThat(s.replicas().size()).isPositive());
        }
        assertThat(Splitter.aligned(ring, 16, replicas))
                .anySatisfy(s -> assertThat(s.ranges()).hasSizeGreaterThan(1));
    }

    @Test
    void boundsTheSplitCountOnAManyNodeVnodeRing() {
        // given 200 nodes x 64 vnodes (12,800 owned ranges), RF 3 per DC
        TokenRing ring = Rings.vnodes(5, 100, List.of("dc1", "dc2"), 3, 64);
        IntFunction<ReplicaSet> replicas =
                replicas(ring, Map.of("class", "NetworkTopologyStrategy", "dc1", "3", "dc2", "3"));
        // when 64 splits are asked for
        List<Split> splits = Splitter.aligned(ring, 64, replicas);
        // then about 64 splits, each grouping about 200 whole ranges that share a replica
        assertContiguousCover(ring.partitioner(), splits);
        assertRangesHeldBySplitReplicas(ring, replicas, splits);
        assertThat(splits.size()).isBetween(48, 128);
        // and 1,024 splits on 12,800 ranges: grouped too, never one per owned range
        List<Split> more = Splitter.aligned(ring, 1024, replicas);
        assertContiguousCover(ring.partitioner(), more);
        assertThat(more.size()).isBetween(768, 2048);
        assertThat(splits.stream().mapToInt(Split::ownedRanges).sum()).isEqualTo(ring.size());
    }

    @Test
    void everywhereReplicationGroupsIntoExactlyNSplitsOfEqualShare() {
        TokenRing ring = Rings.vnodes(3, 4, List.of("dc1"), 2, 32);
        IntFunction<ReplicaSet> replicas = replicas(ring, Map.of("class", "EverywhereStrategy"));
        List<Split> splits = Splitter.aligned(ring, 8, replicas);
        assertContiguousCover(ring.partitioner(), splits);
        assertThat(splits).hasSize(8);
        assertThat(splits).allSatisfy(s -> assertThat(s.replicas().size()).isEqualTo(4));
    }

    @Test
    void aGroupedSplitKeepsOnlyTheReplicasEveryRangeHas() {
        // given the reference ring (4 single-token nodes) with SimpleStrategy RF 2: range i is on nodes i and i+1
        TokenRing ring = Rings.reference();
        IntFunction<ReplicaSet> replicas = replicas(ring, Map.of("class", "SimpleStrategy", "replication_factor", "2"));
        // when 2 splits are asked for
        List<Split> splits = Splitter.aligned(ring, 2, replicas);
        // then each split is two adjacent ranges merged into one, held by the node they share
        assertContiguousCover(ring.partitioner(), splits);
        assertThat(splits).hasSize(2);
        assertThat(splits).allSatisfy(s -> {
            assertThat(s.ownedRanges()).isEqualTo(2);
            assertThat(s.replicas().size()).isEqualTo(1);
        });
    }

    @Test
    void matchesTheReferenceSplitsWhenTheRingDividesEvenly() {
        List<Split> splits = Splitter.even(Rings.reference(), 4, rf3(Rings.reference()));
        assertThat(splits.get(0).range())
                .isEqualTo(new TokenRange(new LongToken(Long.MIN_VALUE), new LongToken(-4611686018427387905L)));
        assertThat(splits.get(3).range().end()).isEqualTo(new LongToken(Long.MAX_VALUE));
    }

    @Test
    void alignsSplitsOfTheReferenceRingToItsFourRanges() {
        List<Split> splits = Splitter.aligned(Rings.reference(), 4, rf3(Rings.reference()));
        assertThat(splits)
                .extracting(s -> s.range().end().toString())
                .containsExactly("-4611686018427387904", "0", "4611686018427387904", "9223372036854775807");
        assertThat(splits).extracting(Split::replicaTokenIndex).containsExactly(0, 1, 2, 3);
    }

    @Test
    void splitsTheRangeThatWrapsAroundTheRing() {
        TokenRing ring = Rings.of(
                Murmur3Partitioner.INSTANCE, new Object[] {"a", "dc", "r", -100}, new Object[] {"b", "dc", "r", 100});
        List<Split> splits = Splitter.aligned(ring, 2, rf3(ring));
        assertThat(splits)
                .extracting(Split::range)
                .containsExactly(
                        new TokenRange(Murmur3Partitioner.MINIMUM, new LongToken(-100)),
                        new TokenRange(new LongToken(-100), new LongToken(100)),
                        new TokenRange(new LongToken(100), Murmur3Partitioner.MAXIMUM));
        assertThat(splits).extracting(Split::replicaTokenIndex).containsExactly(0, 1, 0);
    }

    @Test
    void rejectsASplitCountOutOfBounds() {
        assertThatThrownBy(() -> Splitter.even(Rings.reference(), 0, rf3(Rings.reference())))
                .hasMessageContaining("n must be between 1");
    }

    @Test
    void writesTheCqlPredicateWithValuesFilledIn() {
        TokenRange r = new TokenRange(new LongToken(-5), new LongToken(7));
        assertThat(CqlPredicates.tokenPredicate(Murmur3Partitioner.INSTANCE, List.of("sensor_id", "day"), r))
                .isEqualTo("token(sensor_id, day) > -5 AND token(sensor_id, day) <= 7");
        assertThat(CqlPredicates.tokenPredicate(
                        ByteOrderedPartitioner.INSTANCE,
                        List.of("Key"),
                        new TokenRange(
                                ByteOrderedPartitioner.MINIMUM, ByteOrderedPartitioner.INSTANCE.parseToken("7f"))))
                .isEqualTo("token(\"Key\") <= 0x7f");
        assertThat(CqlPredicates.tokenPredicate(
                        ByteOrderedPartitioner.INSTANCE,
                        List.of("k"),
                        new TokenRange(
                                ByteOrderedPartitioner.INSTANCE.parseToken("7f"), ByteOrderedPartitioner.MINIMUM)))
                .isEqualTo("token(k) > 0x7f");
    }

    @ParameterizedTest
    @MethodSource("ringsAndCounts")
    void theCompactTemplateReadsExactlyWhatEachRangesOwnPredicateReads(TokenRing ring, int n) {
        Partitioner p = ring.partitioner();
        List<String> key = List.of("token", "day");
        String template = CqlPredicates.tokenPredicateTemplate(key);
        assertThat(template).isEqualTo("token(\"token\", day) > :start AND token(\"token\", day) <= :end");
        int withoutTemplate = 0;
        for (List<Split> splits : List.of(Splitter.even(ring, n, rf3(ring)), Splitter.aligned(ring, n, rf3(ring)))) {
            for (Split s : splits) {
                for (TokenRange r : s.ranges()) {
                    if (CqlPredicates.templateApplies(p, r)) {
                        assertThat(template.replace(CqlPredicates.START_MARKER, p.cqlLiteral(r.start()))
                                        .replace(CqlPredicates.END_MARKER, p.cqlLiteral(r.end())))
                                .as("template bound with %s", r)
                                .isEqualTo(CqlPredicates.tokenPredicate(p, key, r));
                    } else {
                        withoutTemplate++;
                    }
                }
            }
        }
        // only the ranges at the ring's ends can lack a bound: at most two per answer (even and aligned here)
        assertThat(withoutTemplate).isLessThanOrEqualTo(4);
        assertThat(CqlPredicates.selectTemplate("select", "t", key))
                .isEqualTo("SELECT * FROM \"select\".t WHERE " + template);
    }

    @Test
    void quotesEveryNameCqlRequiresInTheSelect() {
        TokenRange r = new TokenRange(new LongToken(-5), new LongToken(7));
        // the example: keyspace select, table table, partition key (token text, "From" int)
        assertThat(CqlPredicates.select(Murmur3Partitioner.INSTANCE, "select", "table", List.of("token", "From"), r))
                .isEqualTo("SELECT * FROM \"select\".\"table\" WHERE token(\"token\", \"From\") > -5 AND "
                        + "token(\"token\", \"From\") <= 7");
        assertThat(CqlPredicates.select(
                        Murmur3Partitioner.INSTANCE,
                        "Mixed",
                        "a b\"c",
                        List.of("k"),
                        new TokenRange(Murmur3Partitioner.MINIMUM, Murmur3Partitioner.MINIMUM)))
                .isEqualTo("SELECT * FROM \"Mixed\".\"a b\"\"c\" WHERE token(k) > -9223372036854775808");
        assertThat(CqlPredicates.select(Murmur3Partitioner.INSTANCE, "iot", "readings", List.of("sensor_id"), r))
                .isEqualTo("SELECT * FROM iot.readings WHERE token(sensor_id) > -5 AND token(sensor_id) <= 7");
    }

    /**
     * A split never crosses an ownership boundary inside a range: a piece lies inside one owned range, and a grouped
     * split's ranges start and end at node tokens (or the ring's ends); every owned range a split touches is held by
     * the split's replicas.
     */
    private static void assertRangesHeldBySplitReplicas(
            TokenRing ring, IntFunction<ReplicaSet> replicas, List<Split> splits) {
        Partitioner p = ring.partitioner();
        Token min = p.minimumToken();
        Token ringEnd = p.maximumToken().orElse(min);
        for (Split s : splits) {
            for (TokenRange r : s.ranges()) {
                int first = ring.primaryIndex(r.start());
                if (ring.tokenAt(first).equals(r.start())) {
                    first = (first + 1) % ring.size();
                }
                int last = r.end().equals(min) ? 0 : ring.primaryIndex(r.end());
                if (s.ownedRanges() == 1) {
                    assertThat(last).as("%s inside one owned range", r).isEqualTo(first);
                } else {
                    assertThat(r.start().equals(min)
                                    || r.start().equals(ring.tokenAt(first == 0 ? ring.size() - 1 : first - 1)))
                            .as("%s starts at a node token", r)
                            .isTrue();
                    assertThat(r.end().equals(ringEnd) || r.end().equals(ring.tokenAt(last)))
                            .as("%s ends at a node token", r)
                            .isTrue();
                }
                for (int i = first; ; i = (i + 1) % ring.size()) {
                    int[] holders = replicas.apply(i).nodes();
                    for (int k = 0; k < s.replicas().size(); k++) {
                        int node = s.replicas().node(k);
                        assertThat(java.util.stream.IntStream.of(holders).anyMatch(v -> v == node))
                                .as("split replica %d holds range %d of %s", node, i, r)
                                .isTrue();
                    }
                    if (i == last) {
                        break;
                    }
                }
            }
        }
    }

    static boolean within(Partitioner p, TokenRange inner, TokenRange outer) {
        Token min = p.minimumToken();
        boolean startOk = inner.start().compareTo(outer.start()) >= 0;
        boolean endOk = outer.end().equals(min)
                || (!inner.end().equals(min) && inner.end().compareTo(outer.end()) <= 0);
        return startOk && endOk;
    }

    /** The splits' ranges, in order, cover the ring from the minimum token to its end with no gap or overlap. */
    static void assertContiguousCover(Partitioner p, List<Split> splits) {
        List<TokenRange> ranges = splits.stream()
                .flatMap(s -> s.ranges().stream())
                .sorted(java.util.Comparator.comparing(TokenRange::start))
                .toList();
        assertThat(ranges.get(0).start()).isEqualTo(p.minimumToken());
        Token end = ranges.get(ranges.size() - 1).end();
        assertThat(end).isEqualTo(p.maximumToken().orElse(p.minimumToken()));
        for (int i = 0; i < ranges.size(); i++) {
            TokenRange r = ranges.get(i);
            boolean toRingEnd = r.end().equals(p.minimumToken());
            assertThat(toRingEnd || r.start().compareTo(r.end()) < 0)
                    .as("non-empty, non-wrapping %s", r)
                    .isTrue();
            if (i > 0) {
                assertThat(r.start())
                        .as("no gap or overlap at %d", i)
                        .isEqualTo(ranges.get(i - 1).end());
            }
        }
    }

    private static BigInteger width(TokenRange r) {
        return value(r.end()).subtract(value(r.start()));
    }

    private static BigInteger value(Token t) {
        return t instanceof LongToken l ? BigInteger.valueOf(l.value()) : ((BigIntegerToken) t).value();
    }
}
