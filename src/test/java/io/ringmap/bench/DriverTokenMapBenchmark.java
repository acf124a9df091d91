package io.ringmap.bench;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.internal.core.metadata.token.DefaultTokenMap;
import io.ringmap.replication.Placements;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.PartitionKeys;
import io.ringmap.token.Token;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * ringmap against the Cassandra Java driver's token map on the same ring, keys and keyspace (NetworkTopologyStrategy
 * 3 per DC over 3 DCs): a two-component partition key to its replicas (the driver's {@code newToken} +
 * {@code getReplicas}; ringmap's composite-key encoding, Murmur3 and snapshot lookup), and a full rebuild of the token
 * map (the driver's {@code DefaultTokenMap.build}; ringmap's ring, placements and snapshot), as on a topology change.
 *
 * <p>Run: {@code ./mvnw -q test-compile && java -cp "target/test-classes:target/classes:$(./mvnw -q
 * dependency:build-classpath -Dmdep.outputFile=/dev/stdout)" org.openjdk.jmh.Main DriverTokenMapBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@Fork(
        value = 1,
        jvmArgs = {"-Xmx2g"})
public class DriverTokenMapBenchmark {

    static final String KEYSPACE = "nts3";
    static final Map<String, String> REPLICATION =
            Map.of("class", "org.apache.cassandra.locator.NetworkTopologyStrategy", "dc1", "3", "dc2", "3", "dc3", "3");

    @Param({"1000x256"})
    public String ring;

    private TokenRing tokenRing;
    private List<Node> driverNodes;
    private List<KeyspaceMetadata> driverKeyspaces;
    private DefaultTokenMap driver;
    private RingSnapshot snapshot;
    private KeyspacePlacement.Placed placed;
    private final CqlIdentifier keyspaceId = CqlIdentifier.fromInternal(KEYSPACE);
    private ByteBuffer[][] driverKeys;
    private List<List<String>> rawTokens;
    private byte[][][] keys;
    private int i;

    @Setup(Level.Trial)
    public void setUp() {
        String[] shape = ring.split("x");
        tokenRing = BenchRings.ring(Integer.parseInt(shape[0]), Integer.parseInt(shape[1]), 3);
        driverNodes = DriverTokenMaps.nodes(tokenRing);
        rawTokens = tokenRing.tokensByNode().stream()
                .map(ts -> ts.stream().map(Token::toString).toList())
                .toList();
        driverKeyspaces = List.of(DriverTokenMaps.keyspace(KEYSPACE, REPLICATION));
        driver = DriverTokenMaps.build(driverNodes, driverKeyspaces);
        snapshot = buildRingmap(tokenRing);
        placed = (KeyspacePlacement.Placed) snapshot.keyspace(KEYSPACE).orElseThrow();
        SplittableRandom random = new SplittableRandom(7);
        keys = new byte[4096][][];
        driverKeys = new ByteBuffer[4096][];
        for (int k = 0; k < keys.length; k++) {
            byte[] sensor = ("sensor-" + random.nextInt(1_000_000)).getBytes(StandardCharsets.UTF_8);
            byte[] day = ByteBuffer.allocate(4)
                    .putInt(Integer.MIN_VALUE + 20_000 + random.nextInt(365))
                    .array();
            keys[k] = new byte[][] {sensor, day};
            driverKeys[k] = new ByteBuffer[] {ByteBuffer.wrap(sensor), ByteBuffer.wrap(day)};
        }
        checkSameAnswers();
    }

    private static RingSnapshot buildRingmap(TokenRing ring) {
        return RingSnapshot.of(ring, Placements.place(ring, Map.of(KEYSPACE, REPLICATION), 0));
    }

    /** Both sides must answer the same replica sets, or the comparison means nothing. */
    private void checkSameAnswers() {
        for (int k = 0; k < 200; k++) {
            Set<Node> theirs = driver.getReplicas(keyspaceId, driver.newToken(driverKeys[k]));
            int[] ours = ringmapReplicas(k).nodes();
            Set<String> a = new java.util.TreeSet<>();
            theirs.forEach(n -> a.add(n.getEndPoint().resolve().toString()));
            Set<String> b = new java.util.TreeSet<>();
            for (int v : ours) {
                b.add(new java.net.InetSocketAddress(tokenRing.nodes().get(v).address(), 9042).toString());
            }
            if (!a.equals(b)) {
                throw new IllegalStateException("key " + k + ": driver " + a + ", ringmap " + b);
            }
        }
    }

    private io.ringmap.ring.ReplicaSet ringmapReplicas(int k) {
        byte[][] c = keys[k];
        Token token = Murmur3Partitioner.INSTANCE.tokenFor(PartitionKeys.compose(List.of(c[0], c[1])));
        return snapshot.lookup(placed, token).replicas();
    }

    private int next() {
        i = (i + 1) & 4095;
        return i;
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @Warmup(iterations = 3, time = 2)
    @Measurement(iterations = 5, time = 2)
    public Set<Node> keyToReplicasDriver() {
        ByteBuffer[] key = driverKeys[next()];
        for (ByteBuffer b : key) {
            b.rewind();
        }
        return driver.getReplicas(keyspaceId, driver.newToken(key));
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @Warmup(iterations = 3, time = 2)
    @Measurement(iterations = 5, time = 2)
    public io.ringmap.ring.ReplicaSet keyToReplicasRingmap() {
        return ringmapReplicas(next());
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 2, time = 1)
    @Measurement(iterations = 3, time = 1)
    public DefaultTokenMap rebuildDriver() {
        return DriverTokenMaps.build(driverNodes, driverKeyspaces);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 2, time = 1)
    @Measurement(iterations = 3, time = 1)
    public RingSnapshot rebuildRingmap() {
        // from the nodes' token strings, as the driver builds from each node's raw tokens
        Map<io.ringmap.ring.Node, List<Token>> byNode = new LinkedHashMap<>();
        for (int n = 0; n < tokenRing.nodes().size(); n++) {
            List<Token> parsed = new ArrayList<>(rawTokens.get(n).size());
            for (String t : rawTokens.get(n)) {
                parsed.add(Murmur3Partitioner.INSTANCE.parseToken(t));
            }
            byNode.put(tokenRing.nodes().get(n), parsed);
        }
        return buildRingmap(TokenRing.of(Murmur3Partitioner.INSTANCE, byNode));
    }
}
