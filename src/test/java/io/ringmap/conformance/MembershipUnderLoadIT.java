package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterExtension;
import io.ringmap.testcluster.CassandraPartitioner;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.ClusterSpec;
import io.ringmap.testcluster.NodeSpec;
import io.ringmap.testcluster.NodetoolBatch;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * Membership changes under load: a node bootstraps into the running cluster, a node is decommissioned, a killed node
 * is replaced on its own address and a stopped one on another address ({@code replace_address_first_boot}) while a
 * load generator
 * keeps {@code /replicas}, {@code /token} and {@code /splits} busy. After each change ringmap's replicas equal
 * {@code nodetool getendpoints} for every key of a SimpleStrategy and a rack-aware NetworkTopologyStrategy keyspace,
 * and its tokens, states and host ids equal {@code nodetool ring} and {@code status}. While a node is JOINING or
 * LEAVING, the test records what ringmap shows next to what Cassandra says; an answer of the load is wrong when it
 * equals neither Cassandra's placement before the change nor the one after it. Figures are printed.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.cassandra.contact-points=127.0.0.86:9042",
            "spring.cassandra.local-datacenter=dc1",
            "ringmap.topology.refresh-interval=5s",
            "ringmap.topology.cluster.reconnect-max-delay=2s",
            "management.server.port=0"
        })
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ResourceLock(providers = ClusterLocks.class)
// its ringmap closes with the class: a cached context would go on following (and reconnecting to) a cluster
// that is gone for the rest of the run
@DirtiesContext
@TimeBudget(seconds = 745)
class MembershipUnderLoadIT {

    static final long CLASS_LOADED = System.nanoTime();

    /** Three seeds with one token each; joiners bootstrap on .89 and later addresses. */
    static final ClusterSpec SPEC = ClusterSpec.of(
                    "members",
                    CassandraPartitioner.MURMUR3,
                    List.of(
                            NodeSpec.withTokens("127.0.0.86", "dc1", "rack1", "-6148914691236517206"),
                            NodeSpec.withTokens("127.0.0.87", "dc1", "rack2", "0"),
                            NodeSpec.withTokens("127.0.0.88", "dc1", "rack3", "6148914691236517206")))
            .withHeap("256m", "384m")
            .withRingDelay(Duration.ofSeconds(5));

    /** Bootstraps with four vnodes whose tokens Cassandra picks, in a rack that already has a node. */
    static final NodeSpec JOINER = NodeSpec.withVnodes("127.0.0.89", "dc1", "rack1", 4);

    /** Replaces the joiner on another address: the joiner's tokens under a new address and host id. */
    static final NodeSpec REPLACEMENT = NodeSpec.withVnodes("127.0.0.90", "dc1", "rack1", 4);

    static final int SEED_86 = 0;
    static final int SEED_87 = 1;
    static final int SEED_88 = 2;

    static final List<String> KEYSPACES = List.of("members_simple", "members_nts");
    static final int KEYS = 40;
    static final int SAMPLE = 8;
    /** Two threads of {@link #PER_THREAD_RATE} requests a second: each change meets 800-2,000 answers (alone). */
    static final int THREADS = 2;

    static final int PER_THREAD_RATE = LoadGenerator.RATE_PER_THREAD;

    @RegisterExtension
    static final CassandraClusterExtension CASSANDRA = CassandraClusterExtension.perClass(SPEC);

    @LocalServerPort
    int port;

    TestHttp http;

    final List<String> keys = new ArrayList<>();
    final Map<String, String> tokens = new ConcurrentHashMap<>();
    Load load;
    long began;
    final List<String> figures = new ArrayList<>();

