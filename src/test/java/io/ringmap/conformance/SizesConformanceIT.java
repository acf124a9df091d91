package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringmap.RingmapApplication;
import io.ringmap.console.web.ConsoleBrowser;
import io.ringmap.hotkeys.ServerHotKeys;
import io.ringmap.peers.client.PeerServers;
import io.ringmap.sizes.NodeReport;
import io.ringmap.sizes.SizesSnapshot;
import io.ringmap.sizes.cluster.SizesCollector;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterExtension;
import io.ringmap.testcluster.CassandraPartitioner;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.ClusterSpec;
import io.ringmap.testcluster.NodeSpec;
import io.ringmap.testcluster.NodetoolBatch;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.Ports;
import io.ringmap.testsupport.TestHttp;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * What the servers know, against the servers themselves, on one three-node cluster of its own (127.0.0.60-62, one
 * token each so ownership is even): a table with 2,000 small partitions and one large flushed partition (RF 2), a
 * table whose partitions crowd into one node's range (RF 1). {@code /sizes} must name the large partition with its
 * key on each of its replicas and agree with {@code nodetool tablestats} and {@code tablehistograms} on every node;
 * {@code mode=size} splits must spread rows far more evenly than {@code mode=even} while reading every row exactly
 * once; sampling must find the partition a skewed read workload made hot, and the heatmap's reads series must add
 * each round's sampled reads in the buckets of the keys' Cassandra tokens; {@code /load} must name uneven load under
 * even ownership. Timings and the measured ratio are printed.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.cassandra.contact-points=127.0.0.60:9042",
            "spring.cassandra.local-datacenter=dc1",
            "management.server.port=0",
            "ringmap.sizes.refresh-interval=1s",
            "ringmap.sizes.initial-delay=0s",
            "ringmap.sizes.query-timeout=2s",
            "ringmap.sizes.guideline.max-partition-size=4MB",
            "ringmap.sizes.jmx.enabled=true",
            "ringmap.sizes.jmx.host=127.0.0.1",
            "ringmap.sizes.jmx.ports[127.0.0.60]=7258",
            "ringmap.sizes.jmx.ports[127.0.0.61]=7259",
            "ringmap.sizes.jmx.ports[127.0.0.62]=7260",
            "ringmap.sizes.jmx.sampling.enabled=true",
            "ringmap.sizes.jmx.sampling.duration=2s"
        })
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(providers = ClusterLocks.class)
// its ringmap closes with the class: a cached context would go on following (and reconnecting to) a cluster
// that is gone for the rest of the run
@DirtiesContext
@TimeBudget(seconds = 400)
class SizesConformanceIT {

    static final ClusterSpec SPEC = new ClusterSpec(
            "sizes",
            "ringmap-sizes",
            CassandraPartitioner.MURMUR3,
            List.of(
                    NodeSpec.withTokens("127.0.0.60", "dc1", "rack1", "-6148914691236517206"),
                    NodeSpec.withTokens("127.0.0.61", "dc1", "rack1", "0"),
                    NodeSpec.withTokens("127.0.0.62", "dc1", "rack1", "6148914691236517206")),
            "256m",
            "384m",
            ClusterSpec.DEFAULT_JMX_PORT_BASE);

    @RegisterExtension
    static final CassandraClusterExtension CASSANDRA = CassandraClusterExtension.perClass(SPEC);

    static final String BIG_KEY = "big-tenant";
    static final int SMALL_PARTITIONS = 2000;
    static final int BIG_ROWS = 3000;
    static final int BIG_ROW_BYTES = 2000;
    static final int SKEW_HOT = 3000;
    static final int SKEW_COLD = 150;
    static final String HOT_KEY = "user-7";
    /** How long the sizes collector and the hot-key refresher may take to show what the nodes hold. */
    static final Duration SIZES_COLLECTED = Duration.ofSeconds(60);

    static long setupStarted;
    static long setupSeconds;

    @LocalServerPort
    int port;

    @org.springframework.beans.factory.annotation.Autowired
    SizesCollector collector;

    @org.springframework.beans.factory.annotation.Autowired
    ServerHotKeys serverHotKeys;

    @org.springframework.boot.test.web.server.LocalManagementPort
    int managementPort;

    TestHttp http() {
        return new TestHttp(port);
    }

