package io.ringmap.heatmap;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.hotkeys.KeyExporter;
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
import org.junit.jupiter.api.Test;

/**
 * The keys of each slice: the hot-key tracker's exact counters marked at the slice boundaries, a slice's keys the
 * difference between its start and its end, hottest first and bounded.
 */
class SliceKeysTest {

    private static final Instant START = Instant.parse("2026-12-02T08:00:00Z");
    private static final TableName TABLE = new TableName("iot", "readings");

    private final MovingClock clock = new MovingClock(START);
    private final TokenRing ring = BucketLayoutTest.referenceRing();
    private final HotKeyRegistry hotKeys =
            new HotKeyRegistry(new HotKeySettings(3, 16, 1, 10, 256), KeyExporter.plain());
    private final HeatmapRegistry heatmaps =
            new HeatmapRegistry(new HeatmapSettings(8, Duration.ofMinutes(1), 3, 2, 3), clock, hotKeys::tracked);

    /** A hit as the application records it: the heatmap first, then the hot keys. */
    private void hit(TokenRing on, String label, long count) {
        heatmaps.record(TABLE.keyspace(), TABLE.table(), on, new LongToken(label.hashCode()), count);
        hotKeys.recordLabel(TABLE.keyspace(), TABLE.table(), label, count);
    }

    private void hit(String label, long count) {
        hit(ring, label, count);
    }

    /** Makes the keys hot enough to enter the top K (hits the heatmap does not see), and refreshes the top K. */
    private void tracked(String... labels) {
        for (String label : labels) {
            hotKeys.recordLabel(TABLE.keyspace(), TABLE.table(), label, 1000);
        }
        hotKeys.refresh();
    }

    private List<List<SliceKey>> keys() {
        return heatmaps.heatmap(TABLE.keyspace(), TABLE.table()).orElseThrow().slices().stream()
                .map(TableHeatmap.Slice::keys)
                .toList();
    }

    @Test
    void keysOfASliceAreTheHitsCountedDuringIt() {
        // given a tracked key hit 5 times in one slice and 3 times in the next
        tracked("a", "b");
        hit("a", 5);
        hit("b", 1);
        clock.advance(Duration.ofSeconds(61));
        hit("a", 3);

        // when
        List<List<SliceKey>> keys = keys();

        // then each slice has the hits of its own time, hottest first; the open slice's so far
        assertThat(keys)
                .containsExactly(List.of(new SliceKey("a", 5), new SliceKey("b", 1)), List.of(new SliceKey("a", 3)));
        // and a later hit of the open slice is in it when read again
        hit("b", 4);
        assertThat(keys().get(1)).containsExactly(new SliceKey("b", 4), new SliceKey("a", 3));
    }

    @Test
    void aSliceWithoutHitsEndsAtTheNextSlicesFirstHit() {
        // given a hit, two slices without any, then a hit
        tracked("a");
        hit("a", 2);
        clock.advance(Duration.ofMinutes(2));
        hit("a", 7);

        // then the first slice has its own hits only
        assertThat(keys()).containsExactly(List.of(new SliceKey("a", 2)), List.of(new SliceKey("a", 7)));
    }

    @Test
    void aKeyEnteringTheTopKCountsFromItsNewCounterAndOneLeavingIsNotListed() {
        // given a top K of one: key a, hit in the slice
        HotKeyRegistry one = new HotKeyRegistry(new HotKeySettings(1, 16, 1, 10, 256), KeyExporter.plain());
        HeatmapRegistry heat =
                new HeatmapRegistry(new HeatmapSettings(8, Duration.ofMinutes(1), 3, 2, 1), clock, one::tracked);
        one.recordLabel("iot", "readings", "a", 10);
        one.refresh();
        heat.record("iot", "readings", ring, new LongToken(1), 4);
        one.recordLabel("iot", "readings", "a", 4);

        // when key b becomes certainly hotter during the slice (its first hits under _other), then is hit 7 times
        one.recordLabel("iot", "readings", "b", 1000);
        one.refresh();
        heat.record("iot", "readings", ring, new LongToken(2), 7);
        one.recordLabel("iot", "readings", "b", 7);
        clock.advance(Duration.ofMinutes(1));
        heat.record("iot", "readings", ring, new LongToken(2), 1);

        // then the slice lists b with its counter's whole value, and not a, which took its counter out of the top K
        assertThat(heat.heatmap("iot", "readings").orElseThrow().slices().get(0).keys())
                .containsExactly(new SliceKey("b", 7));
    }

