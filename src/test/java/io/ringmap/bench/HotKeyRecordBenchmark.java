package io.ringmap.bench;

import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.service.HotKeyRecorder;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.schema.CqlTypeParser;
import io.ringmap.schema.KeyColumn;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.PartitionKeyParser;
import io.ringmap.schema.TableSchema;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
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
 * Cost of recording one hit (registry lookup, label join, sketch update, exact counter) with one sketch per table
 * versus lock-striped sketches; Zipf(1.1) keys over 1M distinct, top 20 refreshed every 100k hits; and one hit
 * through the request path's recorder, whose allocation per hit ({@code -prof gc}) is the figure to watch.
 *
 * <p>Run: {@code ./mvnw -q test-compile && java -cp "target/test-classes:target/classes:$(./mvnw -q
 * dependency:build-classpath -Dmdep.outputFile=/dev/stdout)" io.ringmap.bench.HotKeyRecordBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class HotKeyRecordBenchmark {

    private static final TableSchema BY_ID =
            new TableSchema("iot", "by_id", List.of(new KeyColumn("id", CqlTypeParser.parse("int"))));

    @Param({"1", "2", "4"})
    public int stripes;

    private HotKeyRegistry registry;
    private int[] ranks;
    private HotKeyRecorder recorder;
    private ParsedKey byId;
    private List<Node> replicas;

    @Setup(Level.Trial)
    public void setUp() {
        registry = new HotKeyRegistry(HotKeySettings.DEFAULTS.withStripes(stripes), KeyExporter.plain());
        ranks = zipfRanks();
        for (int i = 0; i < ranks.length; i++) {
            registry.record("shop", "events_by_user", List.of("sensor-" + ranks[i], "2026-10-01"));
        }
        registry.refresh();
        recorder = new HotKeyRecorder(registry, new ReplicaHits(10));
        byId = PartitionKeyParser.parse(BY_ID, Map.of("id", "42"));
        replicas = List.of(
                new Node("N1", "127.0.0.1", "dc1", "rack1", NodeState.UP),
                new Node("N2", "127.0.0.2", "dc1", "rack2", NodeState.UP));
    }

    /** 2^20 ranks (1 = the hottest) drawn from Zipf(1.1) over 1M distinct keys, seed 1. */
    static int[] zipfRanks() {
        double[] cdf = new double[1_000_000];
        double sum = 0;
        for (int i = 0; i < cdf.length; i++) {
            sum += 1 / Math.pow(i + 1, 1.1);
            cdf[i] = sum;
        }
        SplittableRandom random = new SplittableRandom(1);
        int[] ranks = new int[1 << 20];
        for (int i = 0; i < ranks.length; i++) {
            int index = Arrays.binarySearch(cdf, random.nextDouble() * sum);
            ranks[i] = (index >= 0 ? index : -index - 1) + 1;
        }
        return ranks;
    }

    @State(Scope.Thread)
    public static class Cursor {
        int next = (int) (Thread.currentThread().getId() * 7919);
        long calls;
    }

    @Benchmark
    public void recordHit(Cursor cursor) {
        int rank = ranks[cursor.next++ & (ranks.length - 1)];
        registry.record("shop", "events_by_user", List.of("sensor-" + rank, "2026-10-01"));
        if (++cursor.calls % 100_000 == 0) {
            registry.refresh(); // as the once-a-second refresher would, from one of the hitting threads here
        }
    }

    /**
     * One hit of a single-column key with two replicas through the request path's {@link HotKeyRecorder}; with
     * {@code -prof gc}, {@code gc.alloc.rate.norm} stays under 64 bytes (at most the table id lookup key when it is
     * not scalar-replaced).
     */
    @Benchmark
    public void recordHitThroughRecorder() {
        recorder.record(BY_ID, byId, null, 1, null, replicas);
    }

    @Benchmark
    public String labelOnly(Cursor cursor) {
        // baseline: the allocation and join the caller pays anyway
        int rank = ranks[cursor.next++ & (ranks.length - 1)];
        return String.join(":", List.of("sensor-" + rank, "2026-10-01"));
    }

    public static void main(String[] args) throws RunnerException {
        for (int threads : new int[] {1, 2}) {
            new Runner(new OptionsBuilder()
                            .include(HotKeyRecordBenchmark.class.getSimpleName())
                            .threads(threads)
                            .build())
                    .run();
        }
    }
}