    @BeforeAll
    static void writeTables() {
        setupStarted = System.nanoTime();
        CassandraCluster cluster = CASSANDRA.cluster();
        CqlSession session = cluster.session();
        cluster.executeSchemaChange(
                "CREATE KEYSPACE shop WITH replication = " + "{'class': 'SimpleStrategy', 'replication_factor': 2}");
        cluster.executeSchemaChange("CREATE TABLE shop.events (user_id text, seq int, payload blob, "
                + "PRIMARY KEY (user_id, seq)) WITH compression = {'enabled': false}");
        cluster.executeSchemaChange(
                "CREATE KEYSPACE skew WITH replication = " + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
        cluster.executeSchemaChange(
                "CREATE TABLE skew.items (id text PRIMARY KEY, v blob) " + "WITH compression = {'enabled': false}");
        Random random = new Random(10);
        PreparedStatement event = session.prepare("INSERT INTO shop.events (user_id, seq, payload) VALUES (?, ?, ?)");
        List<java.util.concurrent.CompletionStage<?>> pending = new ArrayList<>();
        for (int i = 0; i < SMALL_PARTITIONS; i++) {
            pending.add(session.executeAsync(event.bind("user-" + i, 0, bytes(random, 100))));
            drain(pending, 64);
        }
        for (int i = 0; i < BIG_ROWS; i++) {
            pending.add(session.executeAsync(
                    event.bind(BIG_KEY, i, bytes(random, BIG_ROW_BYTES)).setConsistencyLevel(ConsistencyLevel.ALL)));
            drain(pending, 32);
        }
        PreparedStatement item = session.prepare("INSERT INTO skew.items (id, v) VALUES (?, ?)");
        for (String id : skewedKeys()) {
            pending.add(session.executeAsync(item.bind(id, bytes(random, 200))));
            drain(pending, 64);
        }
        drain(pending, 0);
        // one JVM, in order: flush, then a full repair (its validation records each replica's top partitions by
        // size, what nodetool tablestats prints), then size estimates from the flushed SSTables
        List<NodetoolBatch.Command> commands = new ArrayList<>();
        for (int i = 0; i < SPEC.nodes().size(); i++) {
            commands.add(new NodetoolBatch.Command(i, List.of("flush")));
        }
        commands.add(new NodetoolBatch.Command(0, List.of("repair", "-full", "shop", "events")));
        for (int i = 0; i < SPEC.nodes().size(); i++) {
            commands.add(new NodetoolBatch.Command(i, List.of("refreshsizeestimates")));
        }
        for (NodetoolBatch.Result r : NodetoolBatch.run(cluster, commands, 1)) {
            assertThat(r.status()).as("nodetool: " + r.err()).isZero();
        }
        setupSeconds = (System.nanoTime() - setupStarted) / 1_000_000_000L;
        System.out.printf(
                "sizes IT: cluster start %.1f s, data, flush, repair and estimates %d s%n",
                cluster.lastStartDuration().toMillis() / 1000.0, setupSeconds);
    }

    /** 3,000 keys in node 127.0.0.61's range (-6148914691236517206, 0], 150 in each other node's. */
    static List<String> skewedKeys() {
        List<String> out = new ArrayList<>();
        int hot = 0;
        int low = 0;
        int high = 0;
        for (int i = 0; hot < SKEW_HOT || low < SKEW_COLD || high < SKEW_COLD; i++) {
            String id = "item-" + i;
            long t = ((LongToken) Murmur3Partitioner.INSTANCE.tokenFor(id.getBytes(StandardCharsets.UTF_8))).value();
            if (t > -6148914691236517206L && t <= 0) {
                if (hot++ < SKEW_HOT) {
                    out.add(id);
                }
            } else if (t > 0 && t <= 6148914691236517206L) {
                if (high++ < SKEW_COLD) {
                    out.add(id);
                }
            } else if (low++ < SKEW_COLD) {
                out.add(id);
            }
        }
        return out;
    }

    @Test
    @Order(1)
    void sizesNamesTheLargePartitionOnEachOfItsReplicasAndAgreesWithNodetool() {
        long started = System.nanoTime();
        CassandraCluster cluster = CASSANDRA.cluster();
        List<NodetoolBatch.Command> commands = new ArrayList<>();
        commands.add(new NodetoolBatch.Command(0, List.of("getendpoints", "shop", "events", BIG_KEY)));
        for (int i = 0; i < SPEC.nodes().size(); i++) {
            commands.add(new NodetoolBatch.Command(i, List.of("tablestats", "shop.events")));
            commands.add(new NodetoolBatch.Command(i, List.of("tablehistograms", "shop", "events")));
        }
        List<NodetoolBatch.Result> results = NodetoolBatch.run(cluster, commands, 1);
        Set<String> replicas = new TreeSet<>(lines(out(results.get(0))));
        assertThat(replicas).hasSize(2);
        Map<String, Map<String, String>> stats = new HashMap<>();
        Map<String, Map<String, long[]>> histograms = new HashMap<>();
        for (int i = 0; i < SPEC.nodes().size(); i++) {
            String address = SPEC.nodes().get(i).address();
            stats.put(address, tablestats(out(results.get(1 + 2 * i))));
            histograms.put(address, tablehistograms(out(results.get(2 + 2 * i))));
        }

        // the first round after nodetool read the same SSTables
        JsonNode sizes = awaitJson("/sizes?keyspace=shop&table=events", s -> agrees(s, stats), SIZES_COLLECTED);

        JsonNode largest = sizes.get("largestPartitions").get(0);
        assertThat(largest.get("key").asString()).isEqualTo(BIG_KEY);
        assertThat(largest.get("components").get("user_id").asString()).isEqualTo(BIG_KEY);
        assertThat(strings(largest.get("reportedBy"))).containsExactlyInAnyOrderElementsOf(replicas);
        assertThat(strings(largest.get("replicas"))).containsExactlyInAnyOrderElementsOf(replicas);
        String token = session()
                .execute("SELECT token(user_id) FROM shop.events WHERE user_id = '" + BIG_KEY + "' LIMIT 1")
                .one()
                .getObject(0)
                .toString();
        assertThat(largest.get("token").asString()).isEqualTo(token);
        assertThat(sizes.get("missingNodes")).isEmpty();

        for (JsonNode node : sizes.get("nodes")) {
            String address = node.get("address").asString();
            Map<String, String> nodetool = stats.get(address);
            assertThat(node.get("status").asString()).as(address).isEqualTo("COLLECTED");
            assertThat(node.get("maxPartitionBytes").asLong())
                    .as(address)
                    .isEqualTo(Long.parseLong(nodetool.get("Compacted partition maximum bytes")));
            assertThat(node.get("maxPartitionExact").asBoolean()).isTrue();
            assertThat(node.get("meanPartitionBytes").asLong())
                    .as(address)
                    .isEqualTo(Long.parseLong(nodetool.get("Compacted partition mean bytes")));
            assertThat(node.get("diskBytes").asLong())
                    .as(address)
                    .isEqualTo(Long.parseLong(nodetool.get("Space used (live)")));
            assertThat(node.get("partitionsHeld").asLong())
                    .as(address)
                    .isEqualTo(Long.parseLong(nodetool.get("Number of partitions (estimate)")));
            // system_views.max_partition_size is the same figure in MiB, rounded up
            assertThat(node.get("maxPartitionMebibytes").asLong())
                    .as(address)
                    .isEqualTo(ceilMib(Long.parseLong(nodetool.get("Compacted partition maximum bytes"))));
            long[] sizesColumn = histograms.get(address).get("Partition Size");
            long[] cellsColumn = histograms.get(address).get("Cell Count");
            assertThat(percentiles(node.get("partitionSize")))
                    .as(address + " partition size")
                    .isEqualTo(sizesColumn);
            assertThat(percentiles(node.get("cellCount")))
                    .as(address + " cell count")
                    .isEqualTo(cellsColumn);
            if (replicas.contains(address)) {
                assertThat(node.get("largestPartitions").get(0).get("key").asString())
                        .isEqualTo(BIG_KEY);
                assertThat(node.get("largestPartitions").get(0).get("value").asLong())
                        .as(address)
                        .isEqualTo(Long.parseLong(nodetool.get("top:" + BIG_KEY)));
            } else {
                assertThat(node.get("largestPartitions")).as(address).isEmpty();
            }
        }
        JsonNode merged = sizes.get("merged");
        long maxOfNodes = stats.values().stream()
                .mapToLong(s -> Long.parseLong(s.get("Compacted partition maximum bytes")))
                .max()
                .orElseThrow();
        assertThat(merged.get("maxPartitionBytes").asLong()).isEqualTo(maxOfNodes);
        assertThat(merged.get("diskBytesAllReplicas").asLong())
                .isEqualTo(stats.values().stream()
                        .mapToLong(s -> Long.parseLong(s.get("Space used (live)")))
                        .sum());
        // primary ranges only: 2,001 partitions counted once although RF is 2 (Cassandra's estimate is coarse)
        assertThat(merged.get("partitionsEstimate").asLong()).isBetween(1600L, 2500L);
        assertThat(merged.get("nodesReporting").asInt()).isEqualTo(3);

        List<String> kinds = sizes.get("warnings")
                .valueStream()
                .map(w -> w.get("kind").asString() + "@" + w.get("node").asString())
                .toList();
        for (String replica : replicas) {
            assertThat(kinds).contains("partition-too-large@" + replica, "max-far-above-p99@" + replica);
        }
        assertThat(sizes.get("warnings")
                        .valueStream()
                        .filter(w -> BIG_KEY.equals(w.path("key").asString(null))))
                .hasSize(2);
        report("/sizes agrees with nodetool on every node", started);
    }

    @Test
    @Order(2)
    void loadIsUnevenWhileOwnershipIsEvenAndTheSymptomIsNamed() {
        long started = System.nanoTime();
        Set<String> replicas =
                new TreeSet<>(lines(CASSANDRA.cluster().nodetool(0, "getendpoints", "shop", "events", BIG_KEY)));
        JsonNode load = http().ok(http().get("/load?keyspace=shop"), "/load");

        assertThat(load.get("verdict").get("symptom").asString()).isEqualTo("uneven-load-even-ownership");
        String lightest = null;
        long lightestLoad = Long.MAX_VALUE;
        for (JsonNode node : load.get("nodes")) {
            assertThat(node.get("effectiveOwnership").asDouble())
                    .isCloseTo(2.0 / 3, org.assertj.core.data.Offset.offset(0.001));
            if (node.get("loadBytes").asLong() < lightestLoad) {
                lightestLoad = node.get("loadBytes").asLong();
                lightest = node.get("address").asString();
            }
        }
        assertThat(replicas).doesNotContain(lightest);
        for (JsonNode node : load.get("nodes")) {
            if (replicas.contains(node.get("address").asString())) {
                assertThat(node.get("loadBytes").asLong()).isGreaterThan(3 * lightestLoad);
            }
        }
        System.out.println("sizes IT: /load " + load.get("nodes") + " verdict " + load.get("verdict"));
        report("/load names the symptom", started);
    }

    @Test
    @Order(3)
    void sizeWeightedSplitsSpreadRowsFarMoreEvenlyAndReadEveryRowOnce() {
        long started = System.nanoTime();
        awaitJson(
                "/sizes?keyspace=skew&table=items",
                s -> s.get("merged").get("partitionsEstimate") != null,
                SIZES_COLLECTED);
        for (int n : new int[] {12, 24}) {
            List<Integer> even = rowsPerSplit("even", n);
            List<Integer> size = rowsPerSplit("size", n);
            double evenSpread = spread(even);
            double sizeSpread = spread(size);
            System.out.printf(
                    Locale.ROOT,
                    "sizes IT: rows per split, n=%d%n  even (%d splits): %s max/min %.1f, "
                            + "cv %.2f%n  size (%d splits): %s max/min %.1f, cv %.2f%n  spread ratio even/size: %.1f "
                            + "(max/min), %.1f (cv)%n",
                    n,
                    even.size(),
                    even,
                    evenSpread,
                    cv(even),
                    size.size(),
                    size,
                    sizeSpread,
                    cv(size),
                    evenSpread / sizeSpread,
                    cv(even) / cv(size));
            assertThat(sizeSpread).as("max/min rows per split, n=" + n).isLessThan(evenSpread / 4);
            assertThat(cv(size)).as("cv of rows per split, n=" + n).isLessThan(cv(even) / 3);
        }

        JsonNode splits = http().ok(http().get("/splits?keyspace=skew&table=items&n=12&mode=size"), "splits");
        assertThat(splits.get("mode").asString()).isEqualTo("size");
        assertThat(splits.get("splits").get(0).get("estimatedBytes")).isNotNull();
        assertThat(splits.get("splits").get(0).get("estimatedPartitions")).isNotNull();
        assertThat(splits.get("splits").get(0).get("ownedRanges").asInt()).isEqualTo(1);
        report("mode=size against mode=even", started);
    }

    @Test
    @Order(4)
    void samplingFindsThePartitionASkewedReadWorkloadMadeHot() throws Exception {
        long started = System.nanoTime();
        CqlSession session = session();
        PreparedStatement read = session.prepare("SELECT seq FROM shop.events WHERE user_id = ? LIMIT 1");
        AtomicBoolean stop = new AtomicBoolean();
        Thread workload = new Thread(
                () -> {
                    Random random = new Random(7);
                    while (!stop.get()) {
                        // 80% of reads on one key, the rest spread over 2,000 others
                        String key = random.nextInt(10) < 8 ? HOT_KEY : "user-" + random.nextInt(SMALL_PARTITIONS);
                        session.execute(read.bind(key));
                    }
                },
                "skewed-reads");
        workload.start();
        try {
            JsonNode sizes = awaitJson(
                    "/sizes?keyspace=shop&table=events",
                    s -> s.get("sampledReads").size() > 0
                            && HOT_KEY.equals(
                                    s.get("sampledReads").get(0).get("key").asString()),
                    SIZES_COLLECTED);
            JsonNode hot = sizes.get("sampledReads").get(0);
            Set<String> replicas =
                    new TreeSet<>(lines(CASSANDRA.cluster().nodetool(0, "getendpoints", "shop", "events", HOT_KEY)));
            assertThat(strings(hot.get("replicas"))).containsExactlyInAnyOrderElementsOf(replicas);
            assertThat(replicas).containsAll(strings(hot.get("reportedBy")));
            System.out.println("sizes IT: sampled reads " + sizes.get("sampledReads"));

            // /hotkeys shows the server-side view beside the client-side counts, each entry with its source
            http().ok(
                            http().post(
                                            "/hits",
                                            Map.of(
                                                    "keyspace",
                                                    "shop",
                                                    "table",
                                                    "events",
                                                    "hits",
                                                    List.of(Map.of("key", Map.of("user_id", HOT_KEY), "count", 5)))),
                            "POST /hits");
            JsonNode table = http().ok(http().get("/hotkeys?keyspace=shop&table=events"), "/hotkeys")
                    .get("tables")
                    .get(0);
            assertThat(table.get("keys").get(0).get("source").asString()).isEqualTo("client");
            JsonNode server = table.get("serverSide").get(0);
            assertThat(server.get("source").asString()).isEqualTo("server-sampling");
            assertThat(server.get("key").asString()).isEqualTo(HOT_KEY);
            assertThat(server.get("reads").asLong()).isPositive();
            assertThat(strings(server.get("replicas"))).containsExactlyInAnyOrderElementsOf(replicas);

            // and as a metric beside the client-side counter, the same partition label, source server-sampling
            String hotSeries = "ringmap_hotkey_sampled{keyspace=\"shop\",operation=\"read\",partition=\"" + HOT_KEY
                    + "\",source=\"server-sampling\",table=\"events\"}";
            Map<String, Double> sampled =
                    awaitSeries("ringmap_hotkey_sampled{", m -> m.getOrDefault(hotSeries, 0.0) > 0, SIZES_COLLECTED);
            System.out.println("sizes IT: sampled meters " + sampled);
            double hottest = sampled.entrySet().stream()
                    .filter(e -> e.getKey().contains("table=\"events\"")
                            && e.getKey().contains("operation=\"read\""))
                    .mapToDouble(Map.Entry::getValue)
                    .max()
                    .orElseThrow();
            assertThat(sampled.get(hotSeries)).isEqualTo(hottest);
            String clientSeries =
                    "ringmap_hotkey_hits_total{keyspace=\"shop\",partition=\"" + HOT_KEY + "\",table=\"events\"}";
            awaitSeries("ringmap_hotkey_hits_total{", m -> m.containsKey(clientSeries), SIZES_COLLECTED);

            // the heatmap's reads series: what one round adds is each sampled partition's reads, summed over the
            // nodes, in the bucket holding the token Cassandra gives the key
            heatmapReadsAddEachRoundsSamplesAtTheirTokens();
        } finally {
            stop.set(true);
            workload.join();
        }
        report("sampling finds the hot partition", started);
    }

    /** One round's reads in the heatmap against the round's samples, placed by Cassandra's tokens. */
    private void heatmapReadsAddEachRoundsSamplesAtTheirTokens() {
        RoundView[] base = {roundView()};
        RoundView checked = Polling.until(
                "a round's samples in the heatmap's reads series",
                SIZES_COLLECTED,
                Duration.ofMillis(200),
                () -> {
                    RoundView now = roundView();
                    if (now == null || base[0] == null || now.round() == base[0].round()) {
                        base[0] = base[0] == null ? now : base[0];
                        return null;
                    }
                    long[] added = new long[now.hits().length];
                    for (int b = 0; b < added.length; b++) {
                        added[b] = now.hits()[b] - base[0].hits()[b];
                    }
                    long[] expected = new long[now.hits().length];
                    for (ServerHotKeys.ServerHotKey key : now.sampled()) {
                        expected[bucketOf(now.heatmap(), cassandraToken(key.key()))] += key.reads();
                    }
                    RoundView result = Arrays.equals(added, expected)
                                    && now.unplaced() == base[0].unplaced()
                                    && Arrays.stream(expected).sum() > 0
                            ? now
                            : null;
                    // more than one round apart, or read while the round was being added: compare the next one
                    base[0] = result == null ? now : base[0];
                    return result;
                },
                v -> v != null);
        int hotBucket = bucketOf(checked.heatmap(), cassandraToken(HOT_KEY));
        assertThat(checked.heatmap().get("source").asString()).isEqualTo("reads");
        assertThat(checked.heatmap().get("buckets").get(hotBucket).get("hits").asLong())
                .isPositive();
        System.out.println("sizes IT: heatmap reads per bucket after the checked round "
                + Arrays.toString(checked.hits()) + ", hot key in bucket " + hotBucket);
        http().ok(http().get("/heatmap?keyspace=shop&table=events&source=writes"), "/heatmap?source=writes");
    }

    /** A round of samples, the heatmap's reads read while it was current, and per bucket the reads of the window. */
    private record RoundView(
            Object round, List<ServerHotKeys.ServerHotKey> sampled, JsonNode heatmap, long[] hits, long unplaced) {}

    /** The current round's samples and the heatmap read in between, or null when a round ended meanwhile. */
    private RoundView roundView() {
        Object round = serverHotKeys.round();
        List<ServerHotKeys.ServerHotKey> sampled = serverHotKeys.of("shop", "events", Integer.MAX_VALUE);
        JsonNode heatmap =
                http().ok(http().get("/heatmap?keyspace=shop&table=events&source=reads"), "/heatmap?source=reads");
        if (round == null || serverHotKeys.round() != round) {
            return null;
        }
        long[] hits = new long[heatmap.get("buckets").size()];
        for (int b = 0; b < hits.length; b++) {
            hits[b] = heatmap.get("buckets").get(b).get("hits").asLong();
        }
        return new RoundView(
                round, sampled, heatmap, hits, heatmap.get("unplaced").asLong());
    }

    private static java.math.BigInteger cassandraToken(String userId) {
        return new java.math.BigInteger(session()
                .execute(SimpleStatement.newInstance(
                        "SELECT token(user_id) FROM shop.events WHERE user_id = ? LIMIT 1", userId))
                .one()
                .getObject(0)
                .toString());
    }

    /** The bucket (start, end] of the heatmap holding the token. */
    private static int bucketOf(JsonNode heatmap, java.math.BigInteger token) {
        JsonNode buckets = heatmap.get("buckets");
        for (int b = 0; b < buckets.size(); b++) {
            if (token.compareTo(new java.math.BigInteger(
                                    buckets.get(b).get("start").asString()))
                            > 0
                    && token.compareTo(new java.math.BigInteger(
                                    buckets.get(b).get("end").asString()))
                            <= 0) {
                return b;
            }
        }
        throw new AssertionError("token " + token + " is in no bucket");
    }

    @Test
    @Order(5)
    void eachNodesShareOfClientHitsIsWhatTheReplicaSetsOfTheHitKeysImply() {
        long started = System.nanoTime();
        // counts of distinct powers of ten: each node's total names exactly the keys it is a replica of
        Map<String, Long> counts = new java.util.LinkedHashMap<>();
        counts.put("user-11", 1L);
        counts.put("user-12", 10L);
        counts.put("user-13", 100L);
        counts.put("user-14", 1000L);
        counts.put(BIG_KEY, 10000L);
        List<NodetoolBatch.Command> commands = new ArrayList<>();
        for (String key : counts.keySet()) {
            commands.add(new NodetoolBatch.Command(0, List.of("getendpoints", "shop", "events", key)));
        }
        List<NodetoolBatch.Result> endpoints = NodetoolBatch.run(CASSANDRA.cluster(), commands, 1);
        Map<String, Long> expected = new HashMap<>();
        int i = 0;
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            for (String replica : lines(out(endpoints.get(i++)))) {
                expected.merge(replica, e.getValue(), Long::sum);
            }
        }
        Map<String, Long> before = clientHits(http().ok(http().get("/load?keyspace=shop"), "/load"));

        List<Map<String, Object>> hits = new ArrayList<>();
        counts.forEach((key, count) -> hits.add(Map.of("key", Map.of("user_id", key), "count", count)));
        http().ok(http().post("/hits", Map.of("keyspace", "shop", "table", "events", "hits", hits)), "POST /hits");
        JsonNode load = http().ok(http().get("/load?keyspace=shop"), "/load");

        Map<String, Long> after = clientHits(load);
        long total = after.values().stream().mapToLong(Long::longValue).sum();
        for (JsonNode node : load.get("nodes")) {
            String address = node.get("address").asString();
            assertThat(after.get(address) - before.get(address))
                    .as("client hits of " + address)
                    .isEqualTo(expected.getOrDefault(address, 0L));
            assertThat(node.get("clientHitShare").asDouble())
                    .as("share of " + address)
                    .isCloseTo((double) after.get(address) / total, org.assertj.core.data.Offset.offset(1e-9));
        }
        assertThat(expected.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(2 * 11111L); // RF 2
        System.out.println("sizes IT: client hits per node " + after + ", expected from the hits " + expected);
        report("/load's client-side hits follow the replica sets", started);
    }

    static Map<String, Long> clientHits(JsonNode load) {
        Map<String, Long> out = new HashMap<>();
        for (JsonNode node : load.get("nodes")) {
            out.put(node.get("address").asString(), node.get("clientHits").asLong());
        }
        return out;
    }

    /** The series of one scrape of ringmap's Prometheus endpoint whose names start with one of {@code prefixes}. */
    Map<String, Double> scrape(String... prefixes) {
        String scrape = new TestHttp(managementPort).get("/actuator/prometheus").body();
        Map<String, Double> series = new HashMap<>();
        scrape.lines()
                .filter(l -> Arrays.stream(prefixes).anyMatch(l::startsWith))
                .forEach(l -> {
                    int space = l.lastIndexOf(' ');
                    // without the tags every meter carries (application, cluster)
                    series.put(
                            l.substring(0, space)
                                    .replaceAll("(application|cluster)=\"[^\"]*\",?", "")
                                    .replace(",}", "}"),
                            Double.parseDouble(l.substring(space + 1)));
                });
        return series;
    }

    Map<String, Double> awaitSeries(String prefix, Predicate<Map<String, Double>> condition, Duration within)
            throws InterruptedException {
        return Polling.until(
                "a scrape of " + prefix + " meets the condition",
                within,
                Duration.ofMillis(250),
                () -> scrape(prefix),
                condition);
    }

    @Test
    @Order(6)
    void metricsCarryTheLargestPartitionAndTheBreachesPerTable() throws Exception {
        JsonNode sizes = http().ok(http().get("/sizes?keyspace=shop&table=events"), "/sizes");
        long largest = sizes.get("merged").get("maxPartitionBytes").asLong();
        Map<String, Double> series = scrape("ringmap_partition_", "ringmap_sizes_");
        System.out.println("sizes IT: size meters " + series);
        assertThat(series)
                .containsEntry("ringmap_partition_largest_bytes{keyspace=\"shop\",table=\"events\"}", (double) largest);
        // two replicas, each over the guideline by its maximum and by its named top partition
        assertThat(series.get("ringmap_partition_guideline_breaches{keyspace=\"shop\",table=\"events\"}"))
                .isEqualTo(4.0);
        assertThat(series.get("ringmap_partition_guideline_breaches{keyspace=\"skew\",table=\"items\"}"))
                .isEqualTo(0.0);
        assertThat(series.get("ringmap_sizes_nodes{status=\"UNREACHABLE\"}")).isEqualTo(0.0);
        assertThat(series.keySet().stream().filter(k -> k.startsWith("ringmap_partition_largest_bytes")))
                .as("one series per collected table")
                .hasSize(2);
    }

    /**
     * The console on this live cluster, as a user opens it: the ring of the three nodes with a third of the ring each,
     * the table's largest partitions as /sizes names them (the large partition first), and the key visualizer coloured
     * by the servers' sampled reads, whose hottest cell holds the hot key's Cassandra token. No error on the page or in
     * the browser console; screenshots under target/console/live-*.png.
     */
    @Test
    @Order(7)
    void theConsoleShowsTheLiveRingSizesAndSampledReads(@TempDir Path profile) throws Exception {
        try (ConsoleBrowser browser = new ConsoleBrowser(port, profile)) {
            browser.open("/console");
            browser.settle();

            browser.driver.findElement(By.id("tab-ring")).click();
            new Select(browser.driver.findElement(By.id("ring-keyspace"))).selectByValue("shop");
            browser.driver
                    .findElement(By.cssSelector("#ring-form button[type=submit]"))
                    .click();
            browser.settle();
            assertThat(browser.driver.findElements(By.cssSelector("#ring-nodes tr")))
                    .hasSize(4); // header + 3
            assertThat(browser.driver.findElement(By.id("ring-nodes")).getText())
                    .contains("127.0.0.60", "127.0.0.61", "127.0.0.62", "33.3 %", "66.7 %");
            // RF 2 at QUORUM needs both replicas: the page shows safe-to-stop's 409 as the answer
            assertThat(browser.driver.findElement(By.id("ring-node-details")).getText())
                    .contains("Safe to stop at QUORUM: no.");
            browser.screenshot("live-ring");

            browser.driver.findElement(By.id("tab-sizes")).click();
            new Select(browser.driver.findElement(By.id("sizes-table"))).selectByValue("shop.events");
            browser.driver
                    .findElement(By.cssSelector("#sizes-form button[type=submit]"))
                    .click();
            browser.settle();
            JsonNode sizes = http().ok(http().get("/sizes?keyspace=shop&table=events"), "/sizes");
            WebElement message = browser.driver.findElement(By.id("sizes-message"));
            assertThat(message.getDomAttribute("data-problem")).isNull();
            assertThat(message.getText()).startsWith("shop.events: ").endsWith("3 nodes reporting.");
            String largest = String.valueOf(
                    sizes.get("largestPartitions").get(0).get("value").asLong());
            assertThat(sizes.get("largestPartitions").get(0).get("key").asString())
                    .isEqualTo(BIG_KEY);
            // the chart (ECharts, a canvas) draws the largest partition's bytes as its first bar
            assertThat(browser.drawn("sizes-largest")).isTrue();
            assertThat(String.valueOf(browser.script("const d = echarts.getInstanceByDom(document.getElementById("
                            + "'sizes-largest')).getOption().series[0].data[0]; return String(typeof d === 'object' "
                            + "? d.value : d);")))
                    .isEqualTo(largest);
            browser.screenshot("live-sizes");

            browser.driver.findElement(By.id("tab-heatmap")).click();
            new Select(browser.driver.findElement(By.id("heatmap-table"))).selectByValue("shop.events");
            new Select(browser.driver.findElement(By.id("heatmap-source"))).selectByValue("reads");
            browser.driver
                    .findElement(By.cssSelector("#heatmap-form button[type=submit]"))
                    .click();
            browser.settle();
            WebElement summary = browser.driver.findElement(By.id("heatmap-summary"));
            java.math.BigInteger hot = cassandraToken(HOT_KEY);
            assertThat(hot)
                    .isGreaterThan(new java.math.BigInteger(summary.getDomAttribute("data-hottest-start")))
                    .isLessThanOrEqualTo(new java.math.BigInteger(summary.getDomAttribute("data-hottest-end")));
            browser.screenshot("live-heatmap-reads");

            assertThat(browser.driver.findElement(By.id("error")).isDisplayed()).isFalse();
            // Chromium logs every non-2xx answer; safe-to-stop's 409 is the answer the ring view shows
            assertThat(browser.consoleProblems())
                    .filteredOn(m -> !(m.contains("/availability/safe-to-stop?") && m.contains("status of 409")))
                    .isEmpty();
        }
    }

    /**
     * Three more instances on loopback, static peers, sharing the rounds: in one round of each, every node is read
     * by exactly one of them, with as many requests as this class's single instance sends it in one of its rounds;
     * every instance then serves the same figures as the single instance; with one stopped, the other two read its
     * nodes in their next round and name it. Rounds run when the test calls them (refresh-interval 1h).
     */
    @Test
    @Order(8)
    void threeInstancesReadEachNodeOncePerRoundAndServeOneInstancesView() throws Exception {
        long started = System.nanoTime();
        List<Integer> managementPorts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            managementPorts.add(Ports.free());
        }
        String peers =
                managementPorts.stream().map(p -> "127.0.0.1:" + p).collect(java.util.stream.Collectors.joining(","));
        List<ConfigurableApplicationContext> instances = new ArrayList<>();
        try {
            // one after the other (their logging set-up would be in any case: SerialLoggingStart)
            for (int port : managementPorts) {
                instances.add(new SpringApplicationBuilder(RingmapApplication.class)
                        .run(
                                "--server.port=0",
                                "--management.server.port=" + port,
                                "--ringmap.peers.static=" + peers,
                                "--ringmap.peers.timeout=5s",
                                "--ringmap.peers.secret=" + PeerServers.SECRET,
                                "--ringmap.peers.allow-plain-http=true",
                                "--spring.cassandra.contact-points=127.0.0.60:9042",
                                "--spring.cassandra.local-datacenter=dc1",
                                "--ringmap.sizes.refresh-interval=1h",
                                "--ringmap.sizes.initial-delay=1h",
                                "--ringmap.sizes.query-timeout=2s",
                                "--ringmap.sizes.jmx.enabled=true",
                                "--ringmap.sizes.jmx.host=127.0.0.1",
                                "--ringmap.sizes.jmx.ports[127.0.0.60]=7258",
                                "--ringmap.sizes.jmx.ports[127.0.0.61]=7259",
                                "--ringmap.sizes.jmx.ports[127.0.0.62]=7260"));
            }
            report("three peered instances started", started);
            List<SizesCollector> collectors =
                    instances.stream().map(i -> i.getBean(SizesCollector.class)).toList();
            Map<String, Integer> solo = new TreeMap<>();
            for (NodeReport r : collector.current().orElseThrow().nodes()) {
                solo.put(r.address(), r.queries());
            }
            assertThat(solo.keySet()).containsExactly("127.0.0.60", "127.0.0.61", "127.0.0.62");

            // one round on each: every node read by one instance, with one instance's requests
            for (SizesCollector c : collectors) {
                Polling.until(
                        "a round", SIZES_COLLECTED, Duration.ofMillis(500), () -> c.collect(), Optional::isPresent);
            }
            assertThat(queriesPerNode(collectors))
                    .as("requests per node in one round of each of three instances")
                    .isEqualTo(solo);
            System.out.printf(
                    "sizes IT: requests per node per round: 1 instance %s, 3 instances %s%n",
                    solo, queriesPerNode(collectors));

            // a second round on each: every instance serves every node, as the single instance does
            for (SizesCollector c : collectors) {
                c.collect();
            }
            JsonNode single = http().ok(http().get("/sizes?keyspace=shop&table=events"), "/sizes");
            for (int i = 0; i < 3; i++) {
                JsonNode peered = new TestHttp(port(instances.get(i)))
                        .ok(new TestHttp(port(instances.get(i))).get("/sizes?keyspace=shop&table=events"), "/sizes");
                assertThat(stable(peered)).as("instance %d", i).isEqualTo(stable(single));
                assertThat(strings(peered.get("collectors").get("contributed")))
                        .as("instance %d", i)
                        .hasSize(2);
                assertThat(peered.get("missingNodes")).isEmpty();
                for (JsonNode node : peered.get("nodes")) {
                    String by = !node.hasNonNull("collectedBy")
                            ? "127.0.0.1:" + managementPorts.get(i)
                            : node.get("collectedBy").asString();
                    assertThat(by)
                            .isEqualTo("127.0.0.1:"
                                    + managementPorts.get(collectorOf(
                                            collectors, node.get("address").asString())));
                }
            }

            // one instance stops: the other two read its nodes in their next round and name it
            Set<String> orphaned = new TreeSet<>(collectors.get(2).ownShare().orElseThrow().nodes().stream()
                    .map(NodeReport::address)
                    .toList());
            instances.get(2).close();
            List<SizesCollector> remaining = collectors.subList(0, 2);
            for (SizesCollector c : remaining) {
                c.collect();
            }
            assertThat(queriesPerNode(remaining))
                    .as("requests per node, two instances")
                    .isEqualTo(solo);
            remaining.get(0).collect(); // the first to run had the stopped one's last reports of the nodes it lost
            for (int i = 0; i < 2; i++) {
                SizesSnapshot round = remaining.get(i).current().orElseThrow();
                assertThat(round.nodes()).noneMatch(NodeReport::absent);
                for (NodeReport node : round.nodes()) {
                    assertThat(node.collectedBy())
                            .as(node.address())
                            .isIn(null, "127.0.0.1:" + managementPorts.get(1 - i));
                }
                assertThat(round.collectors().missing()).singleElement().satisfies(m -> {
                    assertThat(m.peer()).isEqualTo("127.0.0.1:" + managementPorts.get(2));
                    assertThat(m.reason()).isEqualTo("connection refused");
                });
            }
            System.out.printf("sizes IT: nodes of the stopped instance %s taken over by the others%n", orphaned);
        } finally {
            instances.forEach(ConfigurableApplicationContext::close);
            report("three peered instances share the rounds", started);
        }
    }

