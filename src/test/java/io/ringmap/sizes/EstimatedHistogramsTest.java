package io.ringmap.sizes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EstimatedHistogramsTest {

    @Test
    void offsetsGrowByATwentiethAsCassandrasDo() {
        long[] offsets = EstimatedHistograms.offsets(25);
        assertThat(offsets)
                .startsWith(
                        1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 17, 20, 24, 29, 35, 42, 50, 60, 72, 86, 103, 124, 149, 179);
        // Cassandra's partition size histogram has 150 buckets; its last offset is about 1.6e9... beyond 2^31
        assertThat(EstimatedHistograms.offsets(150)[149]).isGreaterThan(1L << 31);
    }

    @Test
    void percentilesAreBucketUpperBoundsMinIsOnePastThePreviousBound() {
        long[] buckets = new long[91]; // 90 buckets and the overflow bucket
        buckets[23] = 1999; // values up to 149 bytes
        buckets[22] = 1; // one of up to 124
        buckets[80] = 1; // one large partition
        Percentiles p = EstimatedHistograms.percentiles(buckets);
        assertThat(p.p50()).isEqualTo(149);
        assertThat(p.p99()).isEqualTo(149);
        assertThat(p.min()).isEqualTo(104); // 1 + 103, the bucket before 124
        assertThat(p.max()).isEqualTo(EstimatedHistograms.offsets(90)[80]);
    }

    @Test
    void anEmptyOrOverflowedHistogramHasNoPercentiles() {
        assertThat(EstimatedHistograms.percentiles(new long[0])).isNull();
        assertThat(EstimatedHistograms.percentiles(new long[10])).isNull();
        long[] overflowed = new long[10];
        overflowed[9] = 1;
        assertThat(EstimatedHistograms.percentiles(overflowed)).isNull();
    }
}
