package io.ringmap.bench;

import io.ringmap.heatmap.BucketLayout;
import io.ringmap.heatmap.TableHeatmap;
import io.ringmap.heatmap.peers.PeerHeatmap;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.SketchMerge;
import io.ringmap.hotkeys.TableHotKeys;
import io.ringmap.hotkeys.TableSketch;
import io.ringmap.ring.TableName;
import io.ringmap.token.LongToken;
import io.ringmap.token.Token;
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
import tools.jackson.databind.json.JsonMapper;

/**
 * Cost of one merged {@code GET /hotkeys} on the answering instance, without the network: merging this instance's
 * sketches with P peers' for T tables of K keys each (K = 768 is a full sketch of the default max-map-size 1024), then
 * ranking the top 10 per table. Each instance's keys overlap by half with the next one's, as round-robin traffic does.
 * And the cost of one summed {@code GET /heatmap} ({@link #sumHeatmaps}): decoding P peers' JSON answers (one table,
 * 128 buckets × 60 slices, every cell counted: the default settings' largest answer) and adding them cell by cell to
 * this instance's counts; the {@code tables} parameter does not apply (run it with {@code -p tables=1}).
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
    private TableHeatmap localHeatmap;
    private List<byte[]> heatmapAnswers;
    private final JsonMapper json = JsonMapper.builder().build();

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
        List<Token> ends = new ArrayList<>();
        for (int b = 1; b <= 128; b++) {
            ends.add(new LongToken(b == 128 ? Long.MAX_VALUE : Long.MIN_VALUE + b * (Long.MAX_VALUE / 64)));
        }
        BucketLayout layout = BucketLayout.of(new LongToken(Long.MIN_VALUE), ends);
        List<String> endText = ends.stream().map(Token::toString).toList();
        heatmapAnswers = new ArrayList<>();
        for (int instance = 0; instance <= peers; instance++) {
            List<TableHeatmap.Slice> slices = new ArrayList<>();
            for (int s = 0; s < 60; s++) {
                long[] counts = new long[128];
                for (int b = 0; b < counts.length; b++) {
                    counts[b] = 1 + random.nextInt(100_000);
                }
                slices.add(new TableHeatmap.Slice(60_000L * (29_000_000 + s), counts));
            }
            TableHeatmap heatmap = new TableHeatmap(new TableName("ks", "t0"), layout, 60_000, slices);
            if (instance == 0) {
                localHeatmap = heatmap;
            } else {
                heatmapAnswers.add(json.writeValueAsBytes(new PeerHeatmap(
                        "p" + instance,
                        "hash",
                        new PeerHeatmap.Counts(
                                60_000,
                                endText,
                                slices.stream()
                                        .map(s -> new PeerHeatmap.Slice(s.startMillis(), s.counts()))
                                        .toList()),
                        null,
                        null)));
            }
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

    @Benchmark
    public TableHeatmap sumHeatmaps() {
        List<String> ends =
                localHeatmap.layout().ends().stream().map(Token::toString).toList();
        TableHeatmap sum = localHeatmap;
        for (byte[] answer : heatmapAnswers) {
            PeerHeatmap peer = json.readValue(answer, PeerHeatmap.class);
            if (!ends.equals(peer.counts().ends())) {
                throw new IllegalStateException("other buckets");
            }
            List<TableHeatmap.Slice> slices =
                    new ArrayList<>(peer.counts().slices().size());
            for (PeerHeatmap.Slice s : peer.counts().slices()) {
                slices.add(new TableHeatmap.Slice(s.start(), s.counts()));
            }
            sum = sum.merge(new TableHeatmap(sum.table(), sum.layout(), sum.sliceMillis(), slices), 20);
        }
        return sum;
    }
}
