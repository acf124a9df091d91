package io.ringmap.security;

import static io.ringmap.security.SecurityAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.ringmap.hotkeys.HotKey;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.KeyLabels;
import io.ringmap.hotkeys.TableHotKeys;
import io.ringmap.hotkeys.metrics.HotKeyMetrics;
import io.ringmap.web.errors.RawHttp;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 21, findings 2, 3 and 5, played by an attacker against a running ringmap with {@code export-key: hash},
 * API keys and anonymous reads: a reader (or an anonymous caller) who guesses a low-entropy key cannot make it count
 * and watch its hashed label rise; the log carries no key bytes; no hit count overflows or breaks the tables.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "management.server.port=0",
            "ringmap.security.mode=api-key",
            "ringmap.security.anonymous-reads=true",
            "ringmap.security.api-keys.dashboard.key=" + HashedHotKeyAttackTest.READER_KEY,
            "ringmap.security.api-keys.dashboard.scopes=ringmap:read",
            "ringmap.security.api-keys.relay.key=" + HashedHotKeyAttackTest.REPORTER_KEY,
            "ringmap.security.api-keys.relay.scopes=ringmap:read,ringmap:hits",
            "ringmap.hotkeys.export-key=hash",
            "ringmap.hotkeys.salt=" + HashedHotKeyAttackTest.SALT
        })
@ExtendWith(OutputCaptureExtension.class)
@Isolated("reads the process's output")
class HashedHotKeyAttackTest {

    static final String READER_KEY = "rk-0d6e2c94b1a7f358";
    static final String REPORTER_KEY = "wk-7a3f51c08e9d24b6";
    static final String SALT = "attack-test-salt";
    /** A low-entropy key an attacker can guess: an e-mail address. */
    static final String GUESS = "alice@example.com";

    static final String DAY = "2026-10-01";
    static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Value("${local.management.port}")
    int managementPort;

    @Autowired
    HotKeyRegistry hotKeys;

    @Autowired
    HotKeyMetrics metrics;

    Caller anonymous() {
        return new Caller(port, managementPort, Map.of());
    }

    Caller reader() {
        return anonymous().with("X-API-Key", READER_KEY);
    }

    Caller reporter() {
        return anonymous().with("X-API-Key", REPORTER_KEY);
    }

    @BeforeEach
    void forgetEarlierTests() {
        hotKeys.forget("iot", "readings");
    }

    /** The guessed key looked up in every form a read offers; each answers 200. Returns the hits it stands for. */
    long lookUpEveryWay(Caller caller, String sensor) {
        String key = "{\"sensor_id\":\"" + sensor + "\",\"day\":\"" + DAY + "\"}";
        String single = "/replicas?keyspace=iot&table=readings&sensor_id=" + sensor + "&day=" + DAY;
        String batch = "{\"keyspace\":\"iot\",\"table\":\"readings\",\"keys\":["
                + String.join(",", java.util.Collections.nCopies(100, key)) + "]}";
        List<HttpResponse<String>> answers = List.of(
                caller.get(single),
                caller.and("If-None-Match", "\"matches-nothing\"").get(single), // a revalidation that finds a change
                caller.get("/token?keyspace=iot&table=readings&sensor_id=" + sensor + "&day=" + DAY),
                caller.post("/replicas/key", "{\"keyspace\":\"iot\",\"table\":\"readings\",\"key\":" + key + "}"),
                caller.post("/token/key", "{\"keyspace\":\"iot\",\"table\":\"readings\",\"key\":" + key + "}"),
                caller.post("/replicas", batch),
                caller.post("/replicas/compact", batch),
                caller.post("/token", batch));
        assertThat(answers)
                .allSatisfy(
                        r -> assertThat(r.statusCode()).as(r.uri().toString()).isEqualTo(200));
        return 5 + 3 * 100;
    }

    static String hashOf(String sensor) {
        return KeyExporter.hashed(SALT).export(KeyLabels.join(List.of(sensor, DAY)));
    }

