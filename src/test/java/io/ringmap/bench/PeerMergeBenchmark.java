package io.ringmap.bench;

import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.SketchMerge;
import io.ringmap.hotkeys.TableHotKeys;
import io.ringmap.ring.TableName;
import io.ringmap.hotkeys.TableSketch;
import java.util.ArrayList;
import java.util.HashMap;
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

/**
 * Cost of one merged {@code GET /hotkeys} on the answering instance, without the network: merging this instance's
 * sketches with P peers' for T tables of K keys each (K = 768 is a full sketch of the default max-map-size 1024), then
 * ranking the top 10 per table. Each instance's keys overlap by half with the next one's, as round-robin traffic does.
 *
 * <p>Run: {@code ./mvnw -q test-compile && java -cp "target/test-classes:target/classes:$(./mvnw -q
 * dependency:build-classpath -Dmdep.outputFile=/dev/stdout)" org.openjdk.jmh.Main PeerMergeBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class PeerMergeBenchmark {

    @Param({"2", "8"})
    public int peers;

    @Param({"1", "100"})
    public int tables;

    @Param({"768"})
    public int keysPerTable;

    private List<List<TableSketch>> instances;

    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom random = new SplittableRandom(24);
        instances = new ArrayList<>();
        for (int instance = 0; instance <= peers; instance++) {
            List<TableSketch> sketches = new ArrayList<>(tables);
            for (int t = 0; t < tables; t++) {
                Map<String, Long> counts = new HashMap<>();
                int first = instance * keysPerTable / 2;
                for (int k = 0; k < keysPerTable; k++) {
                    counts.put("sensor-" + (first + k) + ":2026-10-01", 1 + (long) random.nextInt(100_000));
                }
                sketches.add(new TableSketch(new TableName("ks", "t" + t), 10_000_000L, 1_000, counts));
            }
            instances.add(sketches);
        }
    }

    @Benchmark
    public List<TableHotKeys> mergeAndRank() {
        SketchMerge merge = new SketchMerge(KeyExporter.plain(), false);
        for (List<TableSketch> instance : instances) {
            merge.addAll(instance);
        }
        return merge.hotKeys(10);
    }
}
