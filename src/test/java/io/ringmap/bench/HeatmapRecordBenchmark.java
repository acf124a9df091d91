package io.ringmap.bench;

import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.heatmap.HeatmapSettings;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.Token;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Cost of counting one hit in the key visualizer (clock read, table lookup, bucket binary search, one atomic add)
 * beside today's per-hit cost of the hot keys ({@link HotKeyRecordBenchmark}'s {@code recordHit}, same keys), on a
 * four-node single-token ring and a 256-node ring of 16 vnodes each (4096 ranges grouped into the buckets). Zipf(1.1)
 * keys over 1M distinct; the tokens are computed beforehand, as the routing path has them already.
 *
 * <p>Run: {@code ./mvnw -q test-compile && java -cp "target/test-classes:target/classes:$(./mvnw -q
 * dependency:build-classpath -Dmdep.outputFile=/dev/stdout)" io.ringmap.bench.HeatmapRecordBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class HeatmapRecordBenchmark {

    @Param({"4x1", "256x16"})
    public String ring;

    @Param({"128", "1024"})
    public int buckets;

    private TokenRing tokenRing;
    private HeatmapRegistry heatmaps;
    private HotKeyRegistry hotKeys;
    private int[] ranks;
    private Token[] tokens;

    @Setup(Level.Trial)
    public void setUp() {
        String[] shape = ring.split("x");
        tokenRing = BenchRings.ring(Integer.parseInt(shape[0]), Integer.parseInt(shape[1]));
        heatmaps = new HeatmapRegistry(new HeatmapSettings(buckets, Duration.ofMinutes(1), 60, 32), Clock.systemUTC());
        hotKeys = new HotKeyRegistry(HotKeySettings.DEFAULTS, KeyExporter.plain());
        ranks = HotKeyRecordBenchmark.zipfRanks();
        tokens = new Token[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            tokens[i] = Murmur3Partitioner.INSTANCE.tokenFor(
                    ("sensor-" + ranks[i] + ":2026-10-01").getBytes(StandardCharsets.UTF_8));
        }
        for (int i = 0; i < ranks.length; i++) {
            hotKeys.record("shop", "events_by_user", List.of("sensor-" + ranks[i], "2026-10-01"));
            heatmaps.record("shop", "events_by_user", tokenRing, tokens[i], 1);
        }
        hotKeys.refresh();
    }

    @State(Scope.Thread)
    public static class Cursor {
        int next = (int) (Thread.currentThread().getId() * 7919);
        long calls;
    }

    @Benchmark
    public void heatmapRecord(Cursor cursor) {
        int i = cursor.next++ & (ranks.length - 1);
        heatmaps.record("shop", "events_by_user", tokenRing, tokens[i], 1);
    }

    @Benchmark
    public void hotKeyRecord(Cursor cursor) {
        int rank = ranks[cursor.next++ & (ranks.length - 1)];
        hotKeys.record("shop", "events_by_user", List.of("sensor-" + rank, "2026-10-01"));
        if (++cursor.calls % 100_000 == 0) {
            hotKeys.refresh(); // as the once-a-second refresher would
        }
    }

    public static void main(String[] args) throws RunnerException {
        new Runner(new OptionsBuilder()
                        .include(HeatmapRecordBenchmark.class.getSimpleName())
                        .build())
                .run();
    }
}