    @BeforeAll
    void createKeyspacesAndStartTheLoad() {
        began = System.nanoTime();
        http = new TestHttp(port);
        CassandraCluster cluster = CASSANDRA.cluster();
        note("3-node cluster started in %.1f s", cluster.lastStartDuration().toMillis() / 1000.0);
        cluster.executeSchemaChange("CREATE KEYSPACE members_simple WITH replication = "
                + "{'class': 'SimpleStrategy', 'replication_factor': 2}");
        cluster.executeSchemaChange(
                "CREATE KEYSPACE members_nts WITH replication = " + "{'class': 'NetworkTopologyStrategy', 'dc1': 3}");
        CqlSession session = cluster.session();
        for (String keyspace : KEYSPACES) {
            cluster.executeSchemaChange("CREATE TABLE " + keyspace + ".t (k text PRIMARY KEY, v int)");
        }
        for (int i = 0; i < KEYS; i++) {
            String key = "key-" + i;
            keys.add(key);
            for (String keyspace : KEYSPACES) {
                // a little data, so bootstrap, decommission and replacement really stream something
                session.execute(SimpleStatement.newInstance(
                                "INSERT INTO " + keyspace + ".t (k, v) VALUES ('" + key + "', " + i + ")")
                        .setConsistencyLevel(DefaultConsistencyLevel.ALL));
            }
            tokens.put(
                    key,
                    Long.toString(session.execute(SimpleStatement.newInstance(
                                    "SELECT token(k) FROM members_simple.t WHERE k = '" + key + "'"))
                            .one()
                            .getLong(0)));
        }
        Placement initial = Placement.read(cluster, SEED_86, keys);
        awaitConverged(cluster, initial, Duration.ofSeconds(60));
        load = new Load(initial);
    }

    @AfterAll
    void stopTheLoad() {
        if (load != null) {
            load.close();
            load.figures().print("total", figures);
        }
        note(
                "test class %.1f s (of which %.1f s before the first test: cluster start, Spring context, schema)",
                (System.nanoTime() - CLASS_LOADED) / 1e9, (began - CLASS_LOADED) / 1e9);
        figures.forEach(line -> System.out.println("[MembershipUnderLoadIT] " + line));
    }

    @Test
    @Order(1)
    void aBootstrappedNodeTakesItsTokensAndReplicasFollow() {
        CassandraCluster cluster = CASSANDRA.cluster();
        changeUnderLoad(
                "bootstrap",
                load.figures(),
                JOINER.address(),
                () -> {
                    int joiner = cluster.startJoining(JOINER);
                    return () -> cluster.node(joiner).isRunning() && !joined(cluster, JOINER.address());
                },
                after -> assertThat(after.tokens().get(JOINER.address())).hasSize(JOINER.numTokens()));
    }

    @Test
    @Order(2)
    void aDecommissionedNodeLeavesAndReplicasFollow() {
        CassandraCluster cluster = CASSANDRA.cluster();
        String leaving = cluster.node(SEED_87).address();
        changeUnderLoad(
                "decommission",
                load.figures(),
                leaving,
                () -> {
                    CompletableFuture<Void> decommission =
                            CompletableFuture.runAsync(() -> cluster.decommission(SEED_87));
                    return new Change() {
                        @Override
                        public boolean ongoing() {
                            return !decommission.isDone();
                        }

                        @Override
                        public void await() {
                            decommission.join();
                        }
                    };
                },
                after -> assertThat(after.tokens()).doesNotContainKey(leaving));
    }

    /**
     * The replacement takes the dead node's address, tokens and (Cassandra 5.0 does so for a replacement on the same
     * address: {@code StorageService.prepareReplacementInfo} stores the replaced node's host id as its own) host id.
     */
    @Test
    @Order(3)
    void aNodeReplacedOnItsOwnAddressKeepsItsTokensAndHostId() {
        CassandraCluster cluster = CASSANDRA.cluster();
        String step = "replacement on the same address";
        String address = cluster.node(SEED_88).address();
        Placement beforeKill = Placement.read(cluster, SEED_86, keys);
        String oldHostId = beforeKill.hostIds().get(address);
        Load.Figures before = load.figures();
        takeDownUnderLoad(step, address, "killed", () -> cluster.killNode(SEED_88));
        changeUnderLoad(
                step,
                before,
                address,
                () -> {
                    int replacement = cluster.startReplacing(SEED_88);
                    return () -> cluster.node(replacement).isRunning() && !joined(cluster, address);
                },
                after -> {
                    assertThat(after.hostIds().get(address)).isEqualTo(oldHostId);
                    assertThat(after.tokens().get(address))
                            .isEqualTo(beforeKill.tokens().get(address));
                    note("%s: host id %s kept", step, oldHostId);
                });
    }

