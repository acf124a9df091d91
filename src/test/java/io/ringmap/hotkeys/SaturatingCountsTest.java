package io.ringmap.hotkeys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.ringmap.ring.TableName;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 21, finding 5: no amount of hits makes a counter overflow, the sketch fail, or a refresh throw; counts stop
 * at {@link Long#MAX_VALUE}.
 */
class SaturatingCountsTest {

    private static final TableName EVENTS = new TableName("shop", "events");

    @Test
    void aCounterStopsAtTheLargestLong() {
        SaturatingCounter counter = new SaturatingCounter();
        counter.add(Long.MAX_VALUE - 1);
        counter.add(2);
        counter.add(Long.MAX_VALUE);

        assertThat(counter.get()).isEqualTo(Long.MAX_VALUE);
        assertThat(SaturatingCounter.add(Long.MAX_VALUE, Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
        assertThat(SaturatingCounter.add(40, 2)).isEqualTo(42);
    }

    @Test
    void twoHitsOfTheLargestLongLeaveEveryFigureReadable() {
        for (int stripes : new int[] {1, 4, 64}) {
            // given a tracker whose key is exported, then flooded with counts no request can carry
            TableTracker tracker =
                    new TableTracker(EVENTS, HotKeySettings.DEFAULTS.withStripes(stripes), KeyExporter.hashed("salt"));
            tracker.record("victim", 5);
            tracker.refresh();
            tracker.record("flood", Long.MAX_VALUE);
            tracker.record("flood", Long.MAX_VALUE);
            tracker.recordAll(new String[] {"flood", "other"}, new long[] {Long.MAX_VALUE, Long.MAX_VALUE}, 2);

            // when it is refreshed and read, as the scheduler and GET /hotkeys do
            assertThatCode(tracker::refresh).as("stripes " + stripes).doesNotThrowAnyException();
            TableHotKeys hot = tracker.hotKeys(10);
            TopKCounters counters = tracker.counters();

            // then the figures stopped at the largest long and none is negative
            assertThat(hot.streamLength()).as("stripes " + stripes).isPositive();
            assertThat(hot.keys())
                    .extracting(HotKey::estimate)
                    .allSatisfy(e -> assertThat(e).isPositive());
            assertThat(counters.total()).isEqualTo(Long.MAX_VALUE);
            assertThat(counters.exported()).isEqualTo(Long.MAX_VALUE);
            assertThat(counters.other().count()).isEqualTo(Long.MAX_VALUE);
            assertThat(counters.keys())
                    .extracting(HitCounter::count)
                    .allSatisfy(c -> assertThat(c).isNotNegative());
        }
    }

    @Test
    void keysCountedAfterAFloodAreStillSeen() {
        // a full window starts the next one early rather than ignore what follows
        TableTracker tracker = new TableTracker(EVENTS, HotKeySettings.DEFAULTS, KeyExporter.plain());
        tracker.record("flood", Long.MAX_VALUE);
        tracker.record("late", Long.MAX_VALUE / 2);

        assertThat(tracker.hotKeys(10).keys()).extracting(HotKey::key).contains("flood", "late");
    }

    @Test
    void replicaAndDroppedHitsSaturateToo() {
        ReplicaHits replicas = new ReplicaHits(1);
        replicas.record("127.0.0.1", Long.MAX_VALUE);
        replicas.record("127.0.0.1", Long.MAX_VALUE);
        replicas.record("127.0.0.2", Long.MAX_VALUE); // beyond maxNodes: dropped
        replicas.record("127.0.0.2", Long.MAX_VALUE);
        assertThat(replicas.counters()).extracting(HitCounter::count).containsExactly(Long.MAX_VALUE);
        assertThat(replicas.droppedHits()).isEqualTo(Long.MAX_VALUE);

        HotKeyRegistry registry = new HotKeyRegistry(HotKeySettings.DEFAULTS.withMaxTables(1), KeyExporter.plain());
        registry.record("shop", "events", List.of("k"), 1);
        registry.recordLabels("shop", "other", new String[] {"a", "b"}, new long[] {Long.MAX_VALUE, Long.MAX_VALUE}, 2);
        assertThat(registry.droppedHits()).isEqualTo(Long.MAX_VALUE);
    }
}
