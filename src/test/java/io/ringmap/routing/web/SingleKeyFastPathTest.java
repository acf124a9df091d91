package io.ringmap.routing.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
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
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The plain single-key {@code GET /replicas} answered ahead of Spring MVC: byte for byte and header for header what
 * Spring MVC answers (forced with an {@code If-None-Match} that matches nothing), counted once as a hit, observed under
 * {@code uri="/replicas"}; every request it does not take answered by Spring MVC as before. Raw sockets, so that what
 * no HTTP client would send reaches the server as written. The clock stands still, so {@code ageSeconds} is the same
 * in every answer.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
class SingleKeyFastPathTest {

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
    FilterRegistrationBean<SingleKeyFastPath> fastPath;

    @Autowired
    MeterRegistry meters;

    final JsonMapper json = JsonMapper.builder().build();

    @Test
    void answersPlainKeysAheadOfSpringMvcWithTheSameBytesAndHeaders() {
        List<String> targets = List.of(
                KEY,
                "/replicas?table=readings&day=2026-10-01&sensor_id=s-1&keyspace=iot",
                "/replicas?keyspace=iot&table=readings&pk.sensor_id=s-1&pk.day=2026-10-01",
                "/replicas?keyspace=iot&table=readings&sensor_id=caf%C3%A9+%26+%3D+%2B&day=2026-10-01",
                "/replicas?keyspace=iot&table=readings&sensor_id=&day=1970-01-01",
                "/replicas?keyspace=iot&table=readings&sensor_id=%F0%9F%98%80&day=-5877641-06-23",
                "/replicas?keyspace=iot&table=readings&sensor_id=%27quoted%27&day=2026-10-01&dc=dc1",
                "/replicas?keyspace=iot_multi_dc&table=readings&sensor_id=s-1&day=2026-10-01",
                "/replicas?keyspace=iot_multi_dc&table=readings&sensor_id=s-1&day=2026-10-01&dc=dc2",
                "/replicas?keyspace=%69ot&table=readings&sensor%5Fid=s-1&day=2026-10-01");
        List<Map<String, String>> headerSets = List.of(
                Map.of(),
                Map.of("Accept", "application/json"),
                Map.of("Accept", "*/*"),
                Map.of("Accept", "text/html, application/*"),
                Map.of("Accept-Encoding", "gzip"));
        for (String target : targets) {
            for (Map<String, String> headers : headerSets) {
                RawHttp.Response fast = get(target, headers, true);
                Map<String, String> forced = new LinkedHashMap<>(headers);
                forced.put("If-None-Match", "\"matches-nothing\"");
                RawHttp.Response mvc = get(target, forced, false);

                assertThat(fast.status()).as(target + " " + headers + ": " + fast).isEqualTo(200);
                assertThat(fast.body()).as(target + " " + headers).isEqualTo(mvc.body());
                assertThat(withoutDate(fast)).as(target + " " + headers).isEqualTo(withoutDate(mvc));
            }
        }
        JsonNode body = json.readTree(get(KEY, Map.of(), true).body());
        assertThat(body.get("token").asString()).isNotEmpty();
        assertThat(body.get("replicas").size()).isEqualTo(3);
        assertThat(body.get("snapshot").get("ageSeconds").asDouble()).isEqualTo(0.0);
    }

