package io.ringmap.peers;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.RingmapApplication;
import io.ringmap.hotkeys.HotKey;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySource;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.Zipf;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.peers.client.PeerServers;
import io.ringmap.testsupport.Ports;
import io.ringmap.testsupport.TestHttp;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The done-when test of the deployment model: three instances on loopback that know each other from a static list
 * (each list names the instance itself too), a Zipf workload of hits spread round-robin over them, and an oracle: the
 * hot-key registry of one instance, with the service's default settings, that received every hit. Each instance's
 * merged {@code GET /hotkeys} must rank the same top 10 as the oracle, with estimates within the stated error of the
 * true counts; with one instance stopped (the last test), the others still answer and name it. The same for
 * {@code GET /heatmap}: every instance's summed cells equal those of a fourth instance without peers that received
 * every hit (slices of a day, so both count in the same slice).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PeersEndToEndTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int KEYS = 3000;
    private static final int HITS = 60_000;
    private static final int INSTANCES = 3;

    private static final List<ConfigurableApplicationContext> instances = new ArrayList<>();
    private static final List<Integer> managementPorts = new ArrayList<>();
    private static final String HEATMAP = "--ringmap.heatmap.slice=1d";
    private static final String HEATMAP_SLICES = "--ringmap.heatmap.slices=2";
    private static ConfigurableApplicationContext single;
    private static final HotKeyRegistry oracle = new HotKeyRegistry(
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
    private static long[] trueCounts;

    @BeforeAll
    static void startThreeInstancesAndAnOracle() throws IOException {
        for (int i = 0; i < INSTANCES; i++) {
            managementPorts.add(Ports.free());
        }
        StringJoiner peers = new StringJoiner(",");
        managementPorts.forEach(port -> peers.add("127.0.0.1:" + port));
        for (int port : managementPorts) {
            instances.add(new SpringApplicationBuilder(RingmapApplication.class)
                    .run(
                            "--server.port=0",
                            "--management.server.port=" + port,
                            "--ringmap.peers.static=" + peers,
                            "--ringmap.peers.timeout=2s",
                            "--ringmap.peers.secret=" + PeerServers.SECRET,
                            "--ringmap.peers.allow-plain-http=true",
                            HEATMAP,
                            HEATMAP_SLICES));
        }
        single = new SpringApplicationBuilder(RingmapApplication.class)
                .run("--server.port=0", "--management.server.port=0", HEATMAP, HEATMAP_SLICES);
        // a Zipf workload, hit i sent to instance i % 3; the oracle gets every hit
        Zipf zipf = new Zipf(KEYS, 1.1, 24);
        trueCounts = new long[KEYS + 1];
        List<Map<Integer, Long>> perInstance = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            perInstance.add(new HashMap<>());
        }
        for (int hit = 0; hit < HITS; hit++) {
            int rank = zipf.next();
            trueCounts[rank]++;
            perInstance.get(hit % INSTANCES).merge(rank, 1L, Long::sum);
        }
        Map<Integer, Long> every = new HashMap<>();
        for (int i = 0; i < INSTANCES; i++) {
            postHits(instances.get(i), perInstance.get(i));
            perInstance.get(i).forEach((rank, count) -> every.merge(rank, count, Long::sum));
        }
        postHits(single, every);
        for (int rank = 1; rank <= KEYS; rank++) {
            if (trueCounts[rank] > 0) {
                oracle.record("iot", "readings", List.of("sensor-" + rank, "2026-10-01"), trueCounts[rank]);
            }
        }
    }

    @AfterAll
    static void stopAll() {
        instances.forEach(ConfigurableApplicationContext::close);
        single.close();
    }

    @Test
    @Order(1)
    void everyInstanceRanksTheTopTenAsOneInstanceThatSawEveryHit() {
        List<String> expectedLabels = oracle.hotKeys("iot", "readings", 10).orElseThrow().keys().stream()
                .map(HotKey::label)
                .toList();
        assertThat(expectedLabels).hasSize(10);

        for (int i = 0; i < INSTANCES; i++) {
            JsonNode answer = get(instances.get(i), "/hotkeys?keyspace=iot&table=readings&limit=10");
            JsonNode table = table(answer);

            assertThat(labels(table)).as("instance %d", i).containsExactlyElementsOf(expectedLabels);
            assertThat(table.get("hits").asLong())
                    .as(answer.get("peers").toString())
                    .isEqualTo(HITS);
            long maximumError = table.get("maximumError").asLong();
            for (JsonNode key : table.get("keys")) {
                long truth = trueCounts[rank(key.get("label").asString())];
                assertThat(key.get("lowerBound").asLong()).isLessThanOrEqualTo(truth);
                assertThat(key.get("upperBound").asLong()).isGreaterThanOrEqualTo(truth);
                assertThat(Math.abs(key.get("estimate").asLong() - truth)).isLessThanOrEqualTo(maximumError);
            }
            JsonNode contributors = answer.get("peers");
            assertThat(contributors.get("scope").asString()).isEqualTo("deployment");
            assertThat(strings(contributors.get("contributed"))).containsExactlyInAnyOrderElementsOf(otherPeers(i));
            assertThat(contributors.get("missing")).isEmpty();
        }
    }

    @Test
    @Order(1)
    void everyInstancesHeatmapHasTheCellsOfOneInstanceThatSawEveryHit() {
        JsonNode expected = get(single, "/heatmap?keyspace=iot&table=readings");
        List<String> topTen = oracle.hotKeys("iot", "readings", 10).orElseThrow().keys().stream()
                .map(HotKey::label)
                .toList();
        assertThat(expected.get("hits").asLong()).isEqualTo(HITS);
        assertThat(expected.get("peers").get("scope").asString()).isEqualTo("local");

        for (int i = 0; i < INSTANCES; i++) {
            JsonNode answer = get(instances.get(i), "/heatmap?keyspace=iot&table=readings");

            assertThat(answer.get("hits").asLong()).as("instance %d", i).isEqualTo(HITS);
            assertThat(answer.get("slices")).as("instance %d", i).isEqualTo(expected.get("slices"));
            for (int b = 0; b < expected.get("buckets").size(); b++) {
                JsonNode bucket = answer.get("buckets").get(b);
                JsonNode oneInstance = expected.get("buckets").get(b);
                assertThat(bucket.get("end")).isEqualTo(oneInstance.get("end"));
                assertThat(bucket.get("hits")).isEqualTo(oneInstance.get("hits"));
                // the merged sketches place the same top ten keys in the same buckets as the single instance
                assertThat(labels(bucket, "hotKeys").stream().filter(topTen::contains))
                        .as("instance %d bucket %d", i, b)
                        .containsExactlyElementsOf(labels(oneInstance, "hotKeys").stream()
                                .filter(topTen::contains)
                                .toList());
            }
            JsonNode contributors = answer.get("peers");
            assertThat(contributors.get("scope").asString()).isEqualTo("deployment");
            assertThat(strings(contributors.get("contributed"))).containsExactlyInAnyOrderElementsOf(otherPeers(i));
            assertThat(contributors.get("missing")).isEmpty();
        }
    }

    @Test
    @Order(2)
    void replicaHitsAreSummedOverTheInstances() {
        Map<String, Long> expected = new HashMap<>();
        instances.forEach(instance -> instance.getBean(ReplicaHits.class)
                .snapshot()
                .forEach((node, hits) -> expected.merge(node, hits, Long::sum)));

        HotKeySource.GatheredReplicaHits gathered =
                instances.get(0).getBean(HotKeySource.class).replicaHits();

        assertThat(expected).isNotEmpty();
        assertThat(gathered.hits()).isEqualTo(expected);
        assertThat(gathered.contributors().contributed()).containsExactlyInAnyOrderElementsOf(otherPeers(0));
    }

    @Test
    @Order(2)
    void scopeLocalAnswersWithOneInstancesShare() {
        JsonNode answer = get(instances.get(0), "/hotkeys?keyspace=iot&table=readings&limit=10&scope=local");

        assertThat(table(answer).get("hits").asLong()).isEqualTo(HITS / INSTANCES);
        assertThat(answer.get("peers").get("scope").asString()).isEqualTo("local");
        assertThat(answer.get("peers").get("contributed")).isEmpty();

        JsonNode heatmap = get(instances.get(0), "/heatmap?keyspace=iot&table=readings&scope=local");
        assertThat(heatmap.get("hits").asLong()).isEqualTo(HITS / INSTANCES);
        assertThat(heatmap.get("peers").get("scope").asString()).isEqualTo("local");
    }

    @Test
    @Order(3)
    void anUnknownScopeIsAProblemNamingTheParameter() {
        HttpResponse<String> answer = TestHttp.getAt(url(instances.get(0), "/hotkeys?scope=everything"));

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(answer.body()).contains("\"parameter\":\"scope\"");
    }

    @Test
    @Order(4)
    void theOthersAnswerNamingAStoppedInstance() {
        instances.get(2).close();

        for (int i = 0; i < 2; i++) {
            JsonNode answer = get(instances.get(i), "/hotkeys?keyspace=iot&table=readings&limit=10");

            assertThat(table(answer).get("hits").asLong()).isEqualTo(HITS - HITS / INSTANCES);
            JsonNode missing = answer.get("peers").get("missing");
            assertThat(missing).hasSize(1);
            assertThat(missing.get(0).get("peer").asString()).isEqualTo("127.0.0.1:" + managementPorts.get(2));
            assertThat(missing.get(0).get("reason").asString()).isEqualTo("connection refused");
            assertThat(strings(answer.get("peers").get("contributed")))
                    .containsExactly("127.0.0.1:" + managementPorts.get(1 - i));

            JsonNode heatmap = get(instances.get(i), "/heatmap?keyspace=iot&table=readings");
            assertThat(heatmap.get("hits").asLong()).isEqualTo(HITS - HITS / INSTANCES);
            assertThat(heatmap.get("peers").get("missing")).isEqualTo(missing);
            assertThat(heatmap.get("peers").get("contributed"))
                    .isEqualTo(answer.get("peers").get("contributed"));
        }
    }

    private List<String> otherPeers(int instance) {
        List<String> others = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            if (i != instance) {
                others.add("127.0.0.1:" + managementPorts.get(i));
            }
        }
        return others;
    }

    private static void postHits(ConfigurableApplicationContext instance, Map<Integer, Long> counts) {
        StringJoiner items = new StringJoiner(",", "{\"keyspace\":\"iot\",\"table\":\"readings\",\"hits\":[", "]}");
        counts.forEach((rank, count) -> items.add(
                "{\"key\":{\"sensor_id\":\"sensor-" + rank + "\",\"day\":\"2026-10-01\"},\"count\":" + count + "}"));
        HttpResponse<String> answer = TestHttp.postJsonAt(url(instance, "/hits"), items.toString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    }

    private static JsonNode get(ConfigurableApplicationContext instance, String path) {
        HttpResponse<String> answer = TestHttp.getAt(url(instance, path));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body());
    }

    private static String url(ConfigurableApplicationContext instance, String path) {
        return "http://127.0.0.1:" + instance.getEnvironment().getProperty("local.server.port") + path;
    }

    private static JsonNode table(JsonNode answer) {
        assertThat(answer.get("tables")).hasSize(1);
        return answer.get("tables").get(0);
    }

    private static List<String> labels(JsonNode table) {
        List<String> labels = new ArrayList<>();
        table.get("keys").forEach(k -> labels.add(k.get("label").asString()));
        return labels;
    }

    private static List<String> labels(JsonNode bucket, String field) {
        List<String> labels = new ArrayList<>();
        bucket.get(field).forEach(k -> labels.add(k.get("label").asString()));
        return labels;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asString()));
        return out;
    }

    private static int rank(String label) {
        // sensor-<rank>:2026-10-01
        return Integer.parseInt(label.substring("sensor-".length(), label.indexOf(':')));
    }
}