    /** Requests per node in the last round of each collector, summed over them (a node read twice adds up). */
    static Map<String, Integer> queriesPerNode(List<SizesCollector> collectors) {
        Map<String, Integer> perNode = new TreeMap<>();
        for (SizesCollector c : collectors) {
            for (NodeReport r : c.ownShare().orElseThrow().nodes()) {
                perNode.merge(r.address(), r.queries(), Integer::sum);
            }
        }
        return perNode;
    }

    /** Which collector read the node in its last round (exactly one must have). */
    static int collectorOf(List<SizesCollector> collectors, String node) {
        List<Integer> readers = new ArrayList<>();
        for (int i = 0; i < collectors.size(); i++) {
            if (collectors.get(i).ownShare().orElseThrow().node(node).isPresent()) {
                readers.add(i);
            }
        }
        assertThat(readers).as("instances that read " + node).hasSize(1);
        return readers.get(0);
    }

    /** The figures of {@code /sizes} that do not move between rounds on data at rest (reads move the per-read ones). */
    static Map<String, Object> stable(JsonNode sizes) {
        JsonNode merged = sizes.get("merged");
        Map<String, Object> out = new TreeMap<>();
        for (String field : List.of(
                "maxPartitionBytes",
                "maxPartitionExact",
                "meanPartitionBytes",
                "partitionsEstimate",
                "diskBytesAllReplicas",
                "partitionSize",
                "cellCount",
                "nodesReporting")) {
            out.put(field, String.valueOf(merged.get(field)));
        }
        out.put(
                "largest",
                sizes.get("largestPartitions")
                        .valueStream()
                        .map(p -> p.get("key").asString() + "=" + p.get("value").asLong() + " on "
                                + strings(p.get("reportedBy")))
                        .toList());
        for (JsonNode node : sizes.get("nodes")) {
            out.put(
                    node.get("address").asString(),
                    node.get("status").asString() + " " + node.get("diskBytes")
                            + " " + node.get("maxPartitionBytes") + " " + node.get("primaryPartitions") + " "
                            + node.get("queries"));
        }
        return out;
    }

