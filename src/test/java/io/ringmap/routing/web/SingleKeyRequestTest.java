package io.ringmap.routing.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.ringmap.snapshot.web.SnapshotViewJson;
import io.ringmap.testsupport.MovingClock;
import io.ringmap.web.errors.RawHttp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The single-key {@code GET /replicas}, the request other services make on their own request paths, as the service
 * answers it (most forms by the single-key filter, the rest by the Spring MVC handler; SingleKeyFilterDifferentialTest
 * holds the two to the same answers): the same bytes and headers in every plain form (an {@code If-None-Match} that
 * matches nothing changes nothing), the conditional request answered 304 by the interceptor, every other form answered
 * as Spring MVC answers it, each answer counted once as a hit and nothing counted for what is refused, observed under
 * {@code uri="/replicas"}. Raw sockets, so that what no HTTP client would send reaches the server as written. The
 * clock stands still, so {@code ageSeconds} is the same in every answer.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
class SingleKeyRequestTest {

    static final String KEY = "/replicas?keyspace=iot&table=readings&sensor_id=s-1&day=2026-10-01";

    @TestConfiguration
    static class StillClock {
        @Bean
        @Primary
        Clock stillClock() {
            return new MovingClock(Instant.parse("2026-12-01T00:00:00Z"));
        }
    }

    @LocalServerPort
    int port;

    @Autowired
    MeterRegistry meters;

    @Autowired
    JsonMapper answers;

    final JsonMapper json = JsonMapper.builder().build();

    @Test
    void answersEveryPlainFormOfAKeyWithTheSameBytesAndHeaders() {
        RawHttp.Response reference = get(KEY, Map.of());
        List<String> targets = List.of(
                KEY,
                "/replicas?table=readings&day=2026-10-01&sensor_id=s-1&keyspace=iot",
                "/replicas?keyspace=iot&table=readings&pk.sensor_id=s-1&pk.day=2026-10-01",
                "/replicas?keyspace=iot&table=readings&sensor_id=caf%C3%A9+%26+%3D+%2B&day=2026-10-01",
                "/replicas?keyspace=iot&table=readings&sensor_id=&day=1970-01-01",
                "/replicas?keyspace=iot&table=readings&sensor_id=%F0%9F%98%80&day=-5877641-06-23",
                "/replicas?keyspace=%69ot&table=readings&sensor%5Fid=s-1&day=2026-10-01");
        List<Map<String, String>> headerSets = List.of(
                Map.of(),
                Map.of("Accept", "application/json"),
                Map.of("Accept", "*/*"),
                Map.of("Accept", "text/html, application/*"),
                Map.of("Accept-Encoding", "gzip"));
        for (Map<String, String> headers : headerSets) {
            RawHttp.Response expected = get(KEY, headers); // compressed with Accept-Encoding: gzip
            for (String target : targets) {
                RawHttp.Response plain = get(target, headers);
                Map<String, String> revalidating = new LinkedHashMap<>(headers);
                revalidating.put("If-None-Match", "\"matches-nothing\"");
                RawHttp.Response changed = get(target, revalidating);

                assertThat(plain.status())
                        .as(target + " " + headers + ": " + plain)
                        .isEqualTo(200);
                assertThat(changed.body()).as(target + " " + headers).isEqualTo(plain.body());
                assertThat(withoutDate(changed)).as(target + " " + headers).isEqualTo(withoutDate(plain));
                if (target.contains("=s-1&")) { // KEY written another way
                    assertThat(plain.body()).as(target + " " + headers).isEqualTo(expected.body());
                    assertThat(withoutDate(plain)).as(target + " " + headers).isEqualTo(withoutDate(expected));
                }
            }
        }
        assertThat(reference.header("etag")).startsWith("W/\"");
        assertThat(reference.header("cache-control")).isEqualTo("no-cache");
        assertThat(reference.contentType()).isEqualTo("application/json");
        JsonNode body = json.readTree(reference.body());
        assertThat(body.get("token").asString()).isNotEmpty();
        assertThat(body.get("replicas").size()).isEqualTo(3);
        assertThat(body.get("snapshot").get("ageSeconds").asDouble()).isEqualTo(0.0);
    }

