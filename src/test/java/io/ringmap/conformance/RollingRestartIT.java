package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraClusterExtension;
import io.ringmap.testcluster.CassandraPartitioner;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.ClusterSpec;
import io.ringmap.testcluster.NodeSpec;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A rolling restart driven only by ringmap's guide, on six real nodes (two DCs of three racks, one node per rack,
 * keyspace {@code rr} RF 3 per DC) under a LOCAL_QUORUM read and write load from clients in both DCs: the plan's
 * waves equal what {@code /availability} says with each wave down, a plan that would break a level is refused with
 * the blocking ranges, every node restarts in at most three waves per DC with no failed request, and a node restarted
 * while one peer is paused (SIGSTOP) keeps the guide at WAIT naming that peer until the peer has seen it back.
 * Addresses 127.0.0.150-155 ({@code -Dringmap.it.rolling-restart.first=N} moves them to N..N+5).
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.cassandra.local-datacenter=dc1",
            "ringmap.topology.refresh-interval=5s",
            "ringmap.topology.cluster.reconnect-max-delay=1s",
            "ringmap.sizes.enabled=false",
            "management.server.port=0"
        })
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(providers = ClusterLocks.class)
// its ringmap closes with the class: a cached context would go on following (and reconnecting to) a cluster
// that is gone for the rest of the run
@DirtiesContext
@TimeBudget(seconds = 615)
class RollingRestartIT {

    static final int FIRST = Integer.getInteger("ringmap.it.rolling-restart.first", 150);

    /** How long the load's clients wait for an answer. */
    static final Duration LOAD_CLIENT_WAIT = Duration.ofSeconds(10);

    /** How long the nodes wait for a request's replicas: less than the clients, so the node's answer comes first. */
    static final Duration LOAD_REPLICA_WAIT = LOAD_CLIENT_WAIT.minusSeconds(2);

    /** dc1 and dc2 interleave on the ring; node i is in rack (i / 2) + 1 of DC (i % 2) + 1. */
    static final List<String> TOKENS = List.of(
            "-7686143364045646506",
            "-4611686018427387904",
            "-1537228672809129302",
            "1537228672809129302",
            "4611686018427387904",
            "7686143364045646506");

    static final ClusterSpec SPEC = ClusterSpec.of(
                    "rolling-restart",
                    CassandraPartitioner.MURMUR3,
                    IntStream.range(0, 6)
                            .mapToObj(i -> NodeSpec.withTokens(
                                    address(i), "dc" + (i % 2 + 1), "rack" + (i / 2 + 1), TOKENS.get(i)))
                            .toList())
            .withHeap("256m", "384m")
            // the load's clients wait 10 s; a coordinator's 2 s for a write's replicas failed a wave in a whole run
            // (a write timeout, one of two live replicas late on the loaded machine, not an unavailable level)
            .withRequestTimeout(LOAD_REPLICA_WAIT);

    static final String KEEP = "{\"keyspaces\": {\"rr\": \"LOCAL_QUORUM\"}";

    @RegisterExtension
    static final CassandraClusterExtension CASSANDRA = CassandraClusterExtension.perClass(SPEC);

    @DynamicPropertySource
    static void contactPoint(DynamicPropertyRegistry registry) {
        registry.add("spring.cassandra.contact-points", () -> address(0) + ":9042");
    }

    static String address(int i) {
        return "127.0.0." + (FIRST + i);
    }

    @LocalServerPort
    int port;

    TestHttp http() {
        return new TestHttp(port);
    }

    JsonNode next(List<String> restarted, List<String> nodes) {
        String body = KEEP + ", \"restarted\": " + json(restarted)
                + (nodes == null ? "" : ", \"nodes\": " + json(nodes)) + "}";
        return http().ok(http().postJson("/plan/restart/next", body), "POST /plan/restart/next");
    }

