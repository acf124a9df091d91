package io.ringmap.heatmap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.ring.Rings;
import io.ringmap.ring.TableName;
import io.ringmap.ring.TokenRing;
import io.ringmap.testsupport.MovingClock;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.Token;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HeatmapRegistryTest {

    private static final Instant START = Instant.parse("2026-12-02T08:00:00Z");
    private final MovingClock clock = new MovingClock(START);
    private final TokenRing ring = BucketLayoutTest.referenceRing();
    private final HeatmapSettings settings = new HeatmapSettings(8, Duration.ofMinutes(1), 3, 2);
    private final HeatmapRegistry registry = new HeatmapRegistry(settings, clock);

    @Test
    void countsHitsPerBucketAndSlice() {
        // given hits in two slices
        registry.record("iot", "readings", ring, new LongToken(5), 3);
        registry.recordAll("iot", "readings", ring, new Token[] {new LongToken(-1), new LongToken(5)}, null, 2);
        clock.advance(Duration.ofSeconds(61));
        registry.record("iot", "readings", ring, new LongToken(Long.MAX_VALUE), 7);

        // when
        TableHeatmap heat = registry.heatmap("iot", "readings").orElseThrow();

        // then (0, 2^62] is buckets 4 and 5 of 8: token 5 is in bucket 4, -1 in bucket 3, the maximum in bucket 7
        assertThat(heat.slices())
                .extracting(TableHeatmap.Slice::startMillis)
                .containsExactly(START.toEpochMilli(), START.plusSeconds(60).toEpochMilli());
        assertThat(heat.slices().get(0).counts()).containsExactly(0, 0, 0, 1, 4, 0, 0, 0);
        assertThat(heat.slices().get(1).counts()).containsExactly(0, 0, 0, 0, 0, 0, 0, 7);
    }

    @Test
    void keepsOnlyTheRetention() {
        // given a hit in each of five minutes, with three slices kept
        for (int minute = 0; minute < 5; minute++) {
            registry.record("iot", "readings", ring, new LongToken(minute), minute + 1);
            clock.advance(Duration.ofMinutes(1));
        }
        clock.advance(Duration.ofMinutes(-1));

        // then the last three slices remain, and the oldest of them goes a minute later
        assertThat(registry.heatmap("iot", "readings").orElseThrow().slices())
                .extracting(TableHeatmap.Slice::total)
                .containsExactly(3L, 4L, 5L);
        clock.advance(Duration.ofMinutes(1));
        assertThat(registry.heatmap("iot", "readings").orElseThrow().slices())
                .extracting(TableHeatmap.Slice::total)
                .containsExactly(4L, 5L);
    }

    @Test
    void boundsTheTablesAndCountsTheHitsItDrops() {
        // given both slots taken, by a table with 3 hits and one with 1
        registry.record("a", "t", ring, new LongToken(1), 3);
        registry.record("b", "t", ring, new LongToken(1), 1);

        // when a third table gets 1 hit: not more than the coldest table's, so dropped
        registry.record("c", "t", ring, new LongToken(1), 1);

        // then
        assertThat(registry.tableCount()).isEqualTo(2);
        assertThat(registry.droppedHits()).isEqualTo(1);
        assertThat(registry.evictions()).isZero();
        assertThat(registry.heatmap("c", "t")).isEmpty();
        // a table dropped from the schema frees its slot at once
        registry.forget("a", "t");
        registry.record("c", "t", ring, new LongToken(1), 1);
        assertThat(registry.heatmap("c", "t")).isPresent();
    }

    @Test
    void idleTablesCannotPinTheSlots() {
        // given the default 32 slots and the attack of issue 35: 50 idle tables looked up once each
        HeatmapRegistry heatmaps = new HeatmapRegistry(HeatmapSettings.DEFAULTS, clock);
        for (int i = 0; i < 50; i++) {
            heatmaps.record("idle", "t" + i, ring, new LongToken(i), 1);
        }
        assertThat(heatmaps.tableCount()).isEqualTo(32);

        // when a table becomes hot afterwards, within the same minute
        for (int i = 0; i < 100; i++) {
            heatmaps.record("iot", "readings", ring, new LongToken(i), 1);
        }

        // then it is counted: its second hit outnumbered an idle table's one and took that slot
        assertThat(heatmaps.heatmap("iot", "readings").orElseThrow().slices())
                .singleElement()
                .extracting(TableHeatmap.Slice::total)
                .isEqualTo(99L);
        assertThat(heatmaps.evictions()).isEqualTo(1);
        assertThat(heatmaps.droppedHits()).isEqualTo(18 + 1);
        assertThat(heatmaps.tableCount()).isEqualTo(32);
    }

    @Test
    void aBurstOfTablesHitOnceCannotEvictAHotterTable() {
        // given two counted tables with 5 and 7 hits
        registry.record("iot", "readings", ring, new LongToken(1), 5);
        registry.record("iot", "events", ring, new LongToken(1), 7);

        // when 50 other tables are looked up once each, and one of them four more times
        for (int i = 0; i < 50; i++) {
            registry.record("idle", "t" + i, ring, new LongToken(i), 1);
        }
        for (int i = 0; i < 4; i++) {
            registry.record("idle", "t0", ring, new LongToken(i), 1);
        }

        // then nothing was evicted: 5 hits in this slice do not outnumber the coldest table's 5 in the retention
        assertThat(registry.evictions()).isZero();
        assertThat(registry.heatmap("iot", "readings")).isPresent();
        assertThat(registry.heatmap("idle", "t0")).isEmpty();

        // and a sixth hit does, taking the coldest table's slot
        registry.record("idle", "t0", ring, new LongToken(9), 1);
        assertThat(registry.evictions()).isEqualTo(1);
        assertThat(registry.heatmap("iot", "readings")).isEmpty();
        assertThat(registry.heatmap("iot", "events")).isPresent();
        assertThat(registry.heatmap("idle", "t0").orElseThrow().slices())
                .singleElement()
                .extracting(TableHeatmap.Slice::total)
                .isEqualTo(1L);
    }

    @Test
    void aTableIdleForTheRetentionGivesWayToAnyNewOne() {
        // given both slots taken by tables hit long ago
        registry.record("a", "t", ring, new LongToken(1), 100);
        registry.record("b", "t", ring, new LongToken(1), 100);

        // when their hits leave the retention (3 slices of a minute) and a new table is hit once
        clock.advance(Duration.ofMinutes(3));
        registry.recordAll("c", "t", ring, new Token[] {new LongToken(1), new LongToken(2)}, new long[] {5, 6}, 2);

        // then the new table has a slot and the batch that won it is counted
        assertThat(registry.evictions()).isEqualTo(1);
        assertThat(registry.heatmap("c", "t").orElseThrow().slices())
                .singleElement()
                .extracting(TableHeatmap.Slice::total)
                .isEqualTo(11L);
        assertThat(registry.droppedHits()).isZero();
    }

    @Test
    void aRingWhoseTokensMovedRestartsTheTablesAxis() {
        // given counts on the reference ring
        registry.record("iot", "readings", ring, new LongToken(5), 3);

        // when a node moves and a hit arrives on the new ring, in the same slice
        TokenRing moved = TokenRing.of(
                Murmur3Partitioner.INSTANCE,
                Map.of(Rings.node("N1", "127.0.0.1", "dc1", "rack1"), List.<Token>of(new LongToken(100))));
        registry.record("iot", "readings", moved, new LongToken(5), 2);

        // then only the new ring's counts are shown, on its buckets
        TableHeatmap heat = registry.heatmap("iot", "readings").orElseThrow();
        assertThat(heat.layout()).isEqualTo(BucketLayout.aligned(moved, 8));
        assertThat(heat.slices())
                .singleElement()
                .extracting(TableHeatmap.Slice::total)
                .isEqualTo(2L);
    }

    @Test
    void anEqualRingRebuiltKeepsCounting() {
        registry.record("iot", "readings", ring, new LongToken(5), 3);
        registry.record("iot", "readings", BucketLayoutTest.referenceRing(), new LongToken(5), 2);

        assertThat(registry.heatmap("iot", "readings").orElseThrow().slices())
                .singleElement()
                .extracting(TableHeatmap.Slice::total)
                .isEqualTo(5L);
    }

    @Test
    void countsEveryHitOfConcurrentWriters() throws Exception {
        // given four threads each recording 50,000 hits while the clock moves through slices
        ExecutorService pool = Executors.newFixedThreadPool(4);
        for (int t = 0; t < 4; t++) {
            long token = t * 1_000_000_000_000_000L;
            pool.submit(() -> {
                for (int i = 0; i < 50_000; i++) {
                    registry.record("iot", "readings", ring, new LongToken(token + i), 1);
                }
            });
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();

        // then not one is lost
        assertThat(registry.heatmap("iot", "readings").orElseThrow().slices())
                .singleElement()
                .extracting(TableHeatmap.Slice::total)
                .isEqualTo(200_000L);
    }

    @Test
    void mergesTwoInstancesBySummingEqualSlices() {
        // given two instances counting the same table on the same ring, one also a minute later
        HeatmapRegistry other = new HeatmapRegistry(settings, clock);
        registry.record("iot", "readings", ring, new LongToken(5), 3);
        other.record("iot", "readings", ring, new LongToken(5), 4);
        other.record("iot", "readings", ring, new LongToken(-5), 1);
        clock.advance(Duration.ofMinutes(1));
        other.record("iot", "readings", ring, new LongToken(Long.MAX_VALUE), 2);

        // when
        TableHeatmap merged = registry.heatmap("iot", "readings")
                .orElseThrow()
                .merge(other.heatmap("iot", "readings").orElseThrow(), 20);

        // then equal slices are summed cell by cell, the others kept in time order
        assertThat(merged.slices()).hasSize(2);
        assertThat(merged.slices().get(0).counts()).containsExactly(0, 0, 0, 1, 7, 0, 0, 0);
        assertThat(merged.slices().get(1).counts()).containsExactly(0, 0, 0, 0, 0, 0, 0, 2);
    }

    @Test
    void refusesToMergeDifferentAxes() {
        TableHeatmap a =
                new TableHeatmap(new TableName("iot", "readings"), BucketLayout.aligned(ring, 8), 60_000, List.of());
        TableHeatmap b =
                new TableHeatmap(new TableName("iot", "readings"), BucketLayout.aligned(ring, 4), 60_000, List.of());
        assertThatThrownBy(() -> a.merge(b, 20))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("different token buckets");
    }

    @Test
    void coarsensByAddingNeighbours() {
        registry.recordAll(
                "iot",
                "readings",
                ring,
                new Token[] {new LongToken(-1), new LongToken(5), new LongToken(Long.MAX_VALUE)},
                new long[] {1, 2, 4},
                3);

        TableHeatmap coarse = registry.heatmap("iot", "readings").orElseThrow().coarsen(3);

        assertThat(coarse.layout().size()).isEqualTo(3);
        // 8 buckets in runs of 3, 3 and 2: tokens -1 and 5 (buckets 3 and 4) add up in the middle one
        assertThat(coarse.slices().get(0).counts()).containsExactly(0, 3, 4);
        assertThat(coarse.layout().ends())
                .containsExactly(
                        BucketLayout.aligned(ring, 8).end(2),
                        BucketLayout.aligned(ring, 8).end(5),
                        Murmur3Partitioner.MAXIMUM);
        assertThat(coarse.slices().get(0).total()).isEqualTo(7);
    }

    @Test
    void statesItsMemoryBoundAndRetention() {
        assertThat(HeatmapSettings.DEFAULTS.memoryBound()).isEqualTo(128L * 60 * 32 * 8);
        assertThat(HeatmapSettings.DEFAULTS.retention()).isEqualTo(Duration.ofHours(1));
        assertThatThrownBy(() -> new HeatmapSettings(0, Duration.ofMinutes(1), 1, 1))
                .hasMessage("buckets must be from 1 to 4096, was 0");
    }
}
