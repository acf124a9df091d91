package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringmap.ring.TokenRange;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterTest;
import io.ringmap.testcluster.CassandraLine;
import io.ringmap.testcluster.CassandraNode;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.NodetoolBatch;
import io.ringmap.testcluster.StandardCluster;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.TestHttp;
import io.ringmap.token.PartitionKeys;
import io.ringmap.token.Token;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestClassOrder;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * Replicas conform to Cassandra's: for {@value #KEYS_PER_KEYSPACE} sampled keys per keyspace and at least
 * {@value #KEYS_PER_RANGE} in every token range of the ring, ringmap's {@code POST /replicas}
 * answer equals {@code nodetool getendpoints <ks> <table> <key>} (Cassandra's own NodeTool, run in one JVM per
 * cluster by {@link NodetoolBatch}) replica for replica, in the same order (the primary first). SimpleStrategy RF 1-3,
 * NetworkTopologyStrategy below, at and above the rack count and above a DC's node count, LocalStrategy
 * ({@code system}, asked of ringmap's local node), transient replication where the cluster enables it; on the
 * six-node two-DC cluster and on a vnode cluster. Counts are printed.
 */
@TestClassOrder(ClassOrderer.OrderAnnotation.class)
@ResourceLock(providers = ClusterLocks.class)
@TimeBudget(seconds = 520)
class ReplicaConformanceIT {

    /**
     * Keys per keyspace, sampled, then topped up to {@link #KEYS_PER_RANGE} in each range: a replica set is a function
     * of the range a token falls in, so every range asked about (the vnode ring's narrowest too) proves more than more
     * keys in the wide ones. 500 random keys per keyspace cost 7,000 getendpoints calls per run (the nodetool JVM of
     * 5.0 took 72 s of CPU) on the suite's longest lock chain.
     */
    static final int KEYS_PER_KEYSPACE = 100;

    static final int KEYS_PER_RANGE = 3;

    /** A keyspace to check: its replication, and a table with a single text or a composite (text, int) key. */
    record Case(String keyspace, String replication, boolean composite) {

        String table() {
            return keyspace.equals("system") ? "local" : "t";
        }
    }

    // the two-DC cluster: dc1 = .1 rack1, .2 rack2, .3 rack1; dc2 = .4 rack1, .5 rack2, .6 rack2
    static final List<Case> TWO_DC_CASES = List.of(
            new Case("rep_simple_1", "{'class': 'SimpleStrategy', 'replication_factor': 1}", false),
            new Case("rep_simple_2", "{'class': 'SimpleStrategy', 'replication_factor': 2}", false),
            new Case("rep_simple_3", "{'class': 'SimpleStrategy', 'replication_factor': 3}", true),
            // RF below the rack count
            new Case("rep_nts_dc1_1", "{'class': 'NetworkTopologyStrategy', 'dc1': 1}", false),
            // RF equal to the rack count in both DCs
            new Case("rep_nts_2_2", "{'class': 'NetworkTopologyStrategy', 'dc1': 2, 'dc2': 2}", true),
            // RF above the rack count (dc1) and below it (dc2)
            new Case("rep_nts_3_1", "{'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 1}", false),
            // RF above the DC's node count (dc2 has three nodes)
            new Case("rep_nts_dc2_4", "{'class': 'NetworkTopologyStrategy', 'dc2': 4}", false),
            new Case("rep_nts_3_3", "{'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 3}", true));

    static final Case LOCAL = new Case("system", null, false);
    static final Case TRANSIENT =
            new Case("rep_transient", "{'class': 'NetworkTopologyStrategy', 'dc1': '3/1', 'dc2': 2}", false);

    static final List<Case> VNODE_CASES = List.of(
            new Case("rep_v_simple_2", "{'class': 'SimpleStrategy', 'replication_factor': 2}", false),
            new Case("rep_v_simple_3", "{'class': 'SimpleStrategy', 'replication_factor': 3}", true),
            new Case("rep_v_nts_2_1", "{'class': 'NetworkTopologyStrategy', 'dc1': 2, 'dc2': 1}", false),
            new Case("rep_v_nts_1_2", "{'class': 'NetworkTopologyStrategy', 'dc1': 1, 'dc2': 2}", true));

    // vnodes first: the two-DC cluster started next is then shared with the split and token suites that follow
    @Nested
    @Order(1)
    @CassandraClusterTest(StandardCluster.VNODES)
    @SpringBootTest(
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {
                "spring.cassandra.contact-points=127.0.0.11:9042", "spring.cassandra.local-datacenter=dc1",
                "management.server.port=0", "ringmap.topology.refresh-interval=5s"
            })
    @DirtiesContext
    class Vnodes {

        @BeforeAll
        static void createKeyspaces(CassandraCluster cluster) {
            create(cluster, VNODE_CASES);
        }

        @LocalServerPort
        int port;

        @Test
        void replicasOfSampledKeysEqualNodetoolGetendpoints(CassandraCluster cluster) {
            TestHttp ringmap = new TestHttp(port);
            awaitRing(ringmap, cluster, VNODE_CASES);
            assertThat(ringmap.ok(ringmap.get("/ring"), "GET /ring")
                            .get("tokenCount")
                            .asInt())
                    .isEqualTo(cluster.spec().nodes().stream()
                            .mapToInt(n -> n.numTokens())
                            .sum());
            compare(cluster, ringmap, VNODE_CASES, "vnodes");
        }
    }

    @Nested
    @Order(2)
    @CassandraClusterTest(StandardCluster.TWO_DC)
    @SpringBootTest(
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {
                "spring.cassandra.contact-points=127.0.0.1:9042", "spring.cassandra.local-datacenter=dc1",
                "management.server.port=0", "ringmap.topology.refresh-interval=5s"
            })
    @DirtiesContext
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    class TwoDatacenters {

        @BeforeAll
        static void createKeyspaces(CassandraCluster cluster) {
            create(cluster, TWO_DC_CASES);
        }

        @LocalServerPort
        int port;

        @Test
        @Order(1)
        void replicasOfSampledKeysEqualNodetoolGetendpoints(CassandraCluster cluster) {
            TestHttp ringmap = new TestHttp(port);
            awaitRing(ringmap, cluster, TWO_DC_CASES);
            compare(cluster, ringmap, TWO_DC_CASES, "two-dc");
        }

        @Test
        @Order(2)
        void localStrategyReplicaIsRingmapsLocalNodeAsNodetoolOnThatNodeSays(CassandraCluster cluster) {
            TestHttp ringmap = new TestHttp(port);
            awaitRing(ringmap, cluster, List.of(LOCAL));
            JsonNode placed = ringmap.ok(ringmap.get("/replicas?keyspace=system&token=0"), "GET /replicas system");
            assertThat(placed.get("nodeLocal").asBoolean()).isTrue();
            compare(cluster, ringmap, List.of(LOCAL), "two-dc");
        }

        @Test
        @Order(3)
        void transientReplicasAsNodetoolSaysWhenTheClusterEnablesTransientReplication(CassandraCluster cluster) {
            // 4.0 names its settings by the old yaml keys
            String name = cluster.spec().line().oldYamlKeys()
                    ? "enable_transient_replication"
                    : "transient_replication_enabled";
            Row setting = cluster.session()
                    .execute(
                            SimpleStatement.newInstance("SELECT value FROM system_views.settings WHERE name = ?", name))
                    .one();
            Assumptions.assumeTrue(
                    setting != null && "true".equals(setting.getString("value")),
                    "transient_replication_enabled is false in the test cluster's cassandra.yaml: "
                            + "a transient keyspace cannot be created, so there is nothing to compare");
            create(cluster, List.of(TRANSIENT));
            TestHttp ringmap = new TestHttp(port);
            awaitRing(ringmap, cluster, List.of(TRANSIENT));
            compare(cluster, ringmap, List.of(TRANSIENT), "two-dc");
        }
    }

    // ---- set-up

    static void create(CassandraCluster cluster, List<Case> cases) {
        cluster.executeSchemaChanges(cases.stream()
                .map(c -> "DROP KEYSPACE IF EXISTS " + c.keyspace())
                .toList());
        cluster.executeSchemaChanges(cases.stream()
                .map(c -> "CREATE KEYSPACE " + c.keyspace() + " WITH replication = " + c.replication())
                .toList());
        cluster.executeSchemaChanges(cases.stream()
                .map(c -> "CREATE TABLE " + c.keyspace() + ".t "
                        + (c.composite()
                                ? "(k text, n int, v int, PRIMARY KEY ((k, n)))"
                                : "(k text PRIMARY KEY, v int)")
                        // Cassandra refuses read repair on tables of keyspaces with transient replicas
                        + (c.replication().contains("/") ? " WITH read_repair = 'NONE'" : ""))
                .toList());
    }

    /** Until ringmap sees every node UP and every keyspace's table. */
    static void awaitRing(TestHttp ringmap, CassandraCluster cluster, List<Case> cases) {
        int nodes = cluster.nodes().size();
        ringmap.await(
                "/ring",
                r -> r.status() == 200
                        && r.json().get("nodes").size() == nodes
                        && r.json()
                                .get("nodes")
                                .valueStream()
                                .allMatch(n -> n.get("state").asString().equals("UP")),
                Duration.ofSeconds(90));
        for (Case c : cases) {
            ringmap.awaitTable(c.keyspace(), c.table());
        }
    }

    // ---- comparing

    static void compare(CassandraCluster cluster, TestHttp ringmap, List<Case> cases, String clusterLabel) {
        // 6.0 lists the replicas after the first in its placements' order, which no CQL table shows (ringmap says so
        // in snapshot.motion.assumed; docs/conformance.md): there the first replica and the set are compared
        compare(
                cluster,
                ringmap,
                cases,
                clusterLabel,
                KEYS_PER_KEYSPACE,
                KEYS_PER_RANGE,
                cluster.spec().line() != CassandraLine.V6_0);
    }

    /**
     * As above, with {@code keysPerKeyspace} sampled keys per keyspace; without {@code wholeOrder} only the primary
     * replica's place is compared, the others as a set (and keys whose order differs are counted). With
     * {@code perRange} > 0 (a Murmur3 ring), the keys are the first {@code keysPerKeyspace} sampled
     * plus, from further samples, {@code perRange} keys in each of the ring's token ranges (placed by ringmap's token,
     * which the token suites compare), so that few keys still ask nodetool about every range.
     */
    static void compare(
            CassandraCluster cluster,
            TestHttp ringmap,
            List<Case> cases,
            String clusterLabel,
            int keysPerKeyspace,
            int perRange,
            boolean wholeOrder) {
        long began = System.nanoTime();
        List<Token> ring = perRange > 0 ? ringTokens(ringmap) : List.of();
        List<NodetoolBatch.Command> commands = new ArrayList<>();
        List<List<String>> ringmapAnswers = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int c = 0; c < cases.size(); c++) {
            Case kase = cases.get(c);
            Random rnd = new Random(4242L + c);
            List<Map<String, String>> keys = new ArrayList<>();
            List<String> nodetoolKeys = new ArrayList<>();
            int[] perRangeCount = new int[ring.size()];
            int covered = 0;
            for (int i = 0; i < keysPerKeyspace || covered < ring.size(); i++) {
                if (i >= MAX_SAMPLES) {
                    // a range so narrow that MAX_SAMPLES keys may miss it (Cassandra 6.0 allocates vnode tokens at
                    // random: one of twelve ranges drew under 3 of 50,000 keys) is named; any wider one must be asked
                    List<String> narrow = new ArrayList<>();
                    for (int r = 0; r < ring.size(); r++) {
                        if (perRangeCount[r] < perRange) {
                            double share = share(ring, r);
                            if (share * MAX_SAMPLES >= SAMPLEABLE) {
                                throw new AssertionError(kase.keyspace() + ": " + MAX_SAMPLES + " sampled keys reached "
                                        + "only " + perRangeCount[r] + " in the range ending at " + ring.get(r)
                                        + ", " + share + " of the ring");
                            }
                            narrow.add("(.., " + ring.get(r) + "]: " + share + " of the ring, " + perRangeCount[r]
                                    + " keys");
                        }
                    }
                    System.out.printf(
                            "[ReplicaConformanceIT] %s: ranges too narrow for %d sampled keys: %s%n",
                            kase.keyspace(), MAX_SAMPLES, narrow);
                    break;
                }
                String k = sampleKey(rnd, i);
                Map<String, String> key = new LinkedHashMap<>();
                if (kase.keyspace().equals("system")) {
                    key.put("key", k);
                } else {
                    key.put("k", k);
                }
                String nodetoolKey = k;
                if (kase.composite()) {
                    int n = rnd.nextInt();
                    key.put("n", Integer.toString(n));
                    nodetoolKey = k + ":" + n; // nodetool joins composite key components with ':'
                }
                if (!ring.isEmpty()) {
                    int range = rangeOf(ring, key, kase.composite());
                    if (i >= keysPerKeyspace && perRangeCount[range] >= perRange) {
                        continue;
                    }
                    if (++perRangeCount[range] == perRange) {
                        covered++;
                    }
                }
                keys.add(key);
                nodetoolKeys.add(nodetoolKey);
            }
            JsonNode answer = ringmap.ok(
                    ringmap.post("/replicas", Map.of("keyspace", kase.keyspace(), "table", kase.table(), "keys", keys)),
                    "POST /replicas " + kase.keyspace());
            int nodeIndex;
            if (kase.keyspace().equals("system")) {
                assertThat(answer.get("nodeLocal").asBoolean()).isTrue();
                // LocalStrategy: the data is on the node asked; ringmap answers for its local node, so ask that node
                String local = answer.get("results")
                        .get(0)
                        .get("replicas")
                        .get(0)
                        .get("broadcastAddress")
                        .asString();
                nodeIndex = indexOf(cluster, local);
                System.out.printf(
                        "[ReplicaConformanceIT] %s: ringmap's local node is %s; nodetool asks that node%n",
                        kase.keyspace(), local);
            } else {
                nodeIndex = -1;
            }
            for (int i = 0; i < keys.size(); i++) {
                JsonNode result = answer.get("results").get(i);
                // nodetool prints broadcast (internode) addresses
                ringmapAnswers.add(result.get("replicas")
                        .valueStream()
                        .map(r -> r.get("broadcastAddress").asString())
                        .toList());
                labels.add(kase.keyspace() + " key " + keys.get(i) + " (token "
                        + result.get("token").asString() + ")");
                // spread the non-local questions over every node: any node answers for the whole cluster
                int asked =
                        nodeIndex >= 0 ? nodeIndex : (i + c) % cluster.nodes().size();
                commands.add(new NodetoolBatch.Command(
                        asked, List.of("getendpoints", kase.keyspace(), kase.table(), nodetoolKeys.get(i))));
            }
        }
        long nodetoolBegan = System.nanoTime();
        List<NodetoolBatch.Result> results = NodetoolBatch.run(cluster, commands, 4);
        double nodetoolSeconds = (System.nanoTime() - nodetoolBegan) / 1e9;

        List<String> mismatches = new ArrayList<>();
        Map<String, int[]> perKeyspace = new LinkedHashMap<>(); // compared, same full order
        for (int i = 0; i < results.size(); i++) {
            NodetoolBatch.Result result = results.get(i);
            String keyspace = commands.get(i).args().get(1);
            int[] counts = perKeyspace.computeIfAbsent(keyspace, k -> new int[2]);
            if (result.status() != 0) {
                mismatches.add(labels.get(i) + ": nodetool failed with " + result.status() + ": " + result.err());
                continue;
            }
            List<String> cassandra = result.out();
            List<String> ours = ringmapAnswers.get(i);
            counts[0]++;
            if (cassandra.equals(ours)) {
                counts[1]++;
            }
            // the whole placement order, not only the set and the primary (unless told otherwise)
            boolean same = wholeOrder
                    ? cassandra.equals(ours)
                    : !ours.isEmpty()
                            && cassandra.get(0).equals(ours.get(0))
                            && new java.util.HashSet<>(cassandra).equals(new java.util.HashSet<>(ours));
            if (cassandra.isEmpty() || !same) {
                mismatches.add(labels.get(i) + ": nodetool getendpoints " + cassandra + ", ringmap " + ours);
            }
        }
        perKeyspace.forEach((keyspace, counts) -> System.out.printf(
                "[ReplicaConformanceIT] %s %s: %d keys compared, %d in the very same order%n",
                clusterLabel, keyspace, counts[0], counts[1]));
        System.out.printf(
                "[ReplicaConformanceIT] %s: %d keys compared over %d keyspaces, %d mismatches; "
                        + "nodetool getendpoints x%d in %.1f s, suite part %.1f s%n",
                clusterLabel,
                results.size(),
                cases.size(),
                mismatches.size(),
                results.size(),
                nodetoolSeconds,
                (System.nanoTime() - began) / 1e9);
        assertThat(mismatches)
                .as("keys whose ringmap replicas differ from nodetool getendpoints")
                .hasSizeLessThan(1);
    }

    /** Sampled keys at most per keyspace when every range of the ring must be asked about. */
    static final int MAX_SAMPLES = 50_000;

    /**
     * Keys expected in a range, at {@link #MAX_SAMPLES} samples, above which it must be reached {@code perRange}
     * times: a range expecting 24 keys gets fewer than 3 with a probability under 10^-6.
     */
    static final int SAMPLEABLE = 24;

    /** The share of a Murmur3 ring that the range ending at token {@code r} covers. */
    static double share(List<Token> ring, int r) {
        if (ring.size() == 1) {
            return 1;
        }
        TokenRange range = new TokenRange(ring.get((r + ring.size() - 1) % ring.size()), ring.get(r));
        double share = 0;
        for (TokenRange piece : io.ringmap.ring.TokenRing.unwrap(LineConformance.MURMUR3, range)) {
            share += LineConformance.MURMUR3.ringShare(piece.start(), piece.end());
        }
        return share;
    }

    static List<Token> ringTokens(TestHttp ringmap) {
        List<Token> tokens = new ArrayList<>();
        for (JsonNode node : ringmap.ok(ringmap.get("/ring"), "GET /ring").get("nodes")) {
            node.get("tokens")
                    .valueStream()
                    .map(t -> LineConformance.MURMUR3.parseToken(t.asString()))
                    .forEach(tokens::add);
        }
        tokens.sort(null);
        return tokens;
    }

    /** The index of the ring's range (previous token, token i] that holds the key (its Murmur3 token). */
    static int rangeOf(List<Token> ring, Map<String, String> key, boolean composite) {
        byte[] k = key.getOrDefault("k", key.get("key")).getBytes(StandardCharsets.UTF_8);
        byte[] bytes = composite
                ? PartitionKeys.compose(List.of(
                        k,
                        java.nio.ByteBuffer.allocate(4)
                                .putInt(Integer.parseInt(key.get("n")))
                                .array()))
                : k;
        Token token = LineConformance.MURMUR3.tokenFor(bytes);
        int at = java.util.Collections.binarySearch(ring, token);
        int index = at >= 0 ? at : -at - 1;
        return index == ring.size() ? 0 : index;
    }

    /** Keys nodetool takes verbatim as one argument: no ':' (its composite separator), tab or line break. */
    static String sampleKey(Random rnd, int i) {
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.éß中😀";
        int length = 1 + rnd.nextInt(24);
        StringBuilder s = new StringBuilder("k" + i + "-");
        for (int j = 0; j < length; j++) {
            s.appendCodePoint(alphabet.codePoints()
                    .skip(rnd.nextInt((int) alphabet.codePoints().count()))
                    .findFirst()
                    .orElseThrow());
        }
        return s.toString();
    }

    static int indexOf(CassandraCluster cluster, String address) {
        List<CassandraNode> nodes = cluster.nodes();
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).address().equals(address)) {
                return i;
            }
        }
        throw new AssertionError("ringmap's local node " + address + " is not a node of " + cluster);
    }
}
