package io.ringmap.bench;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.ringmap.config.ApiProperties;
import io.ringmap.hits.metrics.ReportedHits;
import io.ringmap.hits.web.HitCounting;
import io.ringmap.hits.web.HitsController;
import io.ringmap.hits.web.HitsRequest;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.service.HotKeyRecorder;
import io.ringmap.routing.RoutingService;
import io.ringmap.routing.web.ReplicasBatchRequest;
import io.ringmap.routing.web.ReplicasController;
import io.ringmap.routing.web.TokenBatchRequest;
import io.ringmap.routing.web.TokenController;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.topology.StaticTopologyParser;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * Per-key cost of the batch endpoints without HTTP: the JSON body bound, the keys parsed, hashed, looked up (and
 * counted as hot-key hits, as in the service), and the answer written as JSON; 1,000 {@code (text, date)} keys per
 * request on a 1000-node x 256-vnode ring (NTS dc1:3, dc2:3). Each score is per key.
 *
 * <p>The controllers are called as Spring MVC calls them (their public methods, the JSON mapper configured as the
 * service's: non-null inclusion), so the same class measures any version of them: compile it in a checkout of
 * main and in this branch and run both.
 *
 * <p>Run: {@code ./mvnw -q test-compile && java -cp "target/test-classes:target/classes:$(./mvnw -q
 * dependency:build-classpath -Dmdep.outputFile=/dev/stdout)" org.openjdk.jmh.Main BatchBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgs = {"-Xms1g", "-Xmx1g"})
public class BatchBenchmark {

    static final int KEYS = 1000;

    private JsonMapper mapper;
    private ReplicasController replicas;
    private TokenController tokens;
    private HitsController hits;
    private byte[] replicasBody;
    private byte[] tokenBody;
    private byte[] hitsBody;

    @Setup(Level.Trial)
    public void setUp() {
        SnapshotHolder holder = new SnapshotHolder(Clock.systemUTC());
        holder.publish(StaticTopologyParser.parse(topology(1000, 256), "bench"), "static:bench");
        HotKeyRegistry registry = new HotKeyRegistry(HotKeySettings.DEFAULTS, KeyExporter.plain());
        RoutingService routing = new RoutingService(
                holder, new ApiProperties(10_000), new HotKeyRecorder(registry, new ReplicaHits(2000)), null);
        StaticListableBeanFactory beans = new StaticListableBeanFactory();
        replicas = new ReplicasController(routing, beans.getBeanProvider(HitCounting.class));
        tokens = new TokenController(routing, beans.getBeanProvider(HitCounting.class));
        beans.addBean("reportedHits", new ReportedHits());
        hits = new HitsController(routing, beans.getBeanProvider(ReportedHits.class));
        mapper = JsonMapper.builder()
                .changeDefaultPropertyInclusion(i -> i.withValueInclusion(JsonInclude.Include.NON_NULL))
                .build();
        StringBuilder keys = new StringBuilder();
        StringBuilder hitItems = new StringBuilder();
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < KEYS; i++) {
            String key = "{\"sensor_id\":\"sensor-" + random.nextInt(1_000_000) + "\",\"day\":\"2026-10-"
                    + String.format("%02d", i % 28 + 1) + "\"}";
            keys.append(i == 0 ? "" : ",").append(key);
            // hits as a sampling client reports them: Zipf-like, many repeats of the hottest keys
            int rank = (int) Math.min(999_999, Math.floor(1 / Math.pow(random.nextDouble(), 1.5)));
            hitItems.append(i == 0 ? "" : ",")
                    .append("{\"key\":{\"sensor_id\":\"sensor-")
                    .append(rank)
                    .append("\",\"day\":\"2026-10-01\"},\"count\":1,\"operation\":\"read\"}");
        }
        replicasBody = ("{\"keyspace\":\"iot\",\"table\":\"readings\",\"keys\":[" + keys + "]}")
                .getBytes(StandardCharsets.UTF_8);
        tokenBody = replicasBody;
        hitsBody = ("{\"keyspace\":\"iot\",\"table\":\"readings\",\"hits\":[" + hitItems + "]}")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** POST /replicas: bind, parse, hash, look up, count, write. */
    @Benchmark
    @OperationsPerInvocation(KEYS)
    public byte[] postReplicas() {
        ReplicasBatchRequest request = mapper.readValue(replicasBody, ReplicasBatchRequest.class);
        return mapper.writeValueAsBytes(replicas.replicasBatch(request, null));
    }

    /** POST /replicas/compact: as {@link #postReplicas}, each distinct replica written once. */
    @Benchmark
    @OperationsPerInvocation(KEYS)
    public byte[] postReplicasCompact() {
        ReplicasBatchRequest request = mapper.readValue(replicasBody, ReplicasBatchRequest.class);
        return mapper.writeValueAsBytes(replicas.replicasBatchCompact(request, null));
    }

    /** POST /token: bind, parse, hash, count, write. */
    @Benchmark
    @OperationsPerInvocation(KEYS)
    public byte[] postToken() {
        TokenBatchRequest request = mapper.readValue(tokenBody, TokenBatchRequest.class);
        return mapper.writeValueAsBytes(tokens.tokens(request, null));
    }

    /** POST /hits: bind, parse, hash, look up, count (sketch, exact counters, replica counters, reported hits). */
    @Benchmark
    @OperationsPerInvocation(KEYS)
    public byte[] postHits() {
        HitsRequest request = mapper.readValue(hitsBody, HitsRequest.class);
        return mapper.writeValueAsBytes(hits.hits(request));
    }

    /** The request bound only (the JSON reading share of {@link #postReplicas}). */
    @Benchmark
    @OperationsPerInvocation(KEYS)
    public Object bindReplicasRequest() {
        return mapper.readValue(replicasBody, ReplicasBatchRequest.class);
    }

    /** A topology like {@code scripts/bench_topology.py}'s: 2 DCs x 3 racks, random vnode tokens. */
    static String topology(int nodes, int vnodes) {
        SplittableRandom random = new SplittableRandom(42);
        StringBuilder y = new StringBuilder("cluster: bench\npartitioner: Murmur3Partitioner\nnodes:\n");
        for (int n = 0; n < nodes; n++) {
            y.append("  - {address: 10.")
                    .append(n / 250)
                    .append('.')
                    .append(n % 250)
                    .append(".1, datacenter: dc")
                    .append(n % 2 + 1)
                    .append(", rack: rack")
                    .append(n / 2 % 3)
                    .append(", tokens: [");
            for (int v = 0; v < vnodes; v++) {
                y.append(v == 0 ? "" : ", ").append(random.nextLong());
            }
            y.append("]}\n");
        }
        y.append("keyspaces:\n  iot:\n    replication: {class: NetworkTopologyStrategy, dc1: '3', dc2: '3'}\n")
                .append("    tables:\n      readings:\n")
                .append("        partitionKey: [{name: sensor_id, type: text}, {name: day, type: date}]\n");
        return y.toString();
    }
}
