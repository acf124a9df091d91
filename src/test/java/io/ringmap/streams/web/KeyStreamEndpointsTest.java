package io.ringmap.streams.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringmap.streams.service.KeyStreams;
import io.ringmap.testsupport.TestHttp;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /token/stream} and {@code /replicas/stream} through the web server on the bundled sample: the formats in
 * and out, gzip, answers leaving before the body has ended, a client going away, and single-key answers beside two
 * streams. Isolated: it counts the streams in progress and fills the two places for streams
 * ({@code ringmap.api.streams.max-concurrent}), which another class's stream at the same moment would change; so it
 * shares the web context of the other classes without a context of its own.
 */
@Isolated
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
class KeyStreamEndpointsTest {

    private static final String KEYS = "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}\n"
            + "{\"sensor_id\": \"sensor-17\"}\n"
            + "\n"
            + "{\"sensor_id\": \"sensor-18\", \"day\": \"2026-10-01\"}\n";
    private static final String NDJSON = "application/x-ndjson";
    private static final String CSV = "text/csv";

    @LocalServerPort
    int port;

    @Autowired
    KeyStreams streams;

    private HttpResponse<byte[]> post(String path, String body, Map<String, String> headers) {
        return new TestHttp(port).postBytes(path, body.getBytes(StandardCharsets.UTF_8), headers);
    }

    private static String text(HttpResponse<byte[]> r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    private static List<JsonNode> lines(String ndjson) {
        return ndjson.lines().map(TestHttp.JSON::readTree).toList();
    }

    @Test
    void answersEachLineInItsPlaceAsNdjson() {
        // when
        HttpResponse<byte[]> r =
                post("/token/stream?keyspace=iot&table=readings", KEYS, Map.of("Content-Type", NDJSON));
        // then the answer to line 1, the problem of line 2 in its place, nothing for the blank line 3, line 4
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue(NDJSON);
        List<String> answer = text(r).lines().toList();
        assertThat(answer).hasSize(3);
        // the token of the reference key is docs/api.md's (and Cassandra's, TokenConformanceIT)
        assertThat(answer.get(0))
                .isEqualTo("{\"line\":1,\"key\":{\"sensor_id\":\"sensor-17\",\"day\":\"2026-10-01\"},"
                        + "\"token\":\"-6820531059477802030\"}");
        JsonNode bad = TestHttp.JSON.readTree(answer.get(1));
        assertThat(bad.get("line").asInt()).isEqualTo(2);
        assertThat(bad.at("/problem/type").asString()).isEqualTo("urn:ringmap:problem:key-components");
        assertThat(bad.at("/problem/title").asString()).isEqualTo("Missing or unknown key components");
        assertThat(bad.at("/problem/status").asInt()).isEqualTo(400);
        assertThat(bad.at("/problem/detail").asString())
                .isEqualTo("line 2: missing partition key column(s) [day]; "
                        + "the partition key columns are [sensor_id, day]");
        assertThat(bad.at("/problem/line").asInt()).isEqualTo(2);
        assertThat(bad.at("/problem/instance").asString()).isEqualTo("/token/stream");
        assertThat(TestHttp.JSON.readTree(answer.get(2)).get("line").asInt()).isEqualTo(4);
    }

    @Test
    void answersCsvWhenAskedAndReadsCsv() {
        // given a CSV body, answered as CSV (its own format)
        HttpResponse<byte[]> csv = post(
                "/replicas/stream?keyspace=iot&table=readings",
                "sensor_id,day\nsensor-17,2026-10-01\nsensor-17\n",
                Map.of("Content-Type", CSV));
        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.headers().firstValue("Content-Type").orElseThrow()).startsWith(CSV);
        List<String> rows = text(csv).lines().toList();
        assertThat(rows.get(0))
                .isEqualTo("line,sensor_id,day,token,replicas,problem_type,problem_title," + "problem_detail");
        assertThat(rows.get(1))
                .startsWith("2,sensor-17,2026-10-01,-6820531059477802030,")
                .endsWith(",,,");
        // a field with a comma or a quote is quoted, its quotes doubled (RFC 4180)
        assertThat(rows.get(2))
                .isEqualTo("3,,,,,urn:ringmap:problem:malformed-body,Malformed request body,"
                        + "\"line 3: 1 fields where the header names 2 [sensor_id, day]\"");
        // and an NDJSON body answered as CSV by Accept, the same rows
        HttpResponse<byte[]> ndjsonAsCsv = post(
                "/replicas/stream?keyspace=iot&table=readings",
                "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}\n",
                Map.of("Content-Type", NDJSON, "Accept", "text/csv"));
        assertThat(text(ndjsonAsCsv).lines().toList().get(1))
                .isEqualTo(rows.get(1).replaceFirst("^2,", "1,"));
    }

