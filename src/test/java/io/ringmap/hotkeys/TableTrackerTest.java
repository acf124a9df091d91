package io.ringmap.hotkeys;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.ring.TableName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TableTrackerTest {

    private static final TableName EVENTS = new TableName("shop", "events_by_user");

    @Test
    void reportsTrueTopTenUnderZipf() {
        // given 6 million hits, Zipf s = 1.1 over 1,000,000 distinct keys, with the default sizing
        int distinct = 1_000_000;
        int hits = 6_000_000;
        TableTracker tracker = new TableTracker(EVENTS, HotKeySettings.DEFAULTS, KeyExporter.plain());
        Zipf zipf = new Zipf(distinct, 1.1, 20261001L);
        int[] trueCounts = new int[distinct + 1];
        for (int i = 0; i < hits; i++) {
            int rank = zipf.next();
            trueCounts[rank]++;
            tracker.record("sensor-" + rank, 1);
        }

        // when
        TableHotKeys top = tracker.hotKeys(10);

        // then the reported keys are the ten truly hottest, hottest first; equal true counts may come in any order
        List<Integer> expectedCounts = IntStream.rangeClosed(1, distinct)
                .map(r -> trueCounts[r])
                .boxed()
                .sorted(Comparator.reverseOrder())
                .limit(10)
                .toList();
        List<Integer> reportedCounts = top.keys().stream()
                .map(k -> trueCounts[Integer.parseInt(k.key().substring("sensor-".length()))])
                .toList();
        assertThat(reportedCounts).isEqualTo(expectedCounts);
        assertThat(top.keys()).extracting(HotKey::key).doesNotHaveDuplicates();
        // and every true count lies within the reported bounds
        for (HotKey key : top.keys()) {
            long truth = trueCounts[Integer.parseInt(key.key().substring("sensor-".length()))];
            assertThat(truth).isBetween(key.lowerBound(), key.upperBound());
            assertThat(key.upperBound() - key.lowerBound()).isLessThanOrEqualTo(top.maximumError());
        }
        assertThat(top.streamLength()).isEqualTo(hits);
        assertThat(top.maximumError()).isLessThanOrEqualTo((long) (3.5 * hits / 1024));
        assertThat(top.keys().get(0).share())
                .isCloseTo(trueCounts[1] / (double) hits, org.assertj.core.data.Offset.offset(1e-3));
    }

    @Test
    void countsHitsBeforeTheFirstRefreshUnderOther() {
        // given
        TableTracker tracker = new TableTracker(EVENTS, settings(3), KeyExporter.plain());

        // when
        tracker.record("a", 5);
        TopKCounters counters = tracker.counters();

        // then
        assertThat(counters.keys()).isEmpty();
        assertThat(counters.other().count()).isEqualTo(5);
        assertThat(counters.total()).isEqualTo(5);
    }

    @Test
    void keyEnteringTopKStartsAFreshCounterAtZero() {
        // given a key hit 10 times before any refresh
        TableTracker tracker = new TableTracker(EVENTS, settings(2), KeyExporter.plain());
        tracker.record("hot", 10);
        tracker.record("cold", 1);

        // when the top K is refreshed and the key is hit again
        tracker.refresh();
        HitCounter hot = counter(tracker, "hot");
        long atEntry = hot.count();
        tracker.record("hot", 3);

        // then its exported counter counts only the hits since it entered; the earlier ones stay under _other
        assertThat(atEntry).isZero();
        assertThat(hot.count()).isEqualTo(3);
        assertThat(tracker.counters().other().count()).isEqualTo(11);
        assertSumIsExact(tracker.counters());
    }

    @Test
    void exportedSeriesSumToTheTableTotalWhileNoKeyLeaves() {
        // given keys with stable, distinct rates
        TableTracker tracker = new TableTracker(EVENTS, settings(3), KeyExporter.plain());
        for (int round = 0; round < 50; round++) {
            for (int key = 1; key <= 10; key++) {
                tracker.record("k" + key, 11 - key);
            }
            tracker.refresh();
        }

        // when
        TopKCounters counters = tracker.counters();

        // then
        assertThat(counters.keys()).extracting(HitCounter::key).containsExactly("k1", "k2", "k3");
        assertThat(counters.evicted()).isZero();
        long exported = counters.keys().stream().mapToLong(HitCounter::count).sum()
                + counters.other().count();
        assertThat(exported).isEqualTo(counters.total()).isEqualTo(50L * 55);
    }

    @Test
    void keyLeavingTopKTakesItsCounterAlongAndOtherCountsItAfterwards() {
        // given "old" in the top 1
        TableTracker tracker = new TableTracker(EVENTS, settings(1), KeyExporter.plain());
        tracker.record("old", 100);
        tracker.refresh();
        HitCounter old = counter(tracker, "old");
        tracker.record("old", 7);

        // when traffic moves to "new" for two windows, so "old" leaves the sketch window
        tracker.rotateWindow();
        tracker.rotateWindow();
        tracker.record("new", 50);
        tracker.refresh();
        tracker.record("old", 2);

        // then
        TopKCounters counters = tracker.counters();
        assertThat(counters.keys()).extracting(HitCounter::key).containsExactly("new");
        assertThat(old.count()).isEqualTo(7);
        assertThat(counters.evicted()).isEqualTo(7);
        assertThat(counters.other().count()).isEqualTo(100 + 50 + 2);
        assertSumIsExact(counters);

        // and coming back gives it a new counter from zero
        tracker.rotateWindow();
        tracker.rotateWindow();
        tracker.record("old", 1000);
        tracker.refresh();
        assertThat(counter(tracker, "old")).isNotSameAs(old);
        assertThat(counter(tracker, "old").count()).isZero();
    }

    @Test
    void newcomerReplacesIncumbentOnlyWhenCertainlyHotter() {
        // given a top 1 holding "a" with 100 hits
        TableTracker tracker = new TableTracker(EVENTS, settings(1), KeyExporter.plain());
        tracker.record("a", 100);
        tracker.refresh();

        // when "b" draws level, the incumbent stays; when "b" pulls ahead, it takes over
        tracker.record("b", 100);
        tracker.refresh();
        List<String> afterTie = keys(tracker);
        tracker.record("b", 1);
        tracker.refresh();

        // then
        assertThat(afterTie).containsExactly("a");
        assertThat(keys(tracker)).containsExactly("b");
    }

    @Test
    void exportsHashesInsteadOfLabelsWhenAsked() {
        // given
        KeyExporter exporter = KeyExporter.hashed("salt");
        TableTracker tracker = new TableTracker(EVENTS, settings(2), exporter);
        tracker.record("alice", 10);

        // when
        tracker.refresh();

        // then
        assertThat(keys(tracker)).containsExactly(exporter.export("alice"));
        assertThat(tracker.hotKeys(5).keys()).extracting(HotKey::key).containsExactly(exporter.export("alice"));
        // and the operator's API still sees the real label beside its exported hash
        assertThat(tracker.hotKeys(5).keys()).extracting(HotKey::label).containsExactly("alice");
    }

    @Test
    void countsExactlyUnderConcurrentHitsAndRefreshes() throws Exception {
        // given 4 threads recording Zipf traffic (hit by hit, or in batches) while another thread refreshes and
        // rotates continuously
        for (int stripes : new int[] {1, 4}) {
            TableTracker tracker = new TableTracker(
                    EVENTS, HotKeySettings.DEFAULTS.withTopK(5).withStripes(stripes), KeyExporter.plain());
            int threads = 4;
            int hitsPerThread = 250_000;
            ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
            CountDownLatch start = new CountDownLatch(1);
            AtomicBoolean done = new AtomicBoolean();
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long seed = t;
                writers.add(pool.submit(() -> {
                    Zipf zipf = new Zipf(10_000, 1.1, seed);
                    start.await();
                    if (seed % 2 == 0) {
                        for (int i = 0; i < hitsPerThread; i++) {
                            tracker.record("k" + zipf.next(), 1);
                        }
                    } else {
                        // batches of 1,000 hits as POST /hits records them, with repeated labels and counts of 2
                        String[] labels = new String[1000];
                        long[] counts = new long[1000];
                        java.util.Arrays.fill(counts, 2);
                        for (int i = 0; i < hitsPerThread; i += 2 * labels.length) {
                            for (int j = 0; j < labels.length; j++) {
                                labels[j] = "k" + zipf.next();
                            }
                            tracker.recordAll(labels, counts, labels.length);
                        }
                    }
                    return null;
                }));
            }
            Future<?> refresher = pool.submit(() -> {
                start.await();
                int rounds = 0;
                while (!done.get()) {
                    tracker.refresh();
                    if (++rounds % 50 == 0) {
                        tracker.rotateWindow();
                    }
                    TopKCounters read = tracker.counters();
                    assertThat(read.exported() + read.evicted()).isEqualTo(read.total());
                }
                return null;
            });

            // when
            start.countDown();
            for (Future<?> writer : writers) {
                writer.get(60, TimeUnit.SECONDS);
            }
            done.set(true);
            refresher.get(60, TimeUnit.SECONDS);
            pool.shutdown();

            // then
            TopKCounters counters = tracker.counters();
            assertThat(counters.total()).isEqualTo((long) threads * hitsPerThread);
            assertSumIsExact(counters);
        }
    }

    @Test
    void aHitNeverWaitsForABusyStripeAndIsCountedByTheNextRead() throws Exception {
        // given a tracker whose every stripe is held by another thread (e.g. one descheduled mid-hit)
        TableTracker tracker =
                new TableTracker(EVENTS, HotKeySettings.DEFAULTS.withTopK(5).withStripes(2), KeyExporter.plain());
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            tracker.whileEveryStripeIsBusy(() -> {
                // when a request thread records hits meanwhile
                Future<?> hit = pool.submit(() -> {
                    tracker.record("alice", 3);
                    tracker.record("bob", 1);
                });

                // then it returns without waiting for the stripes
                assertThat(hit).succeedsWithin(java.time.Duration.ofSeconds(10));
            });
        } finally {
            pool.shutdown();
        }

        // and the next read counts them, exactly
        TopKCounters counters = tracker.counters();
        assertThat(counters.total()).isEqualTo(4);
        assertSumIsExact(counters);
        tracker.refresh();
        assertThat(keys(tracker)).containsExactly("alice", "bob");
    }

    private static void assertSumIsExact(TopKCounters counters) {
        long sum = counters.keys().stream().mapToLong(HitCounter::count).sum();
        assertThat(sum + counters.other().count() + counters.evicted()).isEqualTo(counters.total());
    }

    private static HotKeySettings settings(int topK) {
        return HotKeySettings.DEFAULTS.withTopK(topK).withMaxMapSize(64);
    }

    private static HitCounter counter(TableTracker tracker, String key) {
        Map<String, HitCounter> byKey =
                tracker.counters().keys().stream().collect(Collectors.toMap(HitCounter::key, Function.identity()));
        assertThat(byKey).containsKey(key);
        return byKey.get(key);
    }

    private static List<String> keys(TableTracker tracker) {
        return tracker.counters().keys().stream().map(HitCounter::key).toList();
    }
}
