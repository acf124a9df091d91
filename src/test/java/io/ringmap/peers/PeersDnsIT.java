package io.ringmap.peers;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.hotkeys.HotKey;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.Zipf;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.peers.client.PeerServers;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.AppProcess;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.Ports;
import io.ringmap.testsupport.TestHttp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Peers found by a DNS name, with real processes: three packaged ringmaps (each its own JVM, on the bundled static
 * sample) bound to their own loopback addresses, 127.0.0.180-182, all at the same management port, as the pods behind
 * a headless Service are. There is no DNS server here: each JVM resolves through a hosts file
 * ({@code -Djdk.net.hosts.file}) that gives the one name three A records, one line per address, and finds its peers
 * with {@code ringmap.peers.dns=<name>:<management port>}. The JDK reads the file again whenever a lookup's cache
 * entry has expired; the JVMs keep ringmap's own lookup cache (5 s, a failed lookup the JDK's 10 s: no
 * {@code sun.net.inetaddr.ttl} is given, as in production) and resolve the name every second
 * ({@code ringmap.peers.refresh-interval=1s}), so a change of the file is seen within seconds.
 *
 * <p>In order: each instance finds the other two and skips itself; a Zipf workload spread round-robin gives every
 * instance the top 10 of one registry that saw every hit; an address removed from the name leaves the peer set
 * (its process still runs); a name that stops resolving keeps the last set and is named in every answer, until it
 * resolves again.
 */