    @Test
    @Order(1)
    void thePlanRestartsOneRackOfEachDcPerWaveAsAvailabilityAgreesAndALostLevelIsRefused() {
        CassandraCluster cluster = CASSANDRA.cluster();
        cluster.executeSchemaChange("CREATE KEYSPACE IF NOT EXISTS rr WITH replication = "
                + "{'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 3}");
        cluster.executeSchemaChange("CREATE TABLE IF NOT EXISTS rr.t (k int PRIMARY KEY, v int)");
        http().awaitTable("rr", "t");
        http().await(
                        "/ring",
                        r -> r.status() == 200
                                && !r.body().contains("\"DOWN\"")
                                && !r.body().contains("\"UNKNOWN\""),
                        Duration.ofSeconds(60));

        JsonNode plan = http().ok(http().postJson("/plan/restart", KEEP + "}"), "POST /plan/restart");

        assertThat(plan.get("waveCount").asInt()).isEqualTo(3);
        assertThat(plan.get("oneAtATime").asInt()).isEqualTo(6);
        for (JsonNode wave : plan.get("waves")) {
            int n = wave.get("wave").asInt();
            assertThat(texts(wave.get("wholeRacks"))).containsExactly("dc1/rack" + n, "dc2/rack" + n);
            String down = String.join(",", texts(wave.get("nodes")));
            for (JsonNode check : wave.get("checks")) {
                // the plan's answer for the wave is /availability's with the wave's nodes down
                JsonNode availability = http().ok(
                                http().get("/availability?consistency=LOCAL_QUORUM&keyspace=rr" + "&dc="
                                        + check.get("coordinatorDc").asText() + "&down=" + down),
                                "GET /availability")
                        .get("keyspaces")
                        .get(0);
                assertThat(check.get("unavailableForReads").asInt())
                        .isZero()
                        .isEqualTo(availability.get("unavailableForReads").asInt());
                assertThat(check.get("unavailableForWrites").asInt())
                        .isZero()
                        .isEqualTo(availability.get("unavailableForWrites").asInt());
                assertThat(check.get("ranges").asInt())
                        .isEqualTo(availability.get("ranges").asInt());
            }
        }
        // one node more than a wave holds loses LOCAL_QUORUM in its DC, as /availability says too
        JsonNode tooMany = http().ok(
                        http().get("/availability?consistency=LOCAL_QUORUM&keyspace=rr&dc=dc1&down=" + address(0) + ","
                                + address(2)),
                        "GET /availability")
                .get("keyspaces")
                .get(0);
        assertThat(tooMany.get("unavailableForReads").asInt()).isEqualTo(6);

        // ALL cannot lose any replica: refused, each blocking range as /availability lists it with that node down
        TestHttp.Response refused = http().postJson("/plan/restart", "{\"keyspaces\": {\"rr\": \"ALL\"}}");
        assertThat(refused.status()).isEqualTo(409);
        JsonNode problem = refused.json();
        assertThat(problem.get("type").asText()).isEqualTo("urn:ringmap:problem:restart-unsafe");
        assertThat(problem.get("blockingRanges").asInt()).isEqualTo(36);
        JsonNode first = problem.get("blocking").get(0);
        JsonNode lost = http().ok(
                        http().get("/availability?consistency=ALL&keyspace=rr&down="
                                + first.get("node").asText()),
                        "GET /availability")
                .get("keyspaces")
                .get(0)
                .get("unavailableRanges");
        List<String> lostRanges = new ArrayList<>();
        lost.forEach(r ->
                lostRanges.add(r.get("start").asText() + ".." + r.get("end").asText()));
        List<String> blockingOfFirst = new ArrayList<>();
        problem.get("blocking").forEach(b -> {
            if (b.get("node").asText().equals(first.get("node").asText())) {
                blockingOfFirst.add(
                        b.get("start").asText() + ".." + b.get("end").asText());
                assertThat(b.get("level").asText()).isEqualTo("ALL");
                assertThat(b.get("keyspace").asText()).isEqualTo("rr");
            }
        });
        assertThat(blockingOfFirst)
                .containsExactlyInAnyOrderElementsOf(lostRanges)
                .hasSize(6);
    }

