package io.ringmap.sizes;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.ring.TableName;
import io.ringmap.ring.TokenRange;
import io.ringmap.token.LongToken;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SizeMergeTest {

    static final TableName T = new TableName("shop", "events");

    static NodeTableStats cql(long maxMib, long diskMib, long mean, long partitions, List<RankedPartition> largest) {
        return new NodeTableStats(
                T,
                maxMib,
                diskMib,
                mean,
                List.of(new RangeEstimate(new TokenRange(new LongToken(0), new LongToken(10)), mean, partitions)),
                new ReadStats(10, 1, 2, 3),
                null,
                null,
                null,
                largest,
                List.of(),
                null);
    }

    static JmxTableStats jmx(long max, long disk, Percentiles sizes, List<RankedPartition> reads) {
        return new JmxTableStats(max, 100, 10, 5, disk, sizes, null, List.of(), List.of(), reads, List.of());
    }

    @Test
    void countsPartitionsOfPrimaryRangesOnceAndAddsEveryReplicasDisk() {
        Map<String, NodeTableStats> byNode = new LinkedHashMap<>();
        byNode.put("a", cql(7, 6, 5000, 700, List.of(new RankedPartition("big", 6_000_000))));
        byNode.put("b", cql(1, 1, 150, 600, List.of()));
        byNode.put("c", cql(7, 6, 5000, 700, List.of(new RankedPartition("big", 6_100_000))));

        MergedTable m = SizeMerge.merge(T, byNode, 10);

        assertThat(m.partitionsEstimate()).isEqualTo(2000);
        assertThat(m.meanPartitionBytes()).isEqualTo(Math.round((5000.0 * 700 * 2 + 150.0 * 600) / 2000));
        assertThat(m.diskBytesAllReplicas()).isEqualTo(13L << 20);
        assertThat(m.maxPartitionBytes()).isEqualTo(7L << 20);
        assertThat(m.maxPartitionExact()).isFalse();
        assertThat(m.largest()).containsExactly(new MergedPartition("big", 6_100_000, List.of("a", "c")));
        assertThat(m.rowsPerRead().count()).isEqualTo(30);
        assertThat(m.nodesReporting()).isEqualTo(3);
    }

    @Test
    void jmxFiguresAreExactAndPercentilesTakeTheWorstNode() {
        Map<String, NodeTableStats> byNode = new LinkedHashMap<>();
        byNode.put(
                "a",
                cql(7, 6, 5000, 700, List.of())
                        .withJmx(jmx(
                                7007506,
                                6267062,
                                new Percentiles(149, 149, 149, 149, 149, 125, 7007506),
                                List.of(new RankedPartition("k", 40)))));
        byNode.put(
                "b",
                cql(1, 1, 150, 600, List.of())
                        .withJmx(jmx(
                                179,
                                211881,
                                new Percentiles(149, 149, 179, 179, 179, 104, 179),
                                List.of(new RankedPartition("k", 2)))));

        MergedTable m = SizeMerge.merge(T, byNode, 10);

        assertThat(m.maxPartitionBytes()).isEqualTo(7007506);
        assertThat(m.maxPartitionExact()).isTrue();
        assertThat(m.diskBytesAllReplicas()).isEqualTo(6267062 + 211881);
        assertThat(m.partitionSize()).isEqualTo(new Percentiles(149, 149, 179, 179, 179, 104, 7007506));
        assertThat(SizeMerge.sampled(byNode, true, 10))
                .containsExactly(new MergedPartition("k", 42, List.of("a", "b")));
    }

    @Test
    void noNodesMeansNoFigures() {
        MergedTable m = SizeMerge.merge(T, Map.of(), 10);
        assertThat(m.maxPartitionBytes()).isNull();
        assertThat(m.partitionsEstimate()).isNull();
        assertThat(m.nodesReporting()).isZero();
    }
}