@TimeBudget(seconds = 140)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PeersDnsIT {

    private static final String NAME = "ringmap-peers.dns-it.test";
    private static final List<String> ADDRESSES = List.of("127.0.0.180", "127.0.0.181", "127.0.0.182");
    private static final Duration STARTUP = Duration.ofSeconds(180);
    /** Within which a change of the name is seen: a 5 s cache, 10 s for a failed lookup, a refresh every second. */
    private static final Duration SEEN = Duration.ofSeconds(30);

    private static final int KEYS = 3000;
    private static final int HITS = 30_000;

    @TempDir
    static Path work;

    private static Path hosts;
    private static int port;
    private static int managementPort;
    private static final List<AppProcess> instances = new ArrayList<>();

    @BeforeAll
    static void startThreeInstancesFindingEachOtherByOneName() throws Exception {
        hosts = work.resolve("hosts");
        writeHosts(ADDRESSES);
        port = Ports.free();
        managementPort = Ports.free();
        ExecutorService starting = Executors.newFixedThreadPool(ADDRESSES.size());
        try {
            List<Future<AppProcess>> started = new ArrayList<>();
            for (String address : ADDRESSES) {
                started.add(starting.submit(() -> AppProcess.startPackaged(
                        work.resolve(address + ".log"),
                        List.of("-Djdk.net.hosts.file=" + hosts),
                        List.of(
                                "--server.address=" + address,
                                "--server.port=" + port,
                                "--management.server.address=" + address,
                                "--management.server.port=" + managementPort,
                                "--ringmap.peers.dns=" + NAME + ":" + managementPort,
                                "--ringmap.peers.refresh-interval=1s",
                                "--ringmap.peers.timeout=5s",
                                "--ringmap.peers.secret=" + PeerServers.SECRET,
                                "--ringmap.peers.allow-plain-http=true"))));
            }
            for (Future<AppProcess> instance : started) {
                instances.add(instance.get());
            }
        } finally {
            starting.shutdown();
        }
        for (int i = 0; i < instances.size(); i++) {
            instances.get(i).awaitStatus("http://" + ADDRESSES.get(i) + ":" + managementPort, "/readyz", 200, STARTUP);
        }
    }

    @AfterAll
    static void stopAll() throws Exception {
        for (AppProcess instance : instances) {
            instance.stop();
        }
    }

    @Test
    @Order(1)
    void eachInstanceFindsTheOtherTwoByTheNameAndSkipsItself() {
        for (int i = 0; i < ADDRESSES.size(); i++) {
            List<String> others = peers(ADDRESSES, i);
            // what the directory resolved, this instance left out by its own address (not only by its id)
            String line = "peers (" + NAME + ":" + managementPort + "): " + others;
            int instance = i;
            Polling.until(
                    "instance " + i + " logs its peers " + others,
                    SEEN,
                    Duration.ofMillis(200),
                    () -> instances.get(instance).log().contains(line));
            assertThat(instances.get(i).log().lines().filter(l -> l.contains("peers (" + NAME)))
                    .as("from its first resolution on")
                    .isNotEmpty()
                    .allMatch(l -> l.endsWith(line));
            JsonNode answer = awaitPeers(
                    i,
                    p -> strings(p.get("contributed")).equals(others)
                            && p.get("missing").isEmpty());
            assertThat(answer.get("scope").asString()).isEqualTo("deployment");
        }
    }

    @Test
    @Order(2)
    void aZipfWorkloadSpreadRoundRobinGivesEveryInstanceTheSameTopTen() {
        // given a Zipf workload, hit h sent to instance h % 3, and a registry with the defaults that saw every hit
        Zipf zipf = new Zipf(KEYS, 1.1, 24);
        long[] truth = new long[KEYS + 1];
        List<Map<Integer, Long>> perInstance = List.of(new HashMap<>(), new HashMap<>(), new HashMap<>());
        for (int hit = 0; hit < HITS; hit++) {
            int rank = zipf.next();
            truth[rank]++;
            perInstance.get(hit % ADDRESSES.size()).merge(rank, 1L, Long::sum);
        }
        for (int i = 0; i < ADDRESSES.size(); i++) {
            postHits(i, perInstance.get(i));
        }
        HotKeyRegistry oracle = new HotKeyRegistry(
                new HotKeysProperties(
                                true,
                                20,
                                HotKeysProperties.ExportKey.PLAIN,
                                null,
                                1000,
                                Duration.ofMinutes(5),
                                Duration.ofSeconds(1),
                                1024,
                                false)
                        .settings(),
                KeyExporter.plain());
        for (int rank = 1; rank <= KEYS; rank++) {
            if (truth[rank] > 0) {
                oracle.record("iot", "readings", List.of("sensor-" + rank, "2026-10-01"), truth[rank]);
            }
        }
        List<String> expected = oracle.hotKeys("iot", "readings", 10).orElseThrow().keys().stream()
                .map(HotKey::label)
                .toList();
        assertThat(expected).hasSize(10);

        // then each instance's merged answer ranks the same ten, with the true counts within its bounds
        for (int i = 0; i < ADDRESSES.size(); i++) {
            JsonNode answer = http(i).ok(http(i).get("/hotkeys?keyspace=iot&table=readings&limit=10"), "hot keys");
            assertThat(strings(answer.get("peers").get("contributed")))
                    .as("instance %d", i)
                    .hasSize(2);
            JsonNode table = answer.get("tables").get(0);
            assertThat(table.get("hits").asLong()).isEqualTo(HITS);
            List<String> labels = new ArrayList<>();
            for (JsonNode key : table.get("keys")) {
                String label = key.get("label").asString();
                labels.add(label);
                long count = truth[Integer.parseInt(label.substring("sensor-".length(), label.indexOf(':')))];
                assertThat(key.get("lowerBound").asLong()).isLessThanOrEqualTo(count);
                assertThat(key.get("upperBound").asLong()).isGreaterThanOrEqualTo(count);
            }
            assertThat(labels).as("instance %d", i).containsExactlyElementsOf(expected);
        }
    }

    @Test
    @Order(3)
    void anAddressRemovedFromTheNameLeavesThePeerSetAfterARefresh() throws IOException {
        // when the name loses 127.0.0.182 (its process keeps running, as a pod that is no longer ready)
        writeHosts(ADDRESSES.subList(0, 2));

        // then the two others ask only each other, and count without its hits
        for (int i = 0; i < 2; i++) {
            List<String> others = peers(ADDRESSES.subList(0, 2), i);
            awaitPeers(
                    i,
                    p -> strings(p.get("contributed")).equals(others)
                            && p.get("missing").isEmpty());
            JsonNode answer = http(i).ok(http(i).get("/hotkeys?keyspace=iot&table=readings&limit=1"), "hot keys");
            assertThat(answer.get("tables").get(0).get("hits").asLong()).isEqualTo(HITS - HITS / 3);
        }
    }

    @Test
    @Order(4)
    void aNameThatStopsResolvingKeepsTheLastSetAndIsNamedUntilItResolvesAgain() throws IOException {
        // when the name has no record at all
        writeHosts(List.of());

        // then each instance still asks the peers it knew and names the name in every answer
        String dns = NAME + ":" + managementPort;
        for (int i = 0; i < 2; i++) {
            List<String> others = peers(ADDRESSES.subList(0, 2), i);
            JsonNode peers = awaitPeers(i, p -> !p.get("missing").isEmpty());
            assertThat(strings(peers.get("contributed"))).isEqualTo(others);
            assertThat(peers.get("missing")).hasSize(1);
            assertThat(peers.get("missing").get(0).get("peer").asString()).isEqualTo(dns);
            assertThat(peers.get("missing").get(0).get("reason").asString())
                    .isEqualTo("the peers' DNS name " + NAME + " does not resolve");
        }
        assertThat(instances.get(0).log())
                .contains("the peers' DNS name " + NAME + " does not resolve: keeping the 1" + " peers known before");

        // when it resolves again, to all three
        writeHosts(ADDRESSES);

        // then nothing is named any more and the third is back
        for (int i = 0; i < ADDRESSES.size(); i++) {
            List<String> others = peers(ADDRESSES, i);
            awaitPeers(
                    i,
                    p -> strings(p.get("contributed")).equals(others)
                            && p.get("missing").isEmpty());
        }
        for (AppProcess instance : instances) {
            assertThat(instance.log().lines().filter(l -> l.contains(" ERROR ")))
                    .isEmpty();
        }
    }

    /** The management addresses of {@code addresses} but the one of instance {@code self}, in address order. */
    private static List<String> peers(List<String> addresses, int self) {
        return addresses.stream()
                .filter(a -> !a.equals(ADDRESSES.get(self)))
                .map(a -> a + ":" + managementPort)
                .sorted()
                .toList();
    }

    /** Polls instance {@code i}'s {@code GET /hotkeys} until its {@code peers} meet the condition; returns them. */
    private static JsonNode awaitPeers(int i, Predicate<JsonNode> condition) {
        return http(i).awaitJson(
                        "/hotkeys?keyspace=iot&table=readings&limit=1",
                        answer -> condition.test(answer.get("peers")),
                        SEEN)
                .get("peers");
    }

    private static void postHits(int i, Map<Integer, Long> counts) {
        StringJoiner items = new StringJoiner(",", "{\"keyspace\":\"iot\",\"table\":\"readings\",\"hits\":[", "]}");
        counts.forEach((rank, count) -> items.add(
                "{\"key\":{\"sensor_id\":\"sensor-" + rank + "\",\"day\":\"2026-10-01\"},\"count\":" + count + "}"));
        http(i).ok(http(i).postJson("/hits", items.toString()), "POST /hits");
    }

    private static TestHttp http(int i) {
        return new TestHttp("http://" + ADDRESSES.get(i) + ":" + port);
    }

    /** The hosts file: one line per A record of the name, as a headless Service has one per ready pod. */
    private static void writeHosts(List<String> addresses) throws IOException {
        StringBuilder text = new StringBuilder("# ringmap PeersDnsIT: the headless Service's A records\n");
        addresses.forEach(
                address -> text.append(address).append(' ').append(NAME).append('\n'));
        Path next = Files.writeString(hosts.resolveSibling("hosts.next"), text);
        Files.move(next, hosts, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asString()));
        return out;
    }
}
