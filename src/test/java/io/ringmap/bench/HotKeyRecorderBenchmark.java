package io.ringmap.bench;

import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.routing.HotKeyRecorder;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.schema.CqlTypeParser;
import io.ringmap.schema.KeyColumn;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.PartitionKeyParser;
import io.ringmap.schema.TableSchema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost and allocation of recording one hit of a single-column key with two replicas through {@link HotKeyRecorder}
 * (the request path's recorder); the figure to watch is {@code gc.alloc.rate.norm}, at most a couple of small objects
 * (under 64 bytes) per hit when the table id lookup key is not scalar-replaced.
 *
 * <p>Run: {@code ./mvnw -q test-compile && java -cp "target/test-classes:target/classes:$(./mvnw -q
 * dependency:build-classpath -Dmdep.outputFile=/dev/stdout)" org.openjdk.jmh.Main HotKeyRecorderBenchmark -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class HotKeyRecorderBenchmark {

    private static final TableSchema BY_ID = new TableSchema("iot", "by_id",
            List.of(new KeyColumn("id", CqlTypeParser.parse("int"))));

    private HotKeyRecorder recorder;
    private ParsedKey key;
    private List<Node> replicas;

    @Setup(Level.Trial)
    public void setUp() {
        recorder = new HotKeyRecorder(new HotKeyRegistry(HotKeySettings.DEFAULTS, KeyExporter.plain()),
                new ReplicaHits(10));
        key = PartitionKeyParser.parse(BY_ID, Map.of("id", "42"));
        replicas = List.of(new Node("N1", "127.0.0.1", "dc1", "rack1", NodeState.UP),
                new Node("N2", "127.0.0.2", "dc1", "rack2", NodeState.UP));
    }

    @Benchmark
    public void recordHit() {
        recorder.record(BY_ID, key, 1, replicas);
    }
}
