package io.ringmap.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import io.ringmap.testsupport.TestHttp;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The whole service on the bundled default topology: API, Swagger UI, actuator exposure and probes. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
class ServiceEndpointsTest {

    @LocalServerPort
    int port;

    @Value("${local.management.port}")
    int managementPort;

    @org.springframework.beans.factory.annotation.Autowired
    io.ringmap.snapshot.SnapshotHealthIndicator ringHealth;

    private String api(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    private String management(String path) {
        return "http://127.0.0.1:" + managementPort + path;
    }

    /**
     * Every ring-derived answer names its snapshot with one object of one shape, and {@code version} means the content
     * hash everywhere: in every answer and in health ({@code sequence} is this instance's publication counter, also
     * the {@code ringmap_snapshot_sequence} gauge).
     */
    @Test
    void everyRingDerivedAnswerNamesItsSnapshotInOneShape() throws Exception {
        var json = new tools.jackson.databind.ObjectMapper();
        // health shows its details only to the management scope (none in mode none): read the indicator itself
        var ring = ringHealth.health().getDetails();
        String version = (String) ring.get("version");
        long sequence = ((Number) ring.get("sequence")).longValue();
        assertThat(version).matches("[0-9a-f]{32}");
        String table = "keyspace=iot&table=readings";
        String key = table + "&sensor_id=sensor-17&day=2026-10-01";
        java.util.Map<String, java.net.http.HttpResponse<String>> answers = new java.util.LinkedHashMap<>();
        for (String get : new String[] {
            "/token?" + key,
            "/replicas?" + key,
            "/splits?" + table + "&n=4",
            "/ring",
            "/ranges?keyspace=iot",
            "/hotkeys",
            "/availability?consistency=QUORUM",
            "/availability/safe-to-stop?node=127.0.0.1&consistency=ONE",
            "/plan/shards?" + table + "&day=2026-10-01&shardColumn=sensor_id&count=2"
        }) {
            answers.put("GET " + get, TestHttp.getAt(api(get)));
        }
        answers.put(
                "POST /tokens/evaluate",
                TestHttp.postJsonAt(
                        api("/tokens/evaluate"),
                        "{\"mode\": \"add\", "
                                + "\"nodes\": [{\"address\": \"127.0.0.5\", \"datacenter\": \"dc1\", \"rack\": \"rack1\", "
                                + "\"tokens\": [\"-2305843009213693952\"]}]}"));
        answers.put(
                "POST /plan",
                TestHttp.postJsonAt(
                        api("/plan"),
                        "{\"keyspace\": \"iot\", \"workload\": "
                                + "{\"entities\": {\"d1\": 10}, \"start\": \"2026-08-01\", \"retentionDays\": 2, "
                                + "\"bytesPerRow\": 100}, \"designs\": [{\"name\": \"device\", \"columns\": [{\"name\": "
                                + "\"device_id\", \"type\": \"text\", \"generator\": {\"kind\": \"entity\"}}]}]}"));
        answers.forEach((request, answer) -> {
            assertThat(answer.statusCode()).as(request + ": " + answer.body()).isEqualTo(200);
            var snapshot = json.readTree(answer.body()).get("snapshot");
            assertThat(snapshot).as(request + " names its snapshot").isNotNull();
            assertThat(snapshot.get("version").asString()).as(request).isEqualTo(version);
            assertThat(snapshot.get("sequence").asLong()).as(request).isEqualTo(sequence);
            assertThat(snapshot.get("source").asString())
                    .as(request)
                    .isEqualTo("static:classpath:topology/default.yaml");
            assertThat(snapshot.has("createdAt") && snapshot.has("ageSeconds") && snapshot.has("stale"))
                    .as(request + ": " + snapshot)
                    .isTrue();
        });
        assertThat(TestHttp.getAt(management("/actuator/prometheus")).body())
                .contains("ringmap_snapshot_sequence{application=\"ringmap\",cluster=\"reference-example\"} " + sequence
                        + ".0");
    }

    @Test
    void servesTheReferenceExampleOnTheBundledTopology() {
        var r = TestHttp.getAt(api("/replicas?keyspace=iot&token=1523456789012345678"));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body())
                .contains("\"address\":\"127.0.0.3\"")
                .contains("\"source\":\"static:classpath:topology/default.yaml\"");
        assertThat(r.body().indexOf("127.0.0.3")).isLessThan(r.body().indexOf("127.0.0.4"));
        assertThat(r.body().indexOf("127.0.0.4")).isLessThan(r.body().indexOf("127.0.0.1"));
    }

