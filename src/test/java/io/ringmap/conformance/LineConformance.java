package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringmap.pending.PendingRange;
import io.ringmap.pending.PendingReplicas;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.TokenRange;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraNode;
import io.ringmap.testcluster.NodetoolBatch;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Partitioners;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The conformance suites at rest, run on one cluster of a Cassandra line (three nodes with four vnodes each, dc1:
 * rack1 and rack2, dc2: rack1): the ring's tokens, states and host ids equal {@code nodetool ring} and
 * {@code status}; every key type's token equals {@code SELECT token(...)} (TokenConformanceIT's tables, 100 random
 * values each plus its edge cases); replicas equal {@code nodetool getendpoints} in order for SimpleStrategy and
 * NetworkTopologyStrategy below, at and above a DC's node count (ReplicaConformanceIT's comparison); every split's CQL
 * reads every row exactly once (SplitConformanceIT's). A class per line runs these on its own cluster, with what its
 * line adds (movement). Each prints its counts as {@code [LineConformance] <line> ...}, the figures of
 * docs/conformance.md.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class LineConformance {

    static final Partitioner MURMUR3 = Partitioners.byName("Murmur3Partitioner");

    /**
     * Keys per keyspace compared with nodetool getendpoints (the 5.0 suite compares 500 on its clusters): the first
     * sampled, then {@link #KEYS_PER_RANGE} in each of the ring's twelve ranges, so every range is asked about.
     */
    static final int KEYS_PER_KEYSPACE = 24;

    static final int KEYS_PER_RANGE = 3;

    /** Every key type of the token suite, fewer values each: the token code is the same on every line. */
    static final List<TokenConformanceIT.KeyTable> TYPES = TokenConformanceIT.ALL_TYPES.stream()
            .map(t -> new TokenConformanceIT.KeyTable(
                    t.name(), t.types(), t.types().equals(List.of("tinyint")) ? t.randomValues() : 100))
            .toList();

    static final List<ReplicaConformanceIT.Case> CASES = List.of(
            new ReplicaConformanceIT.Case(
                    "line_simple_2", "{'class': 'SimpleStrategy', 'replication_factor': 2}", false),
            // RF equal to the node count
            new ReplicaConformanceIT.Case(
                    "line_simple_3", "{'class': 'SimpleStrategy', 'replication_factor': 3}", true),
            // RF at dc1's rack count, and dc2's only node
            new ReplicaConformanceIT.Case(
                    "line_nts_2_1", "{'class': 'NetworkTopologyStrategy', 'dc1': 2, 'dc2': 1}", false),
            // RF below dc1's rack count
            new ReplicaConformanceIT.Case(
                    "line_nts_1_1", "{'class': 'NetworkTopologyStrategy', 'dc1': 1, 'dc2': 1}", true),
            // RF above dc1's node count
            new ReplicaConformanceIT.Case("line_nts_dc1_3", "{'class': 'NetworkTopologyStrategy', 'dc1': 3}", false));

    /**
     * The split counts of the lines' split suite: one split, splits that do not divide the ring's twelve ranges, and
     * more splits than ranges (each range cut into five or six). The 5.0 suite adds 3 and 256; on the lines, 256
     * re-proved what 64 does with four times the range reads (about 55 s of each line class).
     */
    static final int[] SPLIT_COUNTS = {1, 7, 64};

    @LocalServerPort
    int port;

    TestHttp ringmap() {
        return new TestHttp(port);
    }

    @Test
    @Order(1)
    void ringTokensStatesAndHostIdsEqualNodetool(CassandraCluster cluster) {
        TestHttp ringmap = ringmap();
        ReplicaConformanceIT.awaitRing(ringmap, cluster, List.of());
        List<NodetoolBatch.Result> results = NodetoolBatch.run(
                cluster,
                List.of(new NodetoolBatch.Command(0, List.of("ring")), new NodetoolBatch.Command(0, List.of("status"))),
                1);
        results.forEach(r -> assertThat(r.status()).as("nodetool: %s", r.err()).isZero());
        Map<String, List<String>> tokens =
                MembershipUnderLoadIT.ringTokens(results.get(0).out());
        MembershipUnderLoadIT.Status status =
                MembershipUnderLoadIT.Status.parse(results.get(1).out());

        JsonNode ring = ringmap.ok(ringmap.get("/ring"), "GET /ring");
        Map<String, List<String>> ours = new TreeMap<>();
        Map<String, String> hostIds = new TreeMap<>();
        Map<String, String> states = new TreeMap<>();
        for (JsonNode node : ring.get("nodes")) {
            String address = node.get("broadcastAddress").asString();
            ours.put(
                    address,
                    node.get("tokens")
                            .valueStream()
                            .map(JsonNode::asString)
                            .sorted(MembershipUnderLoadIT::compareTokens)
                            .toList());
            hostIds.put(address, node.get("hostId").asString());
            states.put(address, node.get("state").asString());
        }
        assertThat(ours).as("tokens per node, nodetool ring").isEqualTo(tokens);
        assertThat(hostIds).as("host ids, nodetool status").isEqualTo(status.hostIds());
        assertThat(states).as("states, nodetool status").isEqualTo(status.states());
        note(
                cluster,
                "ring: %d nodes, %d tokens, tokens, host ids and states equal nodetool ring and status",
                ours.size(),
                ours.values().stream().mapToInt(List::size).sum());
    }

    @Test
    @Order(2)
    void tokensOfEveryKeyTypeEqualSelectToken(CassandraCluster cluster) {
        TokenConformanceIT.write(cluster, TYPES, cluster.spec().line().toString());
        List<String> mismatches =
                new ArrayList<>(TokenConformanceIT.mismatches(cluster, ringmap(), TYPES, "Murmur3Partitioner"));
        mismatches.addAll(earlyTimestampLiterals(cluster, ringmap()));
        assertThat(mismatches)
                .as("keys whose ringmap token differs from Cassandra's")
                .isEmpty();
        note(
                cluster,
                "tokens: %d key tables (every supported type and four composites) and %d timestamp literals"
                        + " before 1582-10-15 equal SELECT token(...)",
                TYPES.size(),
                EARLY_TIMESTAMPS.size());
    }

    /**
     * Date-times before the Gregorian calendar's first day written as CQL literals: Cassandra reads them in the
     * proleptic Gregorian calendar (the driver's own text codec would read them as Julian dates, days apart), including
     * days that the Julian-Gregorian calendar skips (1582-10-05 to 14) and offsets that cross the change.
     */
    static final List<String> EARLY_TIMESTAMPS = List.of(
            "0001-01-01T00:00:00Z",
            "0001-01-01",
            "1000-03-01 12:00",
            "1500-06-01 10:00:00.123+0100",
            "1582-10-10",
            "1582-10-04T23:00-14:00",
            "1582-10-14T23:30:00Z",
            "1582-10-15T00:30:00+01:00");

    static List<String> earlyTimestampLiterals(CassandraCluster cluster, TestHttp ringmap) {
        String table = TokenConformanceIT.KEYSPACE + ".early_timestamps";
        cluster.executeSchemaChanges(List.of("CREATE TABLE IF NOT EXISTS " + table + " (k timestamp PRIMARY KEY)"));
        ringmap.awaitTable(TokenConformanceIT.KEYSPACE, "early_timestamps");
        List<String> mismatches = new ArrayList<>();
        for (String literal : EARLY_TIMESTAMPS) {
            // ONE: the keyspace has one replica, in either DC
            cluster.session()
                    .execute(SimpleStatement.newInstance("INSERT INTO " + table + " (k) VALUES ('" + literal + "')")
                            .setConsistencyLevel(ConsistencyLevel.ONE));
            String cassandra = TokenConformanceIT.tokenText(cluster.session()
                    .execute(SimpleStatement.newInstance(
                                    "SELECT token(k) FROM " + table + " WHERE k = '" + literal + "'")
                            .setConsistencyLevel(ConsistencyLevel.ONE))
                    .one()
                    .getObject(0));
            String ours = ringmap.ok(
                            ringmap.get(
                                    "/token",
                                    Map.of(
                                            "keyspace",
                                            TokenConformanceIT.KEYSPACE,
                                            "table",
                                            "early_timestamps",
                                            "k",
                                            literal)),
                            "GET /token " + literal)
                    .get("token")
                    .asString();
            if (!ours.equals(cassandra)) {
                mismatches.add(
                        "timestamp literal '" + literal + "': Cassandra token " + cassandra + ", ringmap " + ours);
            }
        }
        return mismatches;
    }

    @Test
    @Order(3)
    void replicasEqualNodetoolGetendpointsInOrder(CassandraCluster cluster) {
        ReplicaConformanceIT.create(cluster, CASES);
        TestHttp ringmap = ringmap();
        ReplicaConformanceIT.awaitRing(ringmap, cluster, CASES);
        ReplicaConformanceIT.compare(
                cluster,
                ringmap,
                CASES,
                cluster.spec().line().toString(),
                KEYS_PER_KEYSPACE,
                KEYS_PER_RANGE,
                wholeReplicaOrder());
        List<NodetoolBatch.Result> status = NodetoolBatch.run(
                cluster,
                CASES.stream()
                        .map(c -> new NodetoolBatch.Command(0, List.of("status", c.keyspace())))
                        .toList(),
                1);
        for (int i = 0; i < CASES.size(); i++) {
            String keyspace = CASES.get(i).keyspace();
            Map<String, Double> ours = ownership(ringmap, keyspace);
            Map<String, Double> cassandra = nodetoolOwnership(status.get(i));
            // nodetool prints a float to one decimal (half-even): a share on the boundary prints 48.3% where
            // ringmap's exact 48.35...% would print 48.4% (once in a run of 2026-12-06); anything else is a difference
            assertThat(ours.keySet())
                    .as("nodes in the effective ownership of %s, nodetool status %s", keyspace, keyspace)
                    .isEqualTo(cassandra.keySet());
            ours.forEach((address, percent) -> assertThat(percent)
                    .as(
                            "effective ownership of %s on %s: ringmap %s, nodetool status %s",
                            keyspace, address, ours, cassandra)
                    .isCloseTo(cassandra.get(address), org.assertj.core.data.Offset.offset(0.05 + 1e-3)));
        }
        note(
                cluster,
                "ownership: effective ownership of %d keyspaces equals nodetool status <keyspace> to its printed 0.1%%",
                CASES.size());
    }

    /** Whether this line's replica order is compared whole (else the primary and the set; see the 6.0 class). */
    boolean wholeReplicaOrder() {
        return true;
    }

    /** {@code nodetool status <ks>}: the "Owns (effective)" percentage per address, as printed (one decimal). */
    static Map<String, Double> nodetoolOwnership(NodetoolBatch.Result status) {
        assertThat(status.status()).as("nodetool status: %s", status.err()).isZero();
        Map<String, Double> out = new TreeMap<>();
        for (String line : status.out()) {
            String[] f = line.strip().split("\\s+");
            if (f.length > 3 && f[0].matches("[UD][NLJM]")) {
                for (String field : f) {
                    if (field.endsWith("%")) {
                        out.put(f[1], Double.parseDouble(field.substring(0, field.length() - 1)));
                    }
                }
            }
        }
        return out;
    }

    /** ringmap's effective ownership of {@code ks} per broadcast address, in percent. */
    static Map<String, Double> ownership(TestHttp ringmap, String keyspace) {
        Map<String, Double> out = new TreeMap<>();
        for (JsonNode node :
                ringmap.ok(ringmap.get("/ring?keyspace=" + keyspace), "/ring").get("nodes")) {
            out.put(
                    node.get("broadcastAddress").asString(),
                    node.get("effectiveOwnership").asDouble() * 100);
        }
        return out;
    }

    @Test
    @Order(4)
    void everySplitSetReadsEveryRowExactlyOnce(CassandraCluster cluster) {
        SplitConformanceIT.Data data =
                SplitConformanceIT.write(cluster, "{'class': 'NetworkTopologyStrategy', 'dc1': 2, 'dc2': 1}", 600, 200);
        SplitConformanceIT.check(cluster, ringmap(), data, "Murmur3Partitioner", SPLIT_COUNTS);
        note(cluster, "splits: every split's CQL read every row exactly once");
    }

    // ---- shared by the lines' movement tests

    /** Cassandra's pending ranges of {@code ks} ("start end address") per address, normalized. */
    static Map<String, List<TokenRange>> normalized(Set<String> ranges) {
        List<PendingRange> out = new ArrayList<>();
        for (String r : ranges) {
            String[] f = r.split(" ");
            out.add(new PendingRange(
                    new TokenRange(MURMUR3.parseToken(f[0]), MURMUR3.parseToken(f[1])),
                    new Node(f[2], f[2], "dc", "rack", NodeState.UP, 0, f[2], 0)));
        }
        Map<String, List<TokenRange>> byEndpoint = PendingReplicas.of(out).normalized(MURMUR3);
        // keyed by the endpoint as Node prints it ("address" when the port is unknown, else "address:port")
        return byEndpoint.entrySet().stream()
                .collect(Collectors.toMap(
                        e -> e.getKey().contains(":")
                                ? e.getKey().substring(0, e.getKey().lastIndexOf(':'))
                                : e.getKey(),
                        Map.Entry::getValue,
                        (a, b) -> a,
                        TreeMap::new));
    }

    /** ringmap's pending ranges of {@code ks} as "start end address", whatever the movement's source. */
    static Set<String> ringmapPending(TestHttp ringmap, String ks) {
        return RangesInMotionIT.pendingRanges(
                ringmap,
                ks,
                ringmap.ok(ringmap.get("/ranges?keyspace=" + ks), "/ranges")
                        .get("snapshot")
                        .get("motion")
                        .get("source")
                        .asString());
    }

    /** Sends a signal to a node's JVM (STOP holds it where it is, CONT lets it go on). */
    static void signal(CassandraNode node, String signal) {
        long pid = node.pid().orElseThrow(() -> new IllegalStateException(node.address() + " is not running"));
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                    .inheritIO()
                    .start();
            assertThat(kill.waitFor()).as("kill -%s %d", signal, pid).isZero();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Waits until ringmap's answers reflect what {@code check} wants; returns the last /ring. */
    static JsonNode awaitRing(
            TestHttp ringmap, String what, Duration within, java.util.function.Predicate<JsonNode> check) {
        return Polling.until(
                what, within, Duration.ofMillis(100), () -> ringmap.ok(ringmap.get("/ring"), "/ring"), check);
    }

    static void note(CassandraCluster cluster, String format, Object... args) {
        System.out.printf("[LineConformance] %s: %s%n", cluster.spec().line(), String.format(format, args));
    }
}