    JsonNode hotKeysAsSeenBy(Caller caller) {
        HttpResponse<String> r = caller.get("/hotkeys?keyspace=iot&table=readings");
        assertThat(r.statusCode()).isEqualTo(200);
        return JSON.readTree(r.body()).path("tables").get(0);
    }

    /**
     * Issue 35: the scrape stays open in every mode (Prometheus and the probes need no credential), so in this mode it
     * carries the hashed label of a counted key and never the key.
     */
    @Test
    void anAnonymousScrapeCarriesNoClearKey() {
        // given the guessable key counted by a relay that may report hits
        lookUpEveryWay(reporter(), GUESS);
        metrics.refreshAndSync();

        // when anybody scrapes the management port without a credential
        HttpResponse<String> scrape = anonymous().management("/actuator/prometheus");

        // then the series is there, under the hashed label only
        assertThat(scrape.statusCode()).isEqualTo(200);
        assertThat(scrape.body())
                .contains("partition=\"" + hashOf(GUESS) + "\"")
                .doesNotContain(GUESS)
                .doesNotContain("alice");
    }

    @Test
    void aReaderCannotConfirmAGuessByLookingItUpAndWatchingItsHashedLabel() {
        // the attacker's oracle: the label GET /hotkeys shows for a key that was counted
        String label = hashOf(GUESS);

        for (Caller attacker : List.of(reader(), anonymous())) {
            lookUpEveryWay(attacker, GUESS);

            JsonNode table = hotKeysAsSeenBy(attacker);
            assertThat(table.path("hits").asLong()).isZero();
            assertThat(table.path("keys")).isEmpty();
            assertThat(table.toString()).doesNotContain(label);
        }
        assertThat(hotKeys.hotKeys("iot", "readings", 10)).isEmpty();
    }

    @Test
    void aCallerHoldingTheHitsScopeCountsItsLookupsUnderTheHashedLabelOnly() {
        long counted = lookUpEveryWay(reporter(), GUESS);

        JsonNode key = hotKeysAsSeenBy(reader()).path("keys").get(0);
        assertThat(key.path("label").asString()).isEqualTo(hashOf(GUESS));
        assertThat(key.path("estimate").asLong()).isEqualTo(counted);
        // nothing computed from the key's bytes beside the label: a reader cannot match it with a guess's answer
        assertThat(key.has("key")).isFalse();
        assertThat(key.has("token")).isFalse();
        assertThat(key.has("replicas")).isFalse();
    }

    /** One request written as it goes on the wire (the JDK's client refuses broken escapes), with the reader's key. */
    RawHttp.Response raw(String method, String target, String json) {
        String body = json == null ? "" : json;
        return RawHttp.send(
                port,
                method + " " + target + " HTTP/1.1\r\nHost: ringmap\r\nX-API-Key: " + READER_KEY
                        + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length()
                        + "\r\nConnection: close\r\n\r\n" + body);
    }

    @Test
    void theLogAndTheProblemsCarryNoKeyBytes(CapturedOutput output) {
        byte[] bytes = GUESS.getBytes(StandardCharsets.UTF_8);
        StringBuilder escaped = new StringBuilder();
        for (byte b : bytes) {
            escaped.append(String.format("%%%02X", b));
        }
        String read = "/token?keyspace=iot&table=readings&day=" + DAY;
        List<RawHttp.Response> answers = List.of(
                // a key value that is not valid text: the byte 0xFF, then the key
                raw("GET", read + "&sensor_id=%FF" + escaped, null),
                // a broken escape after the key
                raw("GET", read + "&sensor_id=" + GUESS + "%G", null),
                // a chunk with a value and no name
                raw("GET", "/replicas?keyspace=iot&table=readings&day=" + DAY + "&=" + GUESS, null),
                // a path parameter holding the key, with a broken escape
                raw("GET", "/token;sensor_id=" + GUESS + "%?keyspace=iot", null),
                // a value of the wrong type, in the query and in a batch
                raw("GET", "/token?keyspace=iot&table=readings&sensor_id=x&day=" + GUESS, null),
                raw(
                        "POST",
                        "/token",
                        "{\"keyspace\":\"iot\",\"table\":\"readings\",\"keys\":[{\"sensor_id\":" + "\"x\",\"day\":\""
                                + GUESS + "\"}]}"));

        String hex = HexFormat.of().formatHex(bytes, 0, 5);
        String spacedHex = HexFormat.ofDelimiter(" ").formatHex(bytes, 0, 5);
        for (RawHttp.Response r : answers) {
            assertThat(r.status()).as(r.toString()).isEqualTo(400);
            // the instance is the request's own path, echoed to its sender only (a path parameter holds the key)
            JsonNode problem = JSON.readTree(r.body());
            ((tools.jackson.databind.node.ObjectNode) problem).remove("instance");
            assertThat(problem.toString()).as(r.toString()).doesNotContain("alice", hex, spacedHex, "%61%6C");
        }
        assertThat(output.getAll())
                .doesNotContain("alice", hex, spacedHex, "%61%6C", "%61%6c")
                .doesNotContain(" ERROR ");
    }

