package io.ringmap.hotkeys;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.openjdk.jol.info.GraphLayout;

@Isolated("sets system properties")
class HotKeyRegistryTest {

    private static final long MIB = 1024 * 1024;

    static {
        // JOL cannot ask Unsafe for field offsets of records (TableName); let it find them itself
        System.setProperty("jol.magicFieldOffset", "true");
        // sizes come from JOL's own layout model: attaching the HotSpot serviceability agent (a second JVM) and the
        // dynamic agent cost a minute per run and fail where ptrace is restricted (Yama), as on the CI machine
        System.setProperty("jol.skipHotspotSAAttach", "true");
        System.setProperty("jol.skipDynamicAttach", "true");
    }

    @Test
    void memoryStaysBoundedWhateverTheNumberOfDistinctKeys() {
        // given two registries fed 10,000 and 1,000,000 distinct keys (each hit twice)
        HotKeyRegistry small = feed(10_000);
        HotKeyRegistry large = feed(1_000_000);

        // when the retained object graphs are measured (JOL walks every reachable object)
        long smallBytes = GraphLayout.parseInstance(small).totalSize();
        long largeBytes = GraphLayout.parseInstance(large).totalSize();

        // then 100 times more keys cost less than a fixed bound more, and the whole stays small
        System.out.printf("retained: 10k keys %d bytes, 1M keys %d bytes%n", smallBytes, largeBytes);
        assertThat(largeBytes - smallBytes).isLessThan(8 * MIB);
        assertThat(largeBytes).isLessThan(2 * MIB);
    }

    @Test
    void dropsAndCountsHitsOfTablesBeyondTheCap() {
        // given room for two tables
        HotKeyRegistry registry = new HotKeyRegistry(HotKeySettings.DEFAULTS.withMaxTables(2), KeyExporter.plain());

        // when three tables are hit
        registry.record("ks", "a", List.of("1"));
        registry.record("ks", "b", List.of("1"), 4);
        registry.record("ks", "c", List.of("1"), 5);
        registry.record("ks", "a", List.of("2"));

        // then
        assertThat(registry.tableCount()).isEqualTo(2);
        assertThat(registry.droppedHits()).isEqualTo(5);
        assertThat(registry.counters()).extracting(c -> c.table().table()).containsExactly("a", "b");

        // and forgetting a table frees its slot
        registry.forget("ks", "a");
        registry.record("ks", "c", List.of("1"), 5);
        assertThat(registry.counters()).extracting(c -> c.table().table()).containsExactly("b", "c");
    }

    @Test
    void reportsHotKeysPerTableWithBounds() {
        // given
        HotKeyRegistry registry = new HotKeyRegistry(HotKeySettings.DEFAULTS, KeyExporter.plain());
        registry.record("shop", "events_by_user", List.of("sensor-17", "2026-10-01"), 30);
        registry.record("shop", "events_by_user", List.of("sensor-18", "2026-10-01"), 10);

        // when
        TableHotKeys hot = registry.hotKeys("shop", "events_by_user", 10).orElseThrow();

        // then
        assertThat(hot.streamLength()).isEqualTo(40);
        assertThat(hot.maximumError()).isZero();
        assertThat(hot.keys())
                .containsExactly(
                        new HotKey("sensor-17:2026-10-01", 30, 30, 30, 0.75),
                        new HotKey("sensor-18:2026-10-01", 10, 10, 10, 0.25));
        assertThat(registry.hotKeys("shop", "unknown", 10)).isEmpty();
    }

    private static HotKeyRegistry feed(int distinctKeys) {
        HotKeyRegistry registry = new HotKeyRegistry(HotKeySettings.DEFAULTS, KeyExporter.plain());
        for (int round = 0; round < 2; round++) {
            for (int key = 0; key < distinctKeys; key++) {
                registry.record("shop", "events_by_user", List.of("user-" + key, "2026-10-01"));
            }
            registry.refresh();
            registry.rotateWindows(); // the previous window is retained too: measure with both full
        }
        for (int key = 0; key < distinctKeys; key++) {
            registry.record("shop", "events_by_user", List.of("user-" + key, "2026-10-01"));
        }
        registry.refresh();
        return registry;
    }
}