    @Test
    void compressesLargeAnswersForClientsThatAcceptGzip() throws Exception {
        var request = java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(api("/splits?keyspace=iot&table=readings&n=256&mode=even")))
                .header("Accept-Encoding", "gzip")
                .build();
        var r = TestHttp.sendBytes(request);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(r.headers().firstValue("ETag")).isPresent();
        String body;
        try (var in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(r.body()))) {
            body = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        assertThat(body).startsWith("{").contains("\"count\":256");
        assertThat(r.body().length).isLessThan(body.length() / 5);
        // and a client that does not ask gets plain JSON
        var plain = TestHttp.getAt(api("/splits?keyspace=iot&table=readings&n=256&mode=even"));
        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        // (the same answer up to the snapshot's age)
        assertThat(plain.body().substring(0, plain.body().indexOf("\"snapshot\"")))
                .isEqualTo(body.substring(0, body.indexOf("\"snapshot\"")));
    }

    @Test
    void tagsSnapshotDerivedAnswersAndAnswersRevalidationWith304() throws Exception {
        var first = TestHttp.getAt(api("/replicas?keyspace=iot&token=1523456789012345678"));
        String version = new tools.jackson.databind.ObjectMapper()
                .readTree(first.body())
                .get("snapshot")
                .get("version")
                .asString();
        assertThat(first.headers().firstValue("ETag")).hasValue("W/\"" + version + "\"");
        assertThat(first.headers().firstValue("Cache-Control")).hasValue("no-cache");
        // the same tag on every snapshot-derived GET, whatever the per-request ageSeconds
        Thread.sleep(20);
        assertThat(TestHttp.getAt(api("/ring?tokens=false")).headers().firstValue("ETag"))
                .isEqualTo(first.headers().firstValue("ETag"));
        var ranges = TestHttp.getAt(api("/ranges?keyspace=iot"));
        assertThat(ranges.statusCode()).isEqualTo(200);
        assertThat(ranges.body()).contains("\"tokens\":[\"-4611686018427387904\",\"0\"");
        assertThat(ranges.headers().firstValue("ETag"))
                .isEqualTo(first.headers().firstValue("ETag"));
        // revalidation: 304 without a body
        var again = TestHttp.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(api("/ranges?keyspace=iot")))
                .header("If-None-Match", first.headers().firstValue("ETag").orElseThrow())
                .build());
        assertThat(again.statusCode()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        assertThat(again.headers().firstValue("ETag")).isEqualTo(first.headers().firstValue("ETag"));
        var other = TestHttp.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(api("/ranges?keyspace=iot")))
                .header("If-None-Match", "\"0123\"")
                .build());
        assertThat(other.statusCode()).isEqualTo(200);
        // one node's part of the map: its ranges with their start and end, tagged as the map is
        var node = TestHttp.getAt(api("/ranges/node?keyspace=iot&node=127.0.0.3"));
        assertThat(node.statusCode()).isEqualTo(200);
        assertThat(JsonPath.<String>read(node.body(), "$.node.address")).isEqualTo("127.0.0.3");
        assertThat(JsonPath.<List<String>>read(node.body(), "$.ranges[*].end"))
                .isSubsetOf(JsonPath.<List<String>>read(ranges.body(), "$.tokens"));
        assertThat(JsonPath.<Integer>read(node.body(), "$.primaryRanges")).isEqualTo(1);
        assertThat(node.headers().firstValue("ETag")).isEqualTo(first.headers().firstValue("ETag"));
        var unknownNode = TestHttp.getAt(api("/ranges/node?keyspace=iot&node=10.0.0.9"));
        assertThat(unknownNode.statusCode()).isEqualTo(400);
        assertThat(unknownNode.body()).contains("unknown-node").contains("\"parameter\":\"node\"");
        // problems and batches are not tagged
        var problem = TestHttp.getAt(api("/ranges?keyspace=nope"));
        assertThat(problem.statusCode()).isEqualTo(404);
        assertThat(problem.headers().firstValue("ETag")).isEmpty();
        var batch = TestHttp.postJsonAt(
                api("/token"),
                "{\"keyspace\":\"iot\",\"table\":\"readings\","
                        + "\"keys\":[{\"sensor_id\":\"s\",\"day\":\"2026-10-01\"}]}");
        assertThat(batch.statusCode()).isEqualTo(200);
        assertThat(batch.headers().firstValue("ETag")).isEmpty();
    }

    @Test
    void servesSwaggerUiAndTheApiDocument() {
        assertThat(TestHttp.getAt(api("/swagger-ui.html")).statusCode()).isIn(200, 302);
        assertThat(TestHttp.getAt(api("/swagger-ui/index.html")).statusCode()).isEqualTo(200);
        var docs = TestHttp.getAt(api("/v3/api-docs"));
        assertThat(docs.statusCode()).isEqualTo(200);
        assertThat(docs.body()).contains("\"/token\"", "\"/replicas\"", "\"/splits\"", "\"/ring\"");
    }

    @Test
    void exposesHealthInfoAndPrometheusOnly() {
        assertThat(TestHttp.getAt(management("/actuator/health")).statusCode()).isEqualTo(200);
        assertThat(TestHttp.getAt(management("/actuator/info")).statusCode()).isEqualTo(200);
        var prometheus = TestHttp.getAt(management("/actuator/prometheus"));
        assertThat(prometheus.statusCode()).isEqualTo(200);
        assertThat(prometheus.body()).contains("jvm_memory_used_bytes");
        for (String hidden : new String[] {
            "/actuator/env",
            "/actuator/beans",
            "/actuator/configprops",
            "/actuator/heapdump",
            "/actuator/threaddump",
            "/actuator/metrics",
            "/actuator/loggers"
        }) {
            assertThat(TestHttp.getAt(management(hidden)).statusCode())
                    .as(hidden)
                    .isEqualTo(404);
        }
        // the API port does not serve the actuator
        assertThat(TestHttp.getAt(api("/actuator/health")).statusCode()).isEqualTo(404);
    }

    @Test
    void answersProbesOnTheManagementPort() {
        var live = TestHttp.getAt(management("/livez"));
        var ready = TestHttp.getAt(management("/readyz"));
        assertThat(live.statusCode()).isEqualTo(200);
        assertThat(ready.statusCode()).isEqualTo(200);
        assertThat(ready.body()).contains("\"ring\"");
        assertThat(TestHttp.getAt(management("/actuator/health/readiness")).statusCode())
                .isEqualTo(200);
    }

    @Test
    void answersAnUnknownPathWithProblemJson() {
        var r = TestHttp.getAt(api("/no-such-endpoint"));
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Content-Type"))
                .hasValueSatisfying(v -> assertThat(v).startsWith("application/problem+json"));
        assertThat(r.body()).contains("urn:ringmap:problem:not-found");
    }

    /**
     * Query parameters are records Spring MVC binds: a value given empty, given twice, or not of its type is answered
     * as the endpoints answered it when each was a {@code @RequestParam} (a parameter with a default reads empty as
     * not given, the first of several numbers, and names {@code int}; a named value is checked by its own parser, also
     * when empty).
     */
    @Test
    void readsQueryParametersAsTheirRecordsDeclare() {
        String table = "keyspace=iot&table=readings";
        // path -> the status and the start of the detail or the body
        Map<String, String> answers = new LinkedHashMap<>();
        answers.put(
                "/splits?" + table + "&mode=&n=&compact=",
                "200 {\"keyspace\":\"iot\",\"table\":\"readings\","
                        + "\"partitioner\":\"Murmur3Partitioner\",\"mode\":\"aligned\",\"requested\":16,");
        answers.put(
                "/splits?" + table + "&n=2&n=3&mode=EVEN",
                "200 {\"keyspace\":\"iot\",\"table\":\"readings\","
                        + "\"partitioner\":\"Murmur3Partitioner\",\"mode\":\"even\",\"requested\":2,");
        answers.put(
                "/splits?" + table + "&n=0x4",
                "200 {\"keyspace\":\"iot\",\"table\":\"readings\","
                        + "\"partitioner\":\"Murmur3Partitioner\",\"mode\":\"aligned\",\"requested\":4,");
        answers.put("/splits?" + table + "&n=many", "400 parameter 'n' value 'many' is not a valid int");
        answers.put("/splits?" + table + "&n=0", "400 n must be between 1 and 10000 (ringmap.api.max-splits), was 0");
        answers.put("/splits?" + table + "&mode=odd", "400 mode must be 'even', 'aligned' or 'size', was 'odd'");
        answers.put(
                "/splits?" + table + "&mode=even&mode=size",
                "400 mode must be 'even', 'aligned' or 'size', was " + "'even,size'");
        answers.put(
                "/splits?" + table + "&compact=maybe", "400 parameter 'compact' value 'maybe' is not a valid boolean");
        answers.put("/splits?table=readings", "400 required parameter 'keyspace' is missing");
        answers.put("/splits?keyspace=&table=readings", "404 keyspace '' is not in the ring snapshot");
        answers.put("/ring?offset=x", "400 parameter 'offset' value 'x' is not a valid int");
        answers.put("/ring?offset=-1", "400 offset must be 0 or more, was -1");
        answers.put("/ring?limit=x", "400 parameter 'limit' value 'x' is not a valid integer");
        answers.put("/ring?limit=10001", "400 limit must be between 1 and 10000, was 10001");
        answers.put("/hotkeys?scope=", "400 scope must be deployment or local");
        answers.put("/hotkeys?scope=LOCAL", "400 scope must be deployment or local");
        answers.put("/hotkeys?table=readings", "400 table 'readings' needs its keyspace");
        answers.put("/hotkeys?limit=21", "400 limit must be between 1 and 20 (ringmap.hotkeys.top-k), was 21");
        answers.put("/heatmap?" + table + "&source=", "400 source must be client, reads or writes");
        answers.put(
                "/heatmap?" + table + "&buckets=0",
                "400 buckets must be from 1 to 128 (ringmap.heatmap.buckets), " + "was 0");
        answers.put("/heatmap?" + table + "&window=forever", "400 window must be a duration such as 10m, 1h or PT10M");
        answers.put("/heatmap?" + table + "&window=99h", "400 window must be positive and at most the retention, PT1H");
        answers.put("/availability?consistency=", "400 consistency level '' is not one of [ANY, ONE,");
        answers.put("/availability", "400 required parameter 'consistency' is missing");
        answers.put("/availability?consistency=QUORUM&limit=x", "400 parameter 'limit' value 'x' is not a valid int");
        answers.put(
                "/availability?consistency=QUORUM&limit=-1",
                "400 limit is the most unavailable ranges listed per " + "keyspace: 0 or more, was -1");
        answers.put("/availability/safe-to-stop?consistency=QUORUM", "400 required parameter 'node' is missing");
        answers.put(
                "/plan/shards?keyspace=iot&table=readings&count=4", "400 required parameter 'shardColumn' is missing");
        answers.put("/tokens/balanced?nodes=dc1:x", "400 node count 'x' is not a number");
        answers.forEach((path, expected) -> {
            var r = TestHttp.getAt(api(path));
            String answer = r.statusCode() == 200
                    ? r.body()
                    : TestHttp.JSON.readTree(r.body()).get("detail").asString();
            assertThat(r.statusCode() + " " + answer).as(path).startsWith(expected);
        });
    }
}