    /** A replacement on another address is a new node: new address, new host id, the dead node's tokens. */
    @Test
    @Order(4)
    void aNodeReplacedOnAnotherAddressTakesItsTokensWithANewHostId() {
        CassandraCluster cluster = CASSANDRA.cluster();
        String step = "replacement on another address";
        int dead = cluster.nodes()
                .indexOf(cluster.members().stream()
                        .filter(n -> n.address().equals(JOINER.address()))
                        .findFirst()
                        .orElseThrow());
        Placement beforeStop = Placement.read(cluster, SEED_86, keys);
        String oldHostId = beforeStop.hostIds().get(JOINER.address());
        Load.Figures before = load.figures();
        // a clean stop: the node announces its shutdown, so the others see it DN at once (kill -9 is step 3)
        takeDownUnderLoad(step, JOINER.address(), "stopped", () -> cluster.stopNode(dead));
        changeUnderLoad(
                step,
                before,
                REPLACEMENT.address(),
                () -> {
                    int replacement = cluster.startReplacing(dead, REPLACEMENT);
                    return () -> cluster.node(replacement).isRunning() && !joined(cluster, REPLACEMENT.address());
                },
                after -> {
                    assertThat(after.tokens()).doesNotContainKey(JOINER.address());
                    assertThat(after.tokens().get(REPLACEMENT.address()))
                            .isEqualTo(beforeStop.tokens().get(JOINER.address()));
                    assertThat(after.hostIds().get(REPLACEMENT.address()))
                            .isNotNull()
                            .isNotEqualTo(oldHostId);
                    note(
                            "%s: %s replaced by %s, new host id %s",
                            step,
                            JOINER.address(),
                            REPLACEMENT.address(),
                            after.hostIds().get(REPLACEMENT.address()));
                });
    }

    /**
     * Takes a node down under load ({@code stop} kills or stops it) and waits until {@code nodetool status} shows it
     * DN and ringmap equals Cassandra's placement again.
     */
    void takeDownUnderLoad(String step, String address, String how, Runnable stop) {
        CassandraCluster cluster = CASSANDRA.cluster();
        long t0 = System.nanoTime();
        stop.run();
        awaitNodetoolState(cluster, address, "DN", Duration.ofSeconds(60));
        awaitConverged(cluster, Placement.read(cluster, SEED_86, keys), Polling.PROMISE);
        note("%s: %s %s, DN in nodetool and DOWN in ringmap after %.1f s", step, address, how, seconds(t0));
    }

    /** A membership change under way. */
    interface Change {

        /** Whether the change still goes on (the node has not yet joined, the decommission not returned). */
        boolean ongoing();

        /** Waits for the change's own end, rethrowing its failure; most changes have ended once they stop going on. */
        default void await() {}
    }

    /**
     * One membership change under load, run as every step runs it: {@code start} starts the change; while it goes
     * on, Cassandra and ringmap are watched side by side ({@link #observeTransition}); once the cluster is ready,
     * Cassandra's placement is read ({@code nodetool}), {@code check} asserts what the change did to it, ringmap must
     * equal it within the promise, and the load's answers since {@code before} are judged ({@link #finishStep}).
     */
    void changeUnderLoad(
            String step, Load.Figures before, String address, Supplier<Change> start, Consumer<Placement> check) {
        CassandraCluster cluster = CASSANDRA.cluster();
        load.beginChange();
        long t0 = System.nanoTime();
        Change change = start.get();
        List<String> seen = observeTransition(cluster, address, change::ongoing);
        change.await();
        cluster.awaitReady();
        note("%s (%s): done and the cluster ready after %.1f s", step, address, seconds(t0));
        Placement after = Placement.read(cluster, SEED_86, keys);
        check.accept(after);
        long t1 = System.nanoTime();
        awaitConverged(cluster, after, Polling.PROMISE);
        note("%s: ringmap equal to nodetool %.1f s after the cluster was ready", step, seconds(t1));
        finishStep(step, before, after, seen);
    }

    void finishStep(String step, Load.Figures before, Placement after, List<String> seen) {
        load.endChange(after);
        Load.Figures during = load.figures().minus(before);
        during.print(step, figures);
        seen.forEach(line -> note("%s, while in transition: %s", step, line));
        assertThat(during.failed()).as(load.failures()).isZero();
        assertThat(during.wrong()).as(load.failures()).isZero();
        assertThat(during.requests().sent()).isPositive();
    }

    // ---- what Cassandra says