    @Test
    void leavesEveryOtherRequestToSpringMvcAsBefore() {
        String etag = get(KEY, Map.of(), true).header("etag");
        String ok = "keyspace=iot&table=readings&sensor_id=s-1&day=2026-10-01";
        record Case(String method, String target, Map<String, String> headers, int status) {
        }
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
                // given twice, or not plainly written: what Spring MVC makes of it
                new Case("GET", "/replicas?" + ok + "&keyspace=iot", Map.of(), 404),
                new Case("GET", "/replicas?" + ok + "&table=readings", Map.of(), 404),
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
            long before = served();
            RawHttp.Response r = RawHttp.send(port, request(c.method(), c.target(), c.headers()).getBytes(
                    java.nio.charset.StandardCharsets.ISO_8859_1), "HEAD".equals(c.method()));
            assertThat(served()).as(c + " went to Spring MVC").isEqualTo(before);
            assertThat(r.status()).as(c + ": " + r).isEqualTo(c.status());
            if (c.status() >= 400 && c.status() != 404 || c.target().contains("keyspace=nope")) {
                assertThat(r.contentType()).as(c.toString()).startsWith("application/problem+json");
            }
        }
    }

    @Test
    void countsEachAnswerOnceAsAHitAndNothingForWhatIsRefused() {
        // 3 answers of the fast path and one of Spring MVC count; an unknown data centre (single or batch) and a bad
        // date count nothing
        String sensor = "hit-" + System.nanoTime();
        String target = "/replicas?keyspace=iot&table=readings&sensor_id=" + sensor + "&day=2026-10-01";
        long hitsBefore = tableHits();
        long before = served();

        for (int i = 0; i < 3; i++) {
            assertThat(get(target, Map.of(), true).status()).isEqualTo(200);
        }
        assertThat(get(target, Map.of("If-None-Match", "\"x\""), false).status()).isEqualTo(200);
        assertThat(get(target + "&dc=dc9", Map.of(), false).status()).isEqualTo(400);
        assertThat(get(target.replace("2026-10-01", "someday"), Map.of(), false).status()).isEqualTo(400);

        String batch = "{\"keyspace\":\"iot\",\"table\":\"readings\",\"dc\":\"dc9\",\"keys\":[{\"sensor_id\":\""
                + sensor + "\",\"day\":\"2026-10-01\"}]}";
        RawHttp.Response refusedBatch = RawHttp.send(port, "POST /replicas HTTP/1.1\r\nHost: localhost\r\n"
                + "Connection: close\r\nContent-Type: application/json\r\nContent-Length: " + batch.length()
                + "\r\n\r\n" + batch);
        assertThat(refusedBatch.status()).as(refusedBatch.toString()).isEqualTo(400);

        assertThat(served() - before).isEqualTo(3);
        assertThat(tableHits() - hitsBefore).isEqualTo(4);
        JsonNode key = hotKey(sensor);
        assertThat(key.get("estimate").asLong()).isEqualTo(4);
    }

    @Test
    void isObservedUnderTheReplicasUriTag() throws InterruptedException {
        LongSupplier observed = () -> {
            Timer t = meters.find("http.server.requests").tag("uri", "/replicas").tag("status", "200")
                    .tag("method", "GET").timer();
            return t == null ? 0 : t.count();
        };
        long before = observed.getAsLong();
        for (int i = 0; i < 5; i++) {
            get(KEY, Map.of(), true);
        }
        // the observation stops after the answer has left
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (observed.getAsLong() - before < 5 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(observed.getAsLong() - before).isEqualTo(5);
    }

    @Test
    void takesJsonOnlyWhenSpringMvcWouldPlainlyAnswerJson() {
        for (String yes : new String[] {null, "application/json", "*/*", "application/*", "APPLICATION/JSON",
                "text/html, application/json", "text/html,*/*", " application/json "}) {
            assertThat(SingleKeyFastPath.takesJson(yes)).as(yes).isTrue();
        }
        for (String no : new String[] {"", "text/html", "application/xml", "application/json;q=0",
                "*/*;q=0.1", "application/problem+json", "text/*", "application/jsonx", ","}) {
            assertThat(SingleKeyFastPath.takesJson(no)).as(no).isFalse();
        }
    }

    private long served() {
        return fastPath.getFilter().served();
    }

    /** Sends a GET and checks that the fast path did (or did not) answer it. */
    private RawHttp.Response get(String target, Map<String, String> headers, boolean fast) {
        long before = served();
        RawHttp.Response r = RawHttp.send(port, request("GET", target, headers));
        assertThat(served() - before).as(target + " " + headers + " answered by the fast path").isEqualTo(fast ? 1 : 0);
        return r;
    }

    private static String request(String method, String target, Map<String, String> headers) {
        StringBuilder b = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n")
                .append("Host: localhost\r\nConnection: close\r\n");
        headers.forEach((name, value) -> b.append(name).append(": ").append(value).append("\r\n"));
        return b.append("\r\n").toString();
    }

    private static Map<String, String> withoutDate(RawHttp.Response r) {
        Map<String, String> headers = new LinkedHashMap<>(r.headers());
        headers.remove("date");
        return headers;
    }

    private long tableHits() {
        JsonNode tables = json.readTree(get("/hotkeys?keyspace=iot&table=readings", Map.of(), false).body())
                .get("tables");
        return tables.isEmpty() ? 0 : tables.get(0).get("hits").asLong();
    }

    private JsonNode hotKey(String sensor) {
        for (JsonNode key : json.readTree(get("/hotkeys?keyspace=iot&table=readings", Map.of(), false).body())
                .get("tables").get(0).get("keys")) {
            if (key.get("key") != null && sensor.equals(key.get("key").get("sensor_id").asString())) {
                return key;
            }
        }
        throw new AssertionError("no hot key " + sensor);
    }
}