    static int port(ConfigurableApplicationContext instance) {
        return instance.getEnvironment().getProperty("local.server.port", Integer.class);
    }

    @Test
    @Order(9)
    void aStoppedNodeLeavesItsPartMissingAndMarkedWhileTheRestStillAnswers() {
        long started = System.nanoTime();
        CASSANDRA.cluster().stopNode(1); // 127.0.0.61: no replica of the large partition; the last test, no restart
        JsonNode sizes = awaitJson(
                "/sizes?keyspace=shop&table=events",
                s -> strings(s.get("missingNodes")).equals(List.of("127.0.0.61")),
                SIZES_COLLECTED);
        report("a stopped node is reported missing", started);

        assertThat(sizes.get("merged").get("nodesReporting").asInt()).isEqualTo(2);
        assertThat(sizes.get("largestPartitions").get(0).get("key").asString()).isEqualTo(BIG_KEY);
        JsonNode stopped = sizes.get("nodes")
                .valueStream()
                .filter(n -> n.get("address").asString().equals("127.0.0.61"))
                .findFirst()
                .orElseThrow();
        assertThat(stopped.get("status").asString()).isEqualTo("UNREACHABLE");
        assertThat(stopped.get("reported").asBoolean()).isFalse();
        assertThat(stopped.get("problems")).isNotEmpty();
        JsonNode load = http().ok(http().get("/load?keyspace=shop"), "/load");
        JsonNode missing = load.get("nodes")
                .valueStream()
                .filter(n -> n.get("address").asString().equals("127.0.0.61"))
                .findFirst()
                .orElseThrow();
        assertThat(missing.get("status").asString()).isEqualTo("UNREACHABLE");
        assertThat(missing.get("loadBytes")).isNull();
    }