    /**
     * Cassandra's view after a step: replicas of every key ({@code nodetool getendpoints}, primary first) per
     * keyspace, and tokens, states and host ids per address ({@code nodetool ring} and {@code status}).
     */
    record Placement(
            Map<String, Map<String, List<String>>> replicas,
            Map<String, List<String>> tokens,
            Map<String, String> states,
            Map<String, String> hostIds) {

        static Placement read(CassandraCluster cluster, int node, List<String> keys) {
            List<NodetoolBatch.Command> commands = new ArrayList<>();
            commands.add(new NodetoolBatch.Command(node, List.of("ring")));
            commands.add(new NodetoolBatch.Command(node, List.of("status")));
            for (String keyspace : KEYSPACES) {
                for (String key : keys) {
                    commands.add(new NodetoolBatch.Command(node, List.of("getendpoints", keyspace, "t", key)));
                }
            }
            List<NodetoolBatch.Result> results = NodetoolBatch.run(cluster, commands, 2);
            results.forEach(
                    r -> assertThat(r.status()).as("nodetool: %s", r.err()).isZero());
            Map<String, Map<String, List<String>>> replicas = new TreeMap<>();
            int i = 2;
            for (String keyspace : KEYSPACES) {
                Map<String, List<String>> byKey = new TreeMap<>();
                for (String key : keys) {
                    byKey.put(
                            key,
                            results.get(i++).out().stream()
                                    .map(String::strip)
                                    .filter(s -> !s.isEmpty())
                                    .toList());
                }
                replicas.put(keyspace, byKey);
            }
            Map<String, List<String>> tokens = ringTokens(results.get(0).out());
            Status status = Status.parse(results.get(1).out());
            return new Placement(replicas, tokens, status.states(), status.hostIds());
        }
    }

    /** {@code nodetool status}: two-letter state (UN, DN, UJ, UL, ...) and host id per address. */
    record Status(Map<String, String> codes, Map<String, String> hostIds) {

        static Status parse(List<String> lines) {
            Map<String, String> codes = new TreeMap<>();
            Map<String, String> hostIds = new TreeMap<>();
            for (String line : lines) {
                String[] f = line.strip().split("\\s+");
                if (f.length > 3 && f[0].matches("[UD][NLJM]")) {
                    codes.put(f[1], f[0]);
                    hostIds.put(f[1], f[f.length - 2]);
                }
            }
            return new Status(codes, hostIds);
        }

        Map<String, String> states() {
            Map<String, String> states = new TreeMap<>();
            codes.forEach((address, code) -> states.put(address, code.startsWith("U") ? "UP" : "DOWN"));
            return states;
        }
    }

    /** {@code nodetool ring}: every token line is {@code address rack status state load owns token}. */
    static Map<String, List<String>> ringTokens(List<String> lines) {
        Map<String, List<String>> tokens = new TreeMap<>();
        for (String line : lines) {
            String[] f = line.strip().split("\\s+");
            if (f.length > 3 && f[0].matches("\\d+\\.\\d+\\.\\d+\\.\\d+")) {
                tokens.computeIfAbsent(f[0], a -> new ArrayList<>()).add(f[f.length - 1]);
            }
        }
        tokens.replaceAll((address, list) ->
                list.stream().sorted(MembershipUnderLoadIT::compareTokens).toList());
        return tokens;
    }

    static int compareTokens(String a, String b) {
        return Long.compare(Long.parseLong(a), Long.parseLong(b));
    }

    static boolean joined(CassandraCluster cluster, String address) {
        return "UN".equals(statusCodes(cluster).get(address));
    }

    static Map<String, String> statusCodes(CassandraCluster cluster) {
        return Status.parse(List.of(cluster.nodetool(SEED_86, "status").split("\n")))
                .codes();
    }

    static void awaitNodetoolState(CassandraCluster cluster, String address, String code, Duration within) {
        Polling.until(
                "nodetool status shows " + address + " " + code,
                within,
                Duration.ofMillis(500),
                () -> statusCodes(cluster),
                codes -> code.equals(codes.get(address)));
    }