    @Test
    void answersEveryOtherFormAsSpringMvcDoes() {
        String etag = get(KEY, Map.of()).header("etag");
        String ok = "keyspace=iot&table=readings&sensor_id=s-1&day=2026-10-01";
        record Case(String method, String target, Map<String, String> headers, int status) {}
        List<Case> cases = List.of(
                // not a plain key: a token, a consistency, a conditional request, negotiation, another method
                new Case("GET", "/replicas?keyspace=iot&token=0", Map.of(), 200),
                new Case("GET", "/replicas?" + ok + "&consistency=QUORUM", Map.of(), 200),
                new Case("GET", "/replicas?" + ok, Map.of("If-None-Match", etag), 304),
                new Case("GET", "/replicas?" + ok, Map.of("Accept", "text/html"), 406),
                new Case("GET", "/replicas?" + ok, Map.of("Accept", "application/json;q=0.5, */*;q=0.1"), 200),
                new Case("HEAD", "/replicas?" + ok, Map.of(), 200),
                new Case("GET", "/replicas/?" + ok, Map.of(), 404),
                new Case("GET", "/replicas;v=1?" + ok, Map.of(), 400),
                new Case("GET", "/replicas;v=%G0?" + ok, Map.of(), 400),
                new Case("GET", "/replic%61s?" + ok, Map.of(), 200),
                // given twice (KeyParametersTest has the problems), or not plainly written
                new Case("GET", "/replicas?" + ok + "&keyspace=iot", Map.of(), 400),
                new Case("GET", "/replicas?" + ok + "&table=readings", Map.of(), 400),
                new Case("GET", "/replicas?" + ok + "&dc=dc1&dc=dc2", Map.of(), 400),
                new Case("GET", "/replicas?" + ok + "&sensor_id=s-2", Map.of(), 400),
                new Case("GET", "/replicas?" + ok + "&pk.sensor_id=s-2", Map.of(), 400),
                new Case("GET", "/replicas?" + ok + "&&", Map.of(), 200),
                new Case("GET", "/replicas?" + ok + "&", Map.of(), 200),
                new Case("GET", "/replicas?keyspace=iot&table=readings&sensor_id=%ZZ&day=2026-10-01", Map.of(), 400),
                new Case("GET", "/replicas?keyspace=iot&table=readings&sensor_id=%C0%80&day=2026-10-01", Map.of(), 400),
                new Case("GET", "/replicas?keyspace=iot&table=readings&sensor_id=%4", Map.of(), 400),
                new Case("GET", "/replicas?" + ok + "&=x", Map.of(), 400),
                // what the handler refuses: its problem, nothing counted
                new Case("GET", "/replicas?" + ok + "&dc=dc9", Map.of(), 400),
                new Case("GET", "/replicas?" + ok + "&dc=", Map.of(), 400),
                new Case("GET", "/replicas?keyspace=iot&table=readings&sensor_id=s-1&day=someday", Map.of(), 400),
                new Case("GET", "/replicas?keyspace=iot&table=readings&sensor_id=s-1", Map.of(), 400),
                new Case("GET", "/replicas?" + ok + "&ts=1", Map.of(), 400),
                new Case("GET", "/replicas?keyspace=iot&sensor_id=s-1&day=2026-10-01", Map.of(), 400),
                new Case("GET", "/replicas?table=readings&sensor_id=s-1&day=2026-10-01", Map.of(), 400),
                new Case("GET", "/replicas?keyspace=nope&table=readings&sensor_id=s-1&day=2026-10-01", Map.of(), 404),
                new Case("GET", "/replicas?keyspace=iot&table=nope&sensor_id=s-1&day=2026-10-01", Map.of(), 404));
        for (Case c : cases) {
            RawHttp.Response r = RawHttp.send(
                    port,
                    RawHttp.request(c.method(), c.target(), c.headers())
                            .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1),
                    "HEAD".equals(c.method()));
            assertThat(r.status()).as(c + ": " + r).isEqualTo(c.status());
            if (c.status() >= 400 && c.status() != 404 || c.target().contains("keyspace=nope")) {
                assertThat(r.contentType()).as(c.toString()).startsWith("application/problem+json");
            }
        }
    }

    @Test
    void countsEachAnswerOnceAsAHitAndNothingForWhatIsRefused() {
        // 4 answers count; an unknown data centre (single or batch), a bad date and a 304 count nothing
        String sensor = "hit-" + System.nanoTime();
        String target = "/replicas?keyspace=iot&table=readings&sensor_id=" + sensor + "&day=2026-10-01";
        long hitsBefore = tableHits();

        String etag = null;
        for (int i = 0; i < 3; i++) {
            RawHttp.Response r = get(target, Map.of());
            assertThat(r.status()).isEqualTo(200);
            etag = r.header("etag");
        }
        assertThat(get(target, Map.of("If-None-Match", "\"x\"")).status()).isEqualTo(200);
        assertThat(get(target, Map.of("If-None-Match", etag)).status()).isEqualTo(304);
        assertThat(get(target + "&dc=dc9", Map.of()).status()).isEqualTo(400);
        assertThat(get(target.replace("2026-10-01", "someday"), Map.of()).status())
                .isEqualTo(400);

        String batch = "{\"keyspace\":\"iot\",\"table\":\"readings\",\"dc\":\"dc9\",\"keys\":[{\"sensor_id\":\""
                + sensor + "\",\"day\":\"2026-10-01\"}]}";
        RawHttp.Response refusedBatch = RawHttp.send(
                port,
                "POST /replicas HTTP/1.1\r\nHost: localhost\r\n"
                        + "Connection: close\r\nContent-Type: application/json\r\nContent-Length: " + batch.length()
                        + "\r\n\r\n" + batch);
        assertThat(refusedBatch.status()).as(refusedBatch.toString()).isEqualTo(400);

        assertThat(tableHits() - hitsBefore).isEqualTo(4);
        JsonNode key = hotKey(sensor);
        assertThat(key.get("estimate").asLong()).isEqualTo(4);
    }

    @Test
    void writesTheSnapshotBlockFromItsCachedText() {
        // SnapshotViewJsonTest: the same bytes as without it
        assertThat(answers.registeredModules()).anyMatch(m -> m instanceof SnapshotViewJson);
    }

    @Test
    void isObservedUnderTheReplicasUriTag() {
        LongSupplier observed = () -> {
            Timer t = meters.find("http.server.requests")
                    .tag("uri", "/replicas")
                    .tag("status", "200")
                    .tag("method", "GET")
                    .timer();
            return t == null ? 0 : t.count();
        };
        long before = observed.getAsLong();
        for (int i = 0; i < 5; i++) {
            get(KEY, Map.of());
        }
        // the observation stops after the answer has left
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(observed.getAsLong() - before).isEqualTo(5));
    }

    private RawHttp.Response get(String target, Map<String, String> headers) {
        return RawHttp.send(port, RawHttp.request("GET", target, headers));
    }

    private static Map<String, String> withoutDate(RawHttp.Response r) {
        Map<String, String> headers = new LinkedHashMap<>(r.headers());
        headers.remove("date");
        return headers;
    }

    private long tableHits() {
        JsonNode tables = json.readTree(
                        get("/hotkeys?keyspace=iot&table=readings", Map.of()).body())
                .get("tables");
        return tables.isEmpty() ? 0 : tables.get(0).get("hits").asLong();
    }

    private JsonNode hotKey(String sensor) {
        for (JsonNode key : json.readTree(
                        get("/hotkeys?keyspace=iot&table=readings", Map.of()).body())
                .get("tables")
                .get(0)
                .get("keys")) {
            if (key.get("key") != null
                    && sensor.equals(key.get("key").get("sensor_id").asString())) {
                return key;
            }
        }
        throw new AssertionError("no hot key " + sensor);
    }
}