    @Test
    void hitCountsNeitherOverflowNorBreakTheTables(CapturedOutput output) {
        String max = Long.toString(Long.MAX_VALUE);
        String item = "{\"key\":{\"sensor_id\":\"s-1\",\"day\":\"" + DAY + "\"},\"count\":%s}";

        // the attack: two items of 2^63-1 in one request, and one item of it in each of two requests
        JsonNode both = assertProblem(
                reporter()
                        .post(
                                "/hits",
                                "{\"keyspace\":\"iot\",\"table\":\"readings\"," + "\"hits\":[" + item.formatted(max)
                                        + "," + item.formatted(max) + "]}"),
                400,
                "invalid-parameter");
        assertThat(both.path("index").asInt()).isZero();
        assertThat(both.path("parameter").asString()).isEqualTo("count");
        assertThat(both.path("detail").asString()).contains("1000000000");
        for (int request = 0; request < 2; request++) {
            assertProblem(
                    reporter()
                            .post(
                                    "/hits",
                                    "{\"keyspace\":\"iot\",\"table\":\"readings\",\"hits\":[" + item.formatted(max)
                                            + "]}"),
                    400,
                    "invalid-parameter");
        }
        assertThat(hotKeys.hotKeys("iot", "readings", 10)).isEmpty();

        // the most a request may report, then the core pushed past any long by counts no request can carry
        assertThat(reporter()
                        .post(
                                "/hits",
                                "{\"keyspace\":\"iot\",\"table\":\"readings\",\"hits\":[" + item.formatted("1000000000")
                                        + "," + item.formatted("1000000000") + "]}")
                        .statusCode())
                .isEqualTo(200);
        hotKeys.record("iot", "readings", List.of("s-1", DAY), Long.MAX_VALUE);
        hotKeys.record("iot", "readings", List.of("s-2", DAY), Long.MAX_VALUE);
        assertThatCode(metrics::refreshAndSync).doesNotThrowAnyException();

        // every reader still gets its answer, with counts that stopped at the largest long
        TableHotKeys table = hotKeys.hotKeys("iot", "readings", 10).orElseThrow();
        assertThat(table.streamLength()).isPositive();
        assertThat(table.keys())
                .extracting(HotKey::estimate)
                .allSatisfy(e -> assertThat(e).isPositive());
        assertThat(hotKeys.counters().get(0).total()).isEqualTo(Long.MAX_VALUE);
        JsonNode seen = hotKeysAsSeenBy(reader());
        assertThat(seen.path("keys")).hasSize(2);
        String hash = seen.path("keys").get(0).path("label").asString();
        assertThat(reader().get("/plan/shards?keyspace=iot&table=readings&hotkey=" + hash
                                + "&shardColumn=sensor_id&target=1000000000000000000")
                        .statusCode())
                .isEqualTo(200);
        assertThat(anonymous().management("/actuator/prometheus").body()).contains("ringmap_hotkey_hits_total");
        assertThat(output.getAll()).doesNotContain(" ERROR ").doesNotContain("hot-key refresh failed");
    }
}