    // ---- nodetool output

    /** {@code nodetool tablestats} as label to value, plus {@code top:<key>} for its top partitions by size. */
    static Map<String, String> tablestats(String out) {
        Map<String, String> values = new HashMap<>();
        boolean top = false;
        for (String line : out.split("\n")) {
            String trimmed = line.trim();
            if (trimmed.startsWith("Top partitions by size")) {
                top = true;
                continue;
            }
            if (top) {
                String[] parts = trimmed.split("\\s+");
                if (parts.length == 2 && parts[1].matches("\\d+")) {
                    values.put("top:" + parts[0], parts[1]);
                    continue;
                } else if (!trimmed.startsWith("Key")) {
                    top = false;
                }
            }
            int colon = trimmed.indexOf(": ");
            if (colon > 0) {
                values.putIfAbsent(
                        trimmed.substring(0, colon),
                        trimmed.substring(colon + 2).trim());
            }
        }
        return values;
    }

    static final Pattern HISTOGRAM_ROW =
            Pattern.compile("^(50%|75%|95%|98%|99%|Min|Max)\\s+\\S+\\s+\\S+\\s+\\S+\\s+(\\S+)\\s+(\\S+)\\s*$");

    /** The Partition Size and Cell Count columns of {@code nodetool tablehistograms}: 50%..99%, Min, Max. */
    static Map<String, long[]> tablehistograms(String out) {
        long[] sizes = new long[7];
        long[] cells = new long[7];
        int row = 0;
        for (String line : out.split("\n")) {
            Matcher m = HISTOGRAM_ROW.matcher(line.trim());
            if (m.matches()) {
                sizes[row] = Math.round(Double.parseDouble(m.group(2)));
                cells[row] = Math.round(Double.parseDouble(m.group(3)));
                row++;
            }
        }
        assertThat(row).as("tablehistograms rows in:\n" + out).isEqualTo(7);
        return Map.of("Partition Size", sizes, "Cell Count", cells);
    }

