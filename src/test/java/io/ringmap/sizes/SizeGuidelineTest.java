package io.ringmap.sizes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.ring.TableName;
import java.util.List;
import org.junit.jupiter.api.Test;

class SizeGuidelineTest {

    static final TableName T = new TableName("shop", "events");
    final SizeGuideline guideline = new SizeGuideline(4L << 20, 1000, 10);

    @Test
    void namesTheLargePartitionWithItsKeyAndTheMaximumFarAboveTheNinetyNinthPercentile() {
        NodeTableStats s = new NodeTableStats(
                T,
                7L,
                6L,
                5000L,
                List.of(),
                null,
                null,
                null,
                null,
                List.of(),
                List.of(),
                new JmxTableStats(
                        7007506,
                        5398,
                        125,
                        1335,
                        6267062,
                        new Percentiles(149, 149, 149, 149, 149, 125, 7007506),
                        new Percentiles(1, 1, 1, 1, 1, 0, 3311),
                        List.of(new RankedPartition("big", 6108045)),
                        List.of(),
                        List.of(),
                        List.of()));

        List<SizeWarning> w = guideline.check("n1", s);

        assertThat(w)
                .extracting(SizeWarning::kind)
                .containsExactly("partition-too-large", "partition-too-large", "too-many-rows", "max-far-above-p99");
        assertThat(w.get(1).key()).isEqualTo("big");
        assertThat(w).allSatisfy(x -> assertThat(x.node()).isEqualTo("n1"));
    }

    @Test
    void withoutJmxUsesTheLowerBoundOfTheMebibyteFigureAgainstTheMean() {
        // 1 MiB rounded up says nothing: a 150-byte partition reports 1
        NodeTableStats small =
                new NodeTableStats(T, 1L, 1L, 150L, List.of(), null, null, null, null, List.of(), List.of(), null);
        assertThat(guideline.check("n", small)).isEmpty();
        NodeTableStats big =
                new NodeTableStats(T, 7L, 6L, 5000L, List.of(), null, null, null, null, List.of(), List.of(), null);
        assertThat(guideline.check("n", big))
                .extracting(SizeWarning::kind)
                .containsExactly("partition-too-large", "max-far-above-mean");
    }

    @Test
    void rejectsAGuidelineThatCannotBeBreachedSensibly() {
        assertThatThrownBy(() -> new SizeGuideline(0, 1, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SizeGuideline(1, 1, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