    @Test
    void keepsAtMostKeysPerSliceHottestFirst() {
        // given three tracked keys and a bound of two keys per slice
        HeatmapRegistry two =
                new HeatmapRegistry(new HeatmapSettings(8, Duration.ofMinutes(1), 3, 2, 2), clock, hotKeys::tracked);
        tracked("a", "b", "c");
        two.record("iot", "readings", ring, new LongToken(1), 9);
        hotKeys.recordLabel("iot", "readings", "a", 1);
        hotKeys.recordLabel("iot", "readings", "b", 5);
        hotKeys.recordLabel("iot", "readings", "c", 3);
        clock.advance(Duration.ofMinutes(1));
        two.record("iot", "readings", ring, new LongToken(1), 1);

        // then the two hottest, the closed slice and the open one alike
        assertThat(two.heatmap("iot", "readings").orElseThrow().slices().get(0).keys())
                .containsExactly(new SliceKey("b", 5), new SliceKey("c", 3));
        assertThat(two.settings().keysMemoryBound()).isEqualTo(2L * 3 * 2 * HeatmapSettings.BYTES_PER_KEY);
        assertThat(HeatmapSettings.DEFAULTS.keysMemoryBound()).isEqualTo(20L * 60 * 32 * 600);
    }

    @Test
    void aClockGoingBackCountsKeysInTheNewestSlice() {
        // given hits in a slice
        tracked("a");
        clock.advance(Duration.ofMinutes(1));
        hit("a", 2);

        // when the clock goes back a slice and the key is hit again
        clock.advance(Duration.ofMinutes(-1));
        hit("a", 3);

        // then the hits are the newest slice's, keys and cells alike
        clock.advance(Duration.ofMinutes(1));
        TableHeatmap heat = heatmaps.heatmap("iot", "readings").orElseThrow();
        assertThat(heat.slices()).singleElement().satisfies(s -> {
            assertThat(s.startMillis()).isEqualTo(START.plusSeconds(60).toEpochMilli());
            assertThat(s.total()).isEqualTo(5);
            assertThat(s.keys()).containsExactly(new SliceKey("a", 5));
        });
    }

    @Test
    void aRingChangeThatDropsTheRowsDropsTheirKeys() {
        // given a slice with keys, and the next slice's first hits
        tracked("a");
        hit("a", 2);
        clock.advance(Duration.ofMinutes(1));
        hit("a", 3);

        // when a node moves within the slice and a hit arrives on the new ring
        TokenRing moved = TokenRing.of(
                Murmur3Partitioner.INSTANCE,
                Map.of(Rings.node("N1", "127.0.0.1", "dc1", "rack1"), List.<Token>of(new LongToken(100))));
        hit(moved, "a", 4);

        // then only the slice counted on the new ring remains, with the keys counted since the change
        TableHeatmap heat = heatmaps.heatmap("iot", "readings").orElseThrow();
        assertThat(heat.slices()).singleElement().satisfies(s -> {
            assertThat(s.total()).isEqualTo(4);
            assertThat(s.keys()).containsExactly(new SliceKey("a", 4));
        });
    }

    @Test
    void withoutTrackedKeysSlicesHaveNone() {
        HeatmapRegistry plain = new HeatmapRegistry(HeatmapSettings.DEFAULTS, clock);
        hotKeys.recordLabel("iot", "readings", "a", 5);
        hotKeys.refresh();
        plain.record("iot", "readings", ring, new LongToken(1), 5);

        assertThat(plain.heatmap("iot", "readings").orElseThrow().slices())
                .singleElement()
                .extracting(TableHeatmap.Slice::keys)
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
                .isEmpty();
    }

    @Test
    void mergesTheKeysOfEqualSlicesByLabelAndKeepsTheBound() {
        // given two instances' slices of the same minute, and one only here
        BucketLayout layout = BucketLayout.aligned(ring, 8);
        TableHeatmap here = new TableHeatmap(
                TABLE,
                layout,
                60_000,
                List.of(
                        new TableHeatmap.Slice(
                                60_000, new long[8], 0, List.of(new SliceKey("a", 5), new SliceKey("b", 4))),
                        new TableHeatmap.Slice(120_000, new long[8], 0, List.of(new SliceKey("a", 1)))));
        TableHeatmap there = new TableHeatmap(
                TABLE,
                layout,
                60_000,
                List.of(new TableHeatmap.Slice(
                        60_000, new long[8], 0, List.of(new SliceKey("c", 6), new SliceKey("b", 3)))));

        // when merged keeping two keys per slice
        TableHeatmap merged = here.merge(there, 2);

        // then hits are summed by label and the two hottest kept
        assertThat(merged.slices().get(0).keys()).containsExactly(new SliceKey("b", 7), new SliceKey("c", 6));
        assertThat(merged.slices().get(1).keys()).containsExactly(new SliceKey("a", 1));
    }
}
