package io.ringmap.streams.service;

import io.ringmap.routing.KeyRouter;
import io.ringmap.web.WebTestSupport;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The cost of reading a streamed body's NDJSON key lines, per line: with the plain-line shortcut of
 * {@link NdjsonKeyLines} ({@code plain}) and with every line read by Jackson's parser ({@code jackson}, the path before
 * the shortcut and its oracle), alone and with the key's routing (token and replicas) after it. Run with
 * {@code -prof gc} for the bytes allocated per line ({@code gc.alloc.rate.norm}), which the machine's load leaves alone.
 *
 * <p>Run: {@code ./mvnw -q test-compile && java -cp "target/test-classes:target/classes:$(./mvnw -q
 * dependency:build-classpath -Dmdep.outputFile=/dev/stdout)" io.ringmap.streams.service.StreamParseBenchmark -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class StreamParseBenchmark {

    // many lines an invocation, so that the reader's own buffers (64 KiB) count for a few bytes a line
    static final int LINES = 16_384;

    @Param({"plain", "jackson"})
    public String reader;

    private byte[] body;
    private KeyRouter router;

    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom random = new SplittableRandom(39);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < LINES; i++) {
            text.append("{\"sensor_id\": \"sensor-")
                    .append(random.nextInt(1_000_000))
                    .append("\", \"day\": \"2026-10-")
                    .append(String.format("%02d", 1 + random.nextInt(28)))
                    .append("\"}\n");
        }
        body = text.toString().getBytes(StandardCharsets.UTF_8);
        router = WebTestSupport.routing(WebTestSupport.ringFrom("/topology/default.yaml"), 10_000)
                .router("iot", "readings", true);
    }

    private NdjsonKeyLines lines() {
        return new NdjsonKeyLines(new ByteArrayInputStream(body), 64 * 1024, reader.equals("plain"));
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public int parse() throws IOException {
        NdjsonKeyLines lines = lines();
        int found = 0;
        while (lines.next()) {
            found += lines.key().size();
        }
        return found;
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public long parseAndRoute() throws IOException {
        NdjsonKeyLines lines = lines();
        long sum = 0;
        while (lines.next()) {
            sum += router.route(lines.key()).replicas().replicas().node(0);
        }
        return sum;
    }

    public static void main(String[] args) throws Exception {
        new Runner(new OptionsBuilder()
                        .include(StreamParseBenchmark.class.getSimpleName())
                        .build())
                .run();
    }
}
