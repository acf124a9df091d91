package io.ringmap.bench;

import io.ringmap.replication.ReplicationStrategies;
import io.ringmap.replication.ReplicationStrategy;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.schema.CqlTypeParser;
import io.ringmap.schema.KeyColumn;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.PartitionKeyParser;
import io.ringmap.schema.TableSchema;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
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
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The request-path costs of routing, side by side: hashing a key, parsing and hashing a typed composite key, a
 * replica lookup in the precomputed table (one binary search) versus placing the replicas on demand per lookup
 * (what a naive implementation does), on rings up to 1000 nodes x 256 vnodes.
 *
 * <p>Run: {@code ./mvnw -q test-compile && java -cp "target/test-classes:target/classes:$(./mvnw -q
 * dependency:build-classpath -Dmdep.outputFile=/dev/stdout)" io.ringmap.bench.RoutingBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RoutingBenchmark {

    @Param({"12x16", "1000x256"})
    public String ring;

    private RingSnapshot snapshot;
    private KeyspacePlacement.Placed nts;
    private IntFunction<ReplicaSet> onDemand;
    private TokenRing tokenRing;
    private long[] tokens;
    private byte[][] keys;
    private TableSchema table;
    private List<Map<String, String>> typedKeys;
    private int i;

    @Setup(Level.Trial)
    public void setUp() {
        String[] shape = ring.split("x");
        tokenRing = BenchRings.ring(Integer.parseInt(shape[0]), Integer.parseInt(shape[1]));
        snapshot = BenchRings.snapshot(tokenRing);
        nts = BenchRings.placed(snapshot, "nts");
        ReplicationStrategy strategy =
                ReplicationStrategies.of(BenchRings.keyspaces().get("nts"), 0, List.of());
        onDemand = strategy.placer(tokenRing);
        SplittableRandom random = new SplittableRandom(7);
        tokens = new long[4096];
        keys = new byte[4096][];
        typedKeys = new java.util.ArrayList<>();
        for (int k = 0; k < tokens.length; k++) {
            tokens[k] = random.nextLong();
            keys[k] = ("sensor-" + random.nextInt(1_000_000)).getBytes(StandardCharsets.UTF_8);
            typedKeys.add(Map.of(
                    "sensor_id",
                    "sensor-" + random.nextInt(1_000_000),
                    "day",
                    "2026-10-" + String.format("%02d", 1 + random.nextInt(28))));
        }
        table = new TableSchema(
                "iot",
                "readings",
                List.of(
                        new KeyColumn("sensor_id", CqlTypeParser.parse("text")),
                        new KeyColumn("day", CqlTypeParser.parse("date"))));
    }

    private int next() {
        i = (i + 1) & 4095;
        return i;
    }

    @Benchmark
    public long murmur3TokenOfTextKey() {
        return Murmur3Partitioner.INSTANCE.tokenFor(keys[next()]).value();
    }

    @Benchmark
    public long parseAndHashCompositeKey() {
        ParsedKey key = PartitionKeyParser.parse(table, typedKeys.get(next()));
        return Murmur3Partitioner.INSTANCE.tokenFor(key.serializedKey()).value();
    }

    @Benchmark
    public int replicasPrecomputed() {
        return snapshot.lookup(nts, new LongToken(tokens[next()])).replicas().node(0);
    }

    @Benchmark
    public int replicasPlacedOnDemand() {
        int index = tokenRing.primaryIndex(new LongToken(tokens[next()]));
        return onDemand.apply(index).node(0);
    }

    public static void main(String[] args) throws Exception {
        new Runner(new OptionsBuilder()
                        .include(RoutingBenchmark.class.getSimpleName())
                        .build())
                .run();
    }
}