    @Test
    @Order(2)
    void everyNodeRestartsGuidedByRingmapUnderLocalQuorumLoadWithoutAFailedRequest() throws Exception {
        CassandraCluster cluster = CASSANDRA.cluster();
        try (Load load = new Load(cluster)) {
            load.start();
            Polling.until("the load runs", Duration.ofSeconds(30), Duration.ofMillis(200), () -> load.ok.get() > 50);
            List<String> restarted = new ArrayList<>();
            List<List<String>> waves = new ArrayList<>();
            Set<String> waitReasons = new LinkedHashSet<>();
            long started = System.nanoTime();
            while (true) {
                // a wave's nodes back within 300 s: on the loaded build machine two restarted nodes took 128 s to
                // open their native transport again (the guide rightly said WAIT all along)
                JsonNode answer = Polling.until(
                        "the guide says STOP or DONE",
                        Duration.ofSeconds(300),
                        Duration.ofMillis(500),
                        () -> next(restarted, null),
                        a -> {
                            a.get("waits")
                                    .forEach(
                                            w -> waitReasons.add(w.get("reason").asText()));
                            return !a.get("action").asText().equals("WAIT");
                        },
                        JsonNode::toString);
                if (answer.get("action").asText().equals("DONE")) {
                    break;
                }
                List<String> stop = texts(answer.get("stop"));
                waves.add(stop);
                // the wave's nodes drain and stop side by side, as an operator's script runs them
                stop.parallelStream().forEach(node -> {
                    cluster.nodetool(index(node), "drain");
                    cluster.stopNode(index(node));
                });
                for (String node : stop) {
                    cluster.launchNode(index(node));
                }
                restarted.addAll(stop);
            }
            long seconds = (System.nanoTime() - started) / 1_000_000_000L;
            load.stop();
            System.out.printf(
                    "rolling restart: %d waves %s in %d s; load: %d ok, %d failed %s; waits seen: %s%n",
                    waves.size(), waves, seconds, load.ok.get(), load.failed.get(), load.failures, waitReasons);

            assertThat(restarted)
                    .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 6)
                            .mapToObj(RollingRestartIT::address)
                            .toList());
            for (String dc : List.of("dc1", "dc2")) {
                long wavesWithDc = waves.stream()
                        .filter(w -> w.stream().anyMatch(n -> dcOf(n).equals(dc)))
                        .count();
                assertThat(wavesWithDc).as("waves restarting %s nodes", dc).isLessThanOrEqualTo(3);
            }
            assertThat(waitReasons)
                    .as("the guide waited for the restarted nodes")
                    .anyMatch(r -> r.contains("ringmap's view")
                            || r.contains("native transport")
                            || r.contains("has not seen it back"));
            assertThat(load.failed.get())
                    .as("failed requests: %s", load.failures)
                    .isZero();
            assertThat(load.ok.get()).isGreaterThan(200);
        }
    }

    @Test
    @Order(3)
    void aRestartedNodeNotYetSeenByAPausedPeerKeepsTheGuideWaitingNamingThatPeer() throws Exception {
        CassandraCluster cluster = CASSANDRA.cluster();
        int restartedIndex = 5;
        int pausedIndex = 2; // not ringmap's contact point: its driver keeps following the ring
        String restarted = address(restartedIndex);
        String paused = address(pausedIndex);
        long pid = cluster.node(pausedIndex).pid().orElseThrow();
        signal("STOP", pid);
        try {
            cluster.nodetool(restartedIndex, "drain");
            cluster.stopNode(restartedIndex);
            cluster.launchNode(restartedIndex);
            // once the node is back in ringmap's view and answers itself, only the paused peer holds the guide
            JsonNode waiting = Polling.until(
                    "the guide waits for " + paused + " alone",
                    Duration.ofSeconds(120),
                    Duration.ofMillis(500),
                    () -> next(List.of(restarted), List.of(restarted)),
                    a -> a.get("waits").size() > 0 && allNamePeer(a.get("waits"), paused),
                    JsonNode::toString);
            assertThat(waiting.get("action").asText()).isEqualTo("WAIT");
            assertThat(waiting.get("waits").get(0).get("peer").asText()).isEqualTo(paused);
            // the paused peer: its view read and failing (the driver still has it UP), or not read because the
            // driver has already marked it DOWN; either way the guide names it
            boolean viewFailed = waiting.get("views")
                    .valueStream()
                    .anyMatch(v -> v.get("node").asText().equals(paused)
                            && !v.path("error").asText().isBlank());
            boolean seenDown = waiting.get("waits")
                    .valueStream()
                    .anyMatch(w -> w.get("reason").asText().startsWith(paused + " is DOWN in ringmap's view"));
            assertThat(viewFailed || seenDown)
                    .as("the paused peer's view failed, or it is DOWN in ringmap's view: %s", waiting)
                    .isTrue();
            assertThat(waiting.get("views")).anySatisfy(v -> {
                assertThat(v.get("node").asText()).isEqualTo(restarted);
                assertThat(v.hasNonNull("error"))
                        .as("an error reading %s's own view", restarted)
                        .isFalse();
                assertThat(v.get("source").asText()).isEqualTo("system_views.gossip_info");
                assertThat(v.get("ageMillis").asLong()).isBetween(0L, 5_000L);
            });
        } finally {
            signal("CONT", pid);
        }
        Set<String> reasons = new LinkedHashSet<>();
        JsonNode done = Polling.until(
                "the guide is DONE once " + paused + " resumed",
                Duration.ofSeconds(60),
                Duration.ofMillis(100),
                () -> next(List.of(restarted), List.of(restarted)),
                a -> {
                    a.get("waits").forEach(w -> reasons.add(w.get("reason").asText()));
                    return a.get("action").asText().equals("DONE");
                },
                JsonNode::toString);
        System.out.printf("paused peer: waits seen after SIGCONT: %s%n", reasons);
        assertThat(done.get("waits")).isEmpty();
        cluster.awaitReady();
    }

    private static boolean allNamePeer(JsonNode waits, String peer) {
        for (JsonNode w : waits) {
            if (!peer.equals(w.path("peer").asText(null))) {
                return false;
            }
        }
        return true;
    }

    private static void signal(String signal, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                .inheritIO()
                .start();
        assertThat(kill.waitFor()).isZero();
    }

    private static int index(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf('.') + 1)) - FIRST;
    }

    private static String dcOf(String address) {
        return "dc" + (index(address) % 2 + 1);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static String json(List<String> values) {
        return values.stream().map(v -> "\"" + v + "\"").collect(java.util.stream.Collectors.joining(",", "[", "]"));
    }

    /**
     * LOCAL_QUORUM writes and reads of rr.t from a client in each DC, every failure counted: a write and a read every
     * {@link #PAUSE_MILLIS} ms per DC (each write reaches six replicas), so that a request meets every moment of a
     * wave, a node's drain, stop and return included, without the load itself being most of what the six nodes do.
     */
    static final class Load implements AutoCloseable {

        final AtomicLong ok = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        final Map<String, Integer> failures = new ConcurrentHashMap<>();
        final AtomicBoolean running = new AtomicBoolean(true);
        final List<CqlSession> sessions = new ArrayList<>();
        final List<Thread> threads = new ArrayList<>();

        /** Between one write-and-read and the next: 12.5 a second per DC at the default load rate of 25. */
        static final long PAUSE_MILLIS = 2000L / LoadGenerator.RATE_PER_THREAD;

        Load(CassandraCluster cluster) {
            for (String dc : List.of("dc1", "dc2")) {
                CqlSession session = cluster.newSession(dc);
                sessions.add(session);
                PreparedStatement write = session.prepare("INSERT INTO rr.t (k, v) VALUES (?, ?)");
                PreparedStatement read = session.prepare("SELECT v FROM rr.t WHERE k = ?");
                threads.add(new Thread(() -> run(session, write, read), "rolling-restart-load-" + dc));
            }
        }

        void start() {
            threads.forEach(Thread::start);
        }

        private void run(CqlSession session, PreparedStatement write, PreparedStatement read) {
            while (running.get()) {
                int k = ThreadLocalRandom.current().nextInt(1000);
                try {
                    session.execute(write.bind(k, k)
                            .setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM)
                            .setIdempotent(true)
                            .setTimeout(LOAD_CLIENT_WAIT));
                    session.execute(read.bind(k)
                            .setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM)
                            .setIdempotent(true)
                            .setTimeout(LOAD_CLIENT_WAIT));
                    ok.addAndGet(2);
                } catch (RuntimeException e) {
                    failed.incrementAndGet();
                    failures.merge(e.getClass().getSimpleName() + ": " + e.getMessage(), 1, Integer::sum);
                }
                try {
                    Thread.sleep(PAUSE_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        void stop() throws InterruptedException {
            running.set(false);
            for (Thread t : threads) {
                t.join(15_000);
            }
        }

        @Override
        public void close() throws InterruptedException {
            stop();
            sessions.forEach(CqlSession::close);
        }
    }
}