    static long[] percentiles(JsonNode p) {
        return new long[] {
            p.get("p50").asLong(),
            p.get("p75").asLong(),
            p.get("p95").asLong(),
            p.get("p98").asLong(),
            p.get("p99").asLong(),
            p.get("min").asLong(),
            p.get("max").asLong()
        };
    }

    static boolean agrees(JsonNode sizes, Map<String, Map<String, String>> stats) {
        for (JsonNode node : sizes.get("nodes")) {
            Map<String, String> s = stats.get(node.get("address").asString());
            if (!node.get("reported").asBoolean()
                    || node.get("maxPartitionBytes") == null
                    || node.get("partitionSize") == null
                    || node.get("diskBytes").asLong() != Long.parseLong(s.get("Space used (live)"))
                    || node.get("maxPartitionBytes").asLong()
                            != Long.parseLong(s.get("Compacted partition maximum bytes"))) {
                return false;
            }
        }
        return sizes.get("largestPartitions").size() > 0;
    }

    // ---- splits

    List<Integer> rowsPerSplit(String mode, int n) {
        JsonNode splits =
                http().ok(http().get("/splits?keyspace=skew&table=items&n=" + n + "&mode=" + mode), "/splits " + mode);
        Set<String> seen = new HashSet<>();
        List<Integer> counts = new ArrayList<>();
        for (JsonNode split : splits.get("splits")) {
            int rows = 0;
            for (JsonNode range : split.get("ranges")) {
                for (Row row : session()
                        .execute(SimpleStatement.newInstance(range.get("cql").asString())
                                .setConsistencyLevel(ConsistencyLevel.ONE)
                                .setPageSize(5000))) {
                    assertThat(seen.add(row.getString("id")))
                            .as("row read twice: " + row.getString("id"))
                            .isTrue();
                    rows++;
                }
            }
            counts.add(rows);
        }
        assertThat(seen).hasSize(SKEW_HOT + 2 * SKEW_COLD);
        return counts;
    }