    /**
     * While {@code inTransition} holds, about once a second asks Cassandra (node 127.0.0.86 over JMX, the MBean
     * nodetool uses: joining, leaving and live nodes, {@code getNaturalEndpoints} of a key sample in both keyspaces)
     * and ringmap ({@code /ring}, {@code /replicas}) side by side. Returns what was seen, one line per distinct
     * situation with how many looks saw it.
     */
    @SuppressWarnings("BanJNDI") // JMX over RMI to the test's own node, as nodetool connects
    List<String> observeTransition(CassandraCluster cluster, String address, BooleanSupplier inTransition) {
        Map<String, Integer> situations = new java.util.LinkedHashMap<>();
        List<String> differing = new ArrayList<>();
        List<String> sample = keys.subList(0, SAMPLE);
        long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
        try (javax.management.remote.JMXConnector jmx = javax.management.remote.JMXConnectorFactory.connect(
                new javax.management.remote.JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:"
                        + cluster.node(SEED_86).jmxPort() + "/jmxrmi"))) {
            var mbeans = jmx.getMBeanServerConnection();
            var storage = new javax.management.ObjectName("org.apache.cassandra.db:type=StorageService");
            while (inTransition.getAsBoolean() && System.nanoTime() < deadline) {
                long look = System.nanoTime();
                String cassandraState = ((List<?>) mbeans.getAttribute(storage, "JoiningNodes")).contains(address)
                        ? "JOINING"
                        : ((List<?>) mbeans.getAttribute(storage, "LeavingNodes")).contains(address)
                                ? "LEAVING"
                                : ((List<?>) mbeans.getAttribute(storage, "LiveNodes")).contains(address)
                                        ? "live member"
                                        : "not a live member";
                JsonNode ring = get("/ring?tokens=false").json();
                String ringmapNode = ring.get("nodes")
                        .valueStream()
                        .filter(n -> n.get("address").asString().equals(address))
                        .map(n -> n.get("state").asString())
                        .findFirst()
                        .orElse("absent");
                int equal = 0;
                for (String keyspace : KEYSPACES) {
                    for (String key : sample) {
                        List<String> cassandra = ((List<?>) mbeans.invoke(
                                        storage,
                                        "getNaturalEndpoints",
                                        new Object[] {keyspace, "t", key},
                                        new String[] {
                                            String.class.getName(), String.class.getName(), String.class.getName()
                                        }))
                                .stream()
                                        .map(a -> ((java.net.InetAddress) a).getHostAddress())
                                        .toList();
                        List<String> ringmap = addresses(get("/replicas?keyspace=" + keyspace + "&table=t&k=" + key)
                                .json());
                        if (sameReplicas(ringmap, cassandra)) {
                            equal++;
                        } else if (differing.size() < 5) {
                            differing.add(cassandraState + ", " + keyspace + " " + key + ": ringmap " + ringmap
                                    + ", Cassandra " + cassandra);
                        }
                    }
                }
                situations.merge(
                        String.format(
                                "Cassandra: %s %s; ringmap: %d nodes, %s %s; /replicas equal to "
                                        + "Cassandra's for %d of %d sampled keys",
                                address,
                                cassandraState,
                                ring.get("nodes").size(),
                                address,
                                ringmapNode,
                                equal,
                                SAMPLE * KEYSPACES.size()),
                        1,
                        Integer::sum);
                Polling.hold(Duration.ofMillis(Math.max(0, 1000 - (System.nanoTime() - look) / 1_000_000)));
            }
        } catch (IOException | javax.management.JMException e) {
            situations.merge("JMX of 127.0.0.86 failed: " + e, 1, Integer::sum);
        }
        List<String> seen = new ArrayList<>();
        situations.forEach((situation, looks) -> seen.add(looks + " look(s): " + situation));
        differing.forEach(d -> seen.add("differing: " + d));
        return seen;
    }

    /**
     * Waits until ringmap agrees with Cassandra's placement: replicas of every key of both keyspaces, and per node
     * its tokens, state and host id.
     */
    void awaitConverged(CassandraCluster cluster, Placement expected, Duration within) {
        Polling.until(
                "ringmap agrees with nodetool",
                within,
                Duration.ofMillis(250),
                () -> Optional.ofNullable(difference(expected)),
                Optional::isEmpty,
                Optional::get);
    }

    /** The first way ringmap differs from {@code expected}, or null. */
    String difference(Placement expected) {
        JsonNode ring = get("/ring").json();
        Map<String, List<String>> tokens = new TreeMap<>();
        Map<String, String> states = new TreeMap<>();
        Map<String, String> hostIds = new TreeMap<>();
        for (JsonNode n : ring.get("nodes")) {
            String address = n.get("address").asString();
            tokens.put(
                    address,
                    n.get("tokens")
                            .valueStream()
                            .map(JsonNode::asString)
                            .sorted(MembershipUnderLoadIT::compareTokens)
                            .toList());
            states.put(address, n.get("state").asString());
            hostIds.put(address, n.get("hostId").asString());
        }
        if (!tokens.equals(expected.tokens())) {
            return "tokens: ringmap " + tokens + ", nodetool ring " + expected.tokens();
        }
        if (!states.equals(expected.states())) {
            return "states: ringmap " + states + ", nodetool status " + expected.states();
        }
        if (!hostIds.equals(expected.hostIds())) {
            return "host ids: ringmap " + hostIds + ", nodetool status " + expected.hostIds();
        }
        for (String keyspace : KEYSPACES) {
            for (String key : keys) {
                List<String> ringmap = addresses(get("/replicas?keyspace=" + keyspace + "&table=t&k=" + key)
                        .json());
                List<String> cassandra = expected.replicas().get(keyspace).get(key);
                if (!sameReplicas(ringmap, cassandra)) {
                    return keyspace + " " + key + ": ringmap " + ringmap + ", getendpoints " + cassandra;
                }
            }
        }
        return null;
    }

    static boolean sameReplicas(List<String> ringmap, List<String> cassandra) {
        return CassandraAnswers.sameReplicas(ringmap, cassandra);
    }

    // ---- the load

    /**
     * The load: {@link LoadGenerator} threads sending GET /replicas (both keyspaces), /token and /splits, paced to
     * about {@link #PER_THREAD_RATE} requests per second each (enough load, CPU left for the nodes on a shared
     * machine). Between {@link #beginChange()} and {@link #endChange(Placement)} a replica answer is right when it
     * equals Cassandra's placement before the change or, judged at the end, the one after it; otherwise it must equal
     * the current placement. Splits must cover the ring exactly once; tokens must equal {@code SELECT token(...)}.
     */
    final class Load implements AutoCloseable {

        record Figures(LoadGenerator.Figures requests, long wrongDuringChange, long old, long changed) {

            Figures minus(Figures earlier) {
                return new Figures(
                        requests.minus(earlier.requests),
                        wrongDuringChange - earlier.wrongDuringChange,
                        old - earlier.old,
                        changed - earlier.changed);
            }

            long failed() {
                return requests.failed();
            }

            long wrong() {
                return requests.wrong() + wrongDuringChange;
            }

            void print(String phase, List<String> into) {
                into.add(String.format(
                        "%s: %d requests in %.1f s (%.0f/s), %d failed, %d wrong; during the change "
                                + "%d replica answers showed the placement before it, %d the one after it",
                        phase,
                        requests.sent(),
                        requests.nanos() / 1e9,
                        requests.perSecond(),
                        failed(),
                        wrong(),
                        old,
                        changed));
            }
        }

        final AtomicLong wrongDuringChange = new AtomicLong();
        final AtomicLong old = new AtomicLong();
        final AtomicLong changed = new AtomicLong();
        final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
        final AtomicLong n = new AtomicLong();
        final ThreadLocal<long[]> nextSend = ThreadLocal.withInitial(() -> new long[] {System.nanoTime()});
        volatile Placement current;
        volatile boolean changing;
        /** Replica answers during a change that differ from the placement before it: "keyspace key answer" counts. */
        final Map<String, LongAdder> pending = new ConcurrentHashMap<>();

        final LoadGenerator generator;

        Load(Placement initial) {
            this.current = initial;
            this.generator = new LoadGenerator(http, THREADS, this::nextCall);
        }

        private LoadGenerator.Call nextCall() {
            pace();
            ThreadLocalRandom random = ThreadLocalRandom.current();
            String key = keys.get(random.nextInt(keys.size()));
            String keyspace = KEYSPACES.get(random.nextInt(KEYSPACES.size()));
            int kind = (int) (n.getAndIncrement() % 4);
            return switch (kind) {
                case 0, 1 ->
                    LoadGenerator.Call.ok(
                            "/replicas?keyspace=" + keyspace + "&table=t&k=" + key,
                            r -> judgeReplicas(keyspace, key, TestHttp.replicaAddresses(r.json())));
                case 2 ->
                    LoadGenerator.Call.ok("/token?keyspace=" + keyspace + "&table=t&k=" + key, r -> {
                        String token = r.json().get("token").asString();
                        return tokens.get(key).equals(token)
                                ? null
                                : "token " + token + ", Cassandra " + tokens.get(key);
                    });
                default ->
                    LoadGenerator.Call.ok(
                            "/splits?keyspace=" + keyspace + "&table=t&n=8", r -> coverageProblem(r.json()));
            };
        }

        // called by each load thread before its next request
        private void pace() {
            long[] next = nextSend.get();
            next[0] += 1_000_000_000L / PER_THREAD_RATE;
            long wait = next[0] - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            } else if (wait < -1_000_000_000L) {
                next[0] = System.nanoTime(); // fell behind by a second: do not burst to catch up
            }
        }

        void beginChange() {
            changing = true;
        }

        /** Judges the answers that differed from the placement before the change against the one after it. */
        synchronized void endChange(Placement after) {
            current = after;
            changing = false;
            for (var e : List.copyOf(pending.entrySet())) {
                String[] f = e.getKey().split(" ", 3);
                List<String> answer = List.of(f[2].split(","));
                long count = e.getValue().sum();
                if (CassandraAnswers.sameReplicas(
                        answer, after.replicas().get(f[0]).get(f[1]))) {
                    changed.addAndGet(count);
                } else {
                    wrongDuringChange.addAndGet(count);
                    if (problems.size() < 20) {
                        problems.add("/replicas " + f[0] + " " + f[1] + " wrong " + count + "x during the change: "
                                + answer + ", getendpoints after "
                                + after.replicas().get(f[0]).get(f[1]));
                    }
                }
            }
            pending.clear();
        }

        private synchronized String judgeReplicas(String keyspace, String key, List<String> answer) {
            List<String> expected = current.replicas().get(keyspace).get(key);
            if (CassandraAnswers.sameReplicas(answer, expected)) {
                if (changing) {
                    old.incrementAndGet();
                }
                return null;
            }
            if (changing) {
                pending.computeIfAbsent(keyspace + " " + key + " " + String.join(",", answer), k -> new LongAdder())
                        .increment();
                return null;
            }
            return "replicas " + answer + ", getendpoints " + expected;
        }

        /**
         * Splits must cover the ring exactly once: their ranges, in order, from the minimum token to the end of the
         * ring (the minimum token, or Long.MAX_VALUE for a range unwrapped at the ring's end).
         */
        private static String coverageProblem(JsonNode splits) {
            List<long[]> ranges = new ArrayList<>();
            for (JsonNode split : splits.get("splits")) {
                for (JsonNode range : split.get("ranges")) {
                    ranges.add(new long[] {
                        Long.parseLong(range.get("start").asString()),
                        Long.parseLong(range.get("end").asString())
                    });
                }
            }
            if (ranges.isEmpty()
                    || splits.get("count").asInt() != splits.get("splits").size()) {
                return "no splits or a wrong count: " + splits.get("count");
            }
            ranges.sort((a, b) -> Long.compare(a[0], b[0]));
            long expectedStart = Long.MIN_VALUE;
            for (long[] range : ranges) {
                if (range[0] != expectedStart) {
                    return "splits leave a gap or overlap at " + expectedStart;
                }
                expectedStart = range[1];
            }
            return expectedStart == Long.MIN_VALUE || expectedStart == Long.MAX_VALUE
                    ? null
                    : "splits end at " + expectedStart;
        }

        Figures figures() {
            return new Figures(generator.figures(), wrongDuringChange.get(), old.get(), changed.get());
        }

        String failures() {
            return generator.failures() + ", wrong during changes: " + problems;
        }

        @Override
        public void close() {
            generator.close();
        }
    }

    // ---- HTTP

    TestHttp.Response get(String path) {
        return http.get(path);
    }

    static List<String> addresses(JsonNode replicas) {
        return TestHttp.replicaAddresses(replicas);
    }

    void note(String format, Object... args) {
        String line = String.format(format, args);
        figures.add(line);
        System.out.println("[MembershipUnderLoadIT] " + line);
    }

    static double seconds(long sinceNanos) {
        return (System.nanoTime() - sinceNanos) / 1e9;
    }
}
