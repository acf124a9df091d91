package io.ringmap.hotkeys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.ring.TableName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.junit.jupiter.api.Test;

class SketchMergeTest {

    private static final TableName READINGS = new TableName("iot", "readings");

    @Test
    void mergesAsDataSketchesMergesWhenEveryItemFits() {
        // given three instances' registries fed a Zipf workload round-robin, and DataSketches' own merge as the oracle
        List<HotKeyRegistry> instances = registries(3, HotKeySettings.DEFAULTS);
        ItemsSketch<String> oracle = new ItemsSketch<>(1024);
        List<ItemsSketch<String>> parts =
                List.of(new ItemsSketch<>(1024), new ItemsSketch<>(1024), new ItemsSketch<>(1024));
        Zipf zipf = new Zipf(300, 1.1, 7);
        for (int hit = 0; hit < 30_000; hit++) {
            String label = "k" + zipf.next();
            instances.get(hit % 3).recordLabel("iot", "readings", label, 1);
            parts.get(hit % 3).update(label);
        }
        parts.forEach(oracle::merge);

        // when
        SketchMerge merge = new SketchMerge(KeyExporter.plain(), true);
        instances.forEach(r -> merge.addAll(r.sketches(null, true)));
        TableHotKeys merged = merge.hotKeys(300).get(0);

        // then every figure is DataSketches' own
        assertThat(merged.streamLength()).isEqualTo(oracle.getStreamLength());
        assertThat(merged.maximumError()).isEqualTo(oracle.getMaximumError());
        ItemsSketch.Row<String>[] rows = oracle.getFrequentItems(0L, ErrorType.NO_FALSE_NEGATIVES);
        assertThat(merged.keys()).hasSize(rows.length);
        for (HotKey key : merged.keys()) {
            assertThat(key.lowerBound()).isEqualTo(oracle.getLowerBound(key.label()));
            assertThat(key.upperBound()).isEqualTo(oracle.getUpperBound(key.label()));
            assertThat(key.estimate()).isEqualTo(oracle.getEstimate(key.label()));
        }
    }

    @Test
    void boundsHoldTheTrueCountsWhenTheSketchesHavePurged() {
        // given more distinct keys than a 64-entry map holds, so every instance's sketch has purged
        List<HotKeyRegistry> instances =
                registries(3, HotKeySettings.DEFAULTS.withTopK(16).withMaxMapSize(64));
        Zipf zipf = new Zipf(5000, 1.2, 11);
        long[] truth = new long[5001];
        for (int hit = 0; hit < 50_000; hit++) {
            int rank = zipf.next();
            truth[rank]++;
            instances.get(hit % 3).recordLabel("iot", "readings", "k" + rank, 1);
        }

        // when
        SketchMerge merge = new SketchMerge(KeyExporter.plain(), true);
        instances.forEach(r -> merge.addAll(r.sketches(READINGS, true)));
        TableHotKeys merged = merge.hotKeys(10).get(0);

        // then
        assertThat(merged.maximumError()).isPositive();
        assertThat(merged.streamLength()).isEqualTo(50_000);
        for (HotKey key : merged.keys()) {
            long count = truth[Integer.parseInt(key.label().substring(1))];
            assertThat(count).isBetween(key.lowerBound(), key.upperBound());
        }
        assertThat(merged.keys().get(0).label()).isEqualTo("k1");
    }

    @Test
    void hashedItemsCarryNoClearKeyAndMergeAcrossInstances() {
        // given two instances exporting hashes with one salt
        KeyExporter exporter = KeyExporter.hashed("deployment-salt");
        HotKeyRegistry a = new HotKeyRegistry(HotKeySettings.DEFAULTS, exporter);
        HotKeyRegistry b = new HotKeyRegistry(HotKeySettings.DEFAULTS, exporter);
        a.record("iot", "readings", List.of("alice@example.com"), 3);
        b.record("iot", "readings", List.of("alice@example.com"), 4);

        // when
        List<TableSketch> sent = b.sketches(null, false);
        SketchMerge merge = new SketchMerge(exporter, false);
        merge.addAll(a.sketches(null, false));
        merge.addAll(sent);
        HotKey merged = merge.hotKeys(10).get(0).keys().get(0);

        // then
        String hash = exporter.export("alice@example.com");
        assertThat(sent.get(0).counts()).containsOnlyKeys(hash);
        assertThat(merged.key()).isEqualTo(hash);
        assertThat(merged.label()).isEqualTo(hash);
        assertThat(merged.estimate()).isEqualTo(7);
    }

    @Test
    void refusesAnInstanceWhoseFiguresWouldOverflowAndKeepsTheOthers() {
        SketchMerge merge = new SketchMerge(KeyExporter.plain(), true);
        merge.addAll(List.of(new TableSketch(READINGS, Long.MAX_VALUE - 5, 0, Map.of("a", Long.MAX_VALUE - 5))));

        assertThatThrownBy(() -> merge.addAll(List.of(
                        new TableSketch(new TableName("iot", "other"), 1, 0, Map.of("b", 1L)),
                        new TableSketch(READINGS, 10, 0, Map.of("a", 10L)))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the hits of iot.readings would exceed " + "2^63-1 merged");

        List<TableHotKeys> tables = merge.hotKeys(10);
        assertThat(tables).extracting(TableHotKeys::table).containsExactly(READINGS);
        assertThat(tables.get(0).streamLength()).isEqualTo(Long.MAX_VALUE - 5);
    }

    @Test
    void anInstanceWhoseCheckOutlastsTheDeadlineLeavesNoTrace() {
        // given a merge holding one instance, and a second of two tables whose deadline passes after the first
        SketchMerge merge = new SketchMerge(KeyExporter.plain(), true);
        merge.addAll(List.of(new TableSketch(READINGS, 3, 0, Map.of("a", 3L))));
        int[] asked = {0};

        // when
        boolean added = merge.addAll(
                List.of(
                        new TableSketch(READINGS, 10, 0, Map.of("a", 10L)),
                        new TableSketch(new TableName("iot", "other"), 1, 0, Map.of("b", 1L))),
                () -> asked[0]++ > 0);

        // then nothing of the second instance is in the merge
        assertThat(added).isFalse();
        List<TableHotKeys> tables = merge.hotKeys(10);
        assertThat(tables).extracting(TableHotKeys::table).containsExactly(READINGS);
        assertThat(tables.get(0).streamLength()).isEqualTo(3);
    }

    @Test
    void aSketchWithANegativeFigureIsRefused() {
        assertThatThrownBy(() -> new TableSketch(READINGS, 5, 0, Map.of("a", -1L)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("negative count");
        assertThatThrownBy(() -> new TableSketch(READINGS, -5, 0, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("negative hits");
    }

    private static List<HotKeyRegistry> registries(int n, HotKeySettings settings) {
        List<HotKeyRegistry> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(new HotKeyRegistry(settings, KeyExporter.plain()));
        }
        return all;
    }
}