    static double spread(List<Integer> counts) {
        int max = counts.stream().mapToInt(Integer::intValue).max().orElseThrow();
        int min = counts.stream().mapToInt(Integer::intValue).min().orElseThrow();
        return (double) max / Math.max(1, min);
    }

    static double cv(List<Integer> counts) {
        double mean = counts.stream().mapToInt(Integer::intValue).average().orElseThrow();
        double var = counts.stream()
                .mapToDouble(c -> (c - mean) * (c - mean))
                .average()
                .orElseThrow();
        return Math.sqrt(var) / mean;
    }

    // ---- helpers

    static CqlSession session() {
        return CASSANDRA.cluster().session();
    }

    JsonNode awaitJson(String path, Predicate<JsonNode> condition, Duration within) {
        return http().await(path, r -> r.status() == 200 && condition.test(r.json()), within)
                .json();
    }

    static String out(NodetoolBatch.Result r) {
        assertThat(r.status()).as("nodetool: " + r.err()).isZero();
        return String.join("\n", r.out());
    }

    static List<String> lines(String out) {
        return out.lines().map(String::trim).filter(l -> !l.isEmpty()).toList();
    }

    static List<String> strings(JsonNode array) {
        return array.valueStream().map(JsonNode::asString).toList();
    }

    static long ceilMib(long bytes) {
        return (bytes + (1L << 20) - 1) >> 20;
    }

    static ByteBuffer bytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return ByteBuffer.wrap(b);
    }

    static void drain(List<java.util.concurrent.CompletionStage<?>> pending, int keep) {
        if (pending.size() > keep) {
            for (var p : pending) {
                p.toCompletableFuture().join();
            }
            pending.clear();
        }
    }

    static void report(String what, long startedNanos) {
        System.out.printf(Locale.ROOT, "sizes IT: %s in %.1f s%n", what, (System.nanoTime() - startedNanos) / 1e9);
    }
}