    @Test
    void compactListsEachReplicaSetOnceAndExpandsToTheFullAnswer() {
        // given 200 keys on a ring of 4 ranges
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            body.append("{\"sensor_id\": \"sensor-").append(i).append("\", \"day\": \"2026-10-01\"}\n");
        }
        // when
        List<JsonNode> full = lines(text(
                post("/replicas/stream?keyspace=iot&table=readings", body.toString(), Map.of("Content-Type", NDJSON))));
        List<JsonNode> compact = lines(text(post(
                "/replicas/stream?keyspace=iot&table=readings&compact=true",
                body.toString(),
                Map.of("Content-Type", NDJSON))));
        // then each set's replicas come once, on its first use, and every key's set is the full answer's replicas
        Map<Integer, JsonNode> sets = new HashMap<>();
        for (int i = 0; i < 200; i++) {
            JsonNode line = compact.get(i);
            int set = line.get("replicaSet").asInt();
            assertThat(line.has("key")).isFalse();
            assertThat(line.has("replicas")).as("line %d", i + 1).isEqualTo(!sets.containsKey(set));
            if (line.has("replicas")) {
                assertThat(set).isEqualTo(sets.size());
                sets.put(set, line.get("replicas"));
            }
            assertThat(sets.get(set)).isEqualTo(full.get(i).get("replicas"));
            assertThat(line.get("token")).isEqualTo(full.get(i).get("token"));
        }
        assertThat(sets).hasSizeBetween(2, 4);
        assertThat(full.get(0).get("replicas").size()).isEqualTo(3);
    }

    @Test
    void readsAndAnswersGzip() throws IOException {
        // given the keys gzipped, and a client that takes a gzipped answer
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            body.append("{\"sensor_id\": \"sensor-").append(i).append("\", \"day\": \"2026-10-01\"}\n");
        }
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
            gzip.write(body.toString().getBytes(StandardCharsets.UTF_8));
        }
        // when
        HttpResponse<byte[]> r = new TestHttp(port)
                .postBytes(
                        "/token/stream?keyspace=iot&table=readings",
                        zipped.toByteArray(),
                        Map.of("Content-Type", NDJSON, "Content-Encoding", "gzip", "Accept-Encoding", "gzip"));
        // then the answer is gzipped and is the plain answer
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Encoding")).hasValue("gzip");
        String unzipped = new String(
                new GZIPInputStream(new ByteArrayInputStream(r.body())).readAllBytes(), StandardCharsets.UTF_8);
        assertThat(unzipped)
                .isEqualTo(text(post(
                        "/token/stream?keyspace=iot&table=readings", body.toString(), Map.of("Content-Type", NDJSON))));
        assertThat(unzipped.lines()).hasSize(500);
        // and an encoding it cannot read is the request's problem
        HttpResponse<byte[]> br = new TestHttp(port)
                .postBytes(
                        "/token/stream?keyspace=iot&table=readings",
                        zipped.toByteArray(),
                        Map.of("Content-Type", NDJSON, "Content-Encoding", "br"));
        assertThat(br.statusCode()).isEqualTo(415);
        assertThat(text(br)).contains("urn:ringmap:problem:unsupported-media-type", "Content-Encoding 'br'");
    }

    @Test
    void aStreamThatStopsEarlyLeavesItsConnectionUsableForTheNextRequest() {
        // given a stream that stops at its first line (stopOnError) with 300 KB of lines behind it
        StringBuilder body = new StringBuilder("{\"sensor_id\": \"sensor-17\"}\n");
        for (int i = 0; i < 6_000; i++) {
            body.append("{\"sensor_id\": \"sensor-").append(i).append("\", \"day\": \"2026-10-01\"}\n");
        }
        for (int round = 0; round < 3; round++) {
            // when it is sent through the shared client, whose pool hands its connection to the next request
            HttpResponse<byte[]> r = post(
                    "/token/stream?keyspace=iot&table=readings&stopOnError=true",
                    body.toString(),
                    Map.of("Content-Type", NDJSON));
            // then one answer, the problem of line 1, on a connection the server keeps
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(text(r).lines()).singleElement().asString().startsWith("{\"line\":1,\"problem\":");
            assertThat(r.headers().firstValue("Connection")).isEmpty();
            // and the next requests on the pool's connections are answered
            assertThat(post("/token/stream?keyspace=iot&table=readings", KEYS, Map.of("Content-Type", NDJSON))
                            .statusCode())
                    .isEqualTo(200);
            assertThat(new TestHttp(port)
                            .get("/token?keyspace=iot&table=readings&sensor_id=s&day=2026-10-01")
                            .status())
                    .isEqualTo(200);
        }
    }

    @Test
    void aStreamThatStopsEarlyWhileItsBodyGoesOnSaysItClosesTheConnection() throws Exception {
        // given a stream that stops at its bad first line while its body goes on trickling, past the time the server
        // gives the rest of a body (KeyStreams.REST_MILLIS)
        try (ChunkedPost stream =
                new ChunkedPost(port, "/token/stream?keyspace=iot&table=readings&stopOnError=true", NDJSON)) {
            stream.send("{\"sensor_id\": \"sensor-17\"}\n");
            AtomicBoolean answered = new AtomicBoolean();
            Thread trickle = new Thread(() -> {
                try {
                    while (!answered.get()) {
                        stream.send("{\"sensor_id\": \"sensor-18\", \"day\": \"2026-10-01\"}\n");
                        Thread.sleep(100);
                    }
                } catch (IOException | InterruptedException e) {
                    // the server closed the connection: what this test expects
                }
            });
            trickle.start();
            // when its answer comes
            int status = stream.status();
            answered.set(true);
            trickle.join();
            // then it says that the connection ends, and it holds only the problem of line 1
            assertThat(status).isEqualTo(200);
            assertThat(stream.header("Connection")).isEqualTo("close");
            assertThat(stream.bodyUntilClosed())
                    .startsWith("{\"line\":1,\"problem\":")
                    .hasLineCount(1);
        }
    }

    @Test
    void aProblemOfTheRequestIsAProblemResponse() {
        HttpResponse<byte[]> r = post(
                "/replicas/stream?keyspace=iot&table=events", KEYS, Map.of("Content-Type", NDJSON, "Accept", NDJSON));
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(text(r)).contains("urn:ringmap:problem:unknown-table");
    }

    @Test
    void theFirstAnswersLeaveBeforeTheBodyHasEnded() throws IOException {
        try (ChunkedPost stream = new ChunkedPost(port, "/token/stream?keyspace=iot&table=readings", NDJSON)) {
            // when one line is sent and the body goes on
            stream.send("{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}\n");
            // then its answer comes back while the body is still open
            assertThat(stream.status()).isEqualTo(200);
            assertThat(stream.answerLine()).contains("\"line\":1", "-6820531059477802030");
            stream.send("{\"sensor_id\": \"sensor-18\", \"day\": \"2026-10-01\"}\n");
            assertThat(stream.answerLine()).contains("\"line\":2");
            stream.end();
            assertThat(stream.answerLine()).isNull();
        }
    }

    @Test
    void aClientThatGoesAwayStopsTheWork() throws Exception {
        // given a client sending keys without end
        ChunkedPost stream = new ChunkedPost(port, "/token/stream?keyspace=iot&table=readings", NDJSON);
        AtomicBoolean sending = new AtomicBoolean(true);
        String lines = "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}\n".repeat(1000);
        Thread sender = new Thread(() -> {
            try {
                while (sending.get()) {
                    stream.send(lines);
                }
            } catch (IOException e) {
                // the socket was closed: the client went away
            }
        });
        sender.start();
        double before = streams.linesAnswered();
        for (int i = 0; i < 5000; i++) {
            assertThat(stream.answerLine()).isNotNull();
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> streams.linesAnswered() > before);
        // when it goes away
        sending.set(false);
        stream.close();
        sender.join(10_000);
        // then the stream ends and its line count stops
        await().atMost(Duration.ofSeconds(10)).until(() -> streams.active() == 0);
        double after = streams.linesAnswered();
        await().during(Duration.ofSeconds(1))
                .atMost(Duration.ofSeconds(3))
                .until(() -> streams.linesAnswered() == after);
    }

    /**
     * A stream of /replicas/stream that has answered its first line, {@code key}. A stream that ended a moment ago may
     * still hold its place (the client has its last answer before the server's filter lets go): a 503 is tried again.
     */
    private ChunkedPost streamAnswering(String key) {
        return await().atMost(Duration.ofSeconds(10))
                .until(
                        () -> {
                            ChunkedPost stream =
                                    new ChunkedPost(port, "/replicas/stream?keyspace=iot&table=readings", NDJSON);
                            stream.send(key);
                            if (stream.status() == 200) {
                                assertThat(stream.answerLine()).contains("\"line\":1,");
                                return stream;
                            }
                            stream.close();
                            return null;
                        },
                        java.util.Objects::nonNull);
    }

    @Test
    void singleKeyAnswersBesideTwoStreamsAndAThirdStreamWaits() throws Exception {
        String key = "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}\n";
        try (ChunkedPost one = streamAnswering(key);
                ChunkedPost two = streamAnswering(key)) {
            // given two streams in progress (each answered its first line and holds its worker)
            TestHttp http = new TestHttp(port);
            // when single keys are asked beside them (the streams fed as they go: a stream that sends nothing for
            // ringmap.api.body-reads.timeout ends)
            List<Integer> statuses = new ArrayList<>();
            String expected = null;
            for (int i = 0; i < 200; i++) {
                TestHttp.Response r =
                        http.get("/replicas?keyspace=iot&table=readings&sensor_id=sensor-17" + "&day=2026-10-01");
                statuses.add(r.status());
                expected =
                        expected == null ? TestHttp.replicaAddresses(r.json()).toString() : expected;
                assertThat(TestHttp.replicaAddresses(r.json())).hasToString(expected);
                if (i % 20 == 19) {
                    one.send(key);
                    two.send(key);
                    assertThat(one.answerLine()).contains("\"line\":" + (i / 20 + 2) + ",");
                    assertThat(two.answerLine()).contains("\"line\":" + (i / 20 + 2) + ",");
                }
            }
            // then every one is answered, and a third stream is refused at once, not queued
            assertThat(statuses).containsOnly(200);
            HttpResponse<byte[]> third =
                    post("/replicas/stream?keyspace=iot&table=readings", key, Map.of("Content-Type", NDJSON));
            assertThat(third.statusCode()).isEqualTo(503);
            assertThat(text(third))
                    .contains("urn:ringmap:problem:body-reads-busy", "ringmap.api.streams.max-concurrent");
            assertThat(third.headers().firstValue("Retry-After")).hasValue("1");
            // and the two streams go on
            one.send(key);
            assertThat(one.answerLine()).contains("\"line\":12,");
            one.end();
            two.end();
            assertThat(one.answerLine()).isNull();
            assertThat(two.answerLine()).isNull();
        }
    }
}
