package io.ringmap.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringmap.hotkeys.KeyLabels;
import io.ringmap.problem.ProblemKind;
import io.ringmap.testsupport.Ports;
import io.ringmap.web.errors.RawHttp;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The problems each operation of the API document lists are the ones it answers, and its examples are its own: for
 * every documented kind a real request provokes it (on the bundled sample, or where only another setting can, in that
 * setting) and gets the documented status, type, instance and detail; every probe's kind is documented; the bad
 * inputs of every probe, sent to every operation, get only statuses and types that operation documents (or that any
 * request can get, {@link OpenApiConfiguration#ANY_REQUEST}); the ETag operations answer 304 as documented, and 401
 * and 403 appear exactly when caller authentication is on.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
public class OperationAnswersTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Where a probe's kind can be provoked. */
    public enum Setting {
        /** The bundled sample with the default settings. */
        SAMPLE,
        /** The reference ring plus a keyspace of an unknown strategy and system.batches (topology/test-odd.yaml). */
        ODD_TOPOLOGY,
        /** A cluster that refuses connections: no snapshot yet, and no figures of the nodes yet. */
        NO_SNAPSHOT,
        /** Hot-key tracking off. */
        HOTKEYS_OFF,
        /**
         * A live cluster with the sample's table before the first collection round of the nodes' figures: it needs
         * Cassandra, so LiveStartupIT runs these probes ({@link #assertAnswersAsDocumented}).
         */
        LIVE_CLUSTER
    }

    /** A request to {@code operation} ("GET /path") expected to answer {@code kind} (null: a 2xx answer). */
    record Probe(
            String operation,
            ProblemKind kind,
            Setting setting,
            String query,
            String body,
            String contentType,
            long declaredLength) {

        Probe in(Setting other) {
            return new Probe(operation, kind, other, query, body, contentType, declaredLength);
        }

        String method() {
            return operation.substring(0, operation.indexOf(' '));
        }

        String path() {
            return operation.substring(operation.indexOf(' ') + 1);
        }

        /** The same request sent to another operation. */
        Probe to(String other) {
            return new Probe(other, null, setting, query, body, contentType, declaredLength);
        }

        RawHttp.Response send(int port) {
            return send(port, Map.of());
        }

        RawHttp.Response send(int port, Map<String, String> headers) {
            boolean post = method().equals("POST");
            String target = path() + (query == null || query.isEmpty() ? "" : "?" + query);
            StringBuilder request = new StringBuilder(
                    method() + " " + target + " HTTP/1.1\r\nHost: ringmap\r\n" + "Connection: close\r\n");
            headers.forEach((name, value) ->
                    request.append(name).append(": ").append(value).append("\r\n"));
            byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            if (post) {
                request.append("Content-Type: ")
                        .append(contentType)
                        .append("\r\nContent-Length: ")
                        .append(declaredLength > 0 ? declaredLength : content.length)
                        .append("\r\n");
            }
            request.append("\r\n");
            byte[] head = request.toString().getBytes(StandardCharsets.UTF_8);
            byte[] all = new byte[head.length + content.length];
            System.arraycopy(head, 0, all, 0, head.length);
            System.arraycopy(content, 0, all, head.length, content.length);
            return RawHttp.send(port, all, false);
        }

        @Override
        public String toString() {
            String shown = body == null ? "" : " " + (body.length() > 120 ? body.substring(0, 120) + "..." : body);
            return operation + (query == null ? "" : "?" + query) + shown
                    + (declaredLength > 0 ? " (Content-Length " + declaredLength + ")" : "") + " [" + setting + "]";
        }
    }

    static Probe get(String operation, ProblemKind kind, String query) {
        return new Probe("GET " + operation, kind, Setting.SAMPLE, query, null, null, 0);
    }

    static Probe post(String operation, ProblemKind kind, String body) {
        return new Probe("POST " + operation, kind, Setting.SAMPLE, null, body, "application/json", 0);
    }

    /** A streamed batch (NDJSON) to {@code operation} with the query given. */
    static Probe stream(String operation, ProblemKind kind, String query, String body) {
        return new Probe("POST " + operation, kind, Setting.SAMPLE, query, body, "application/x-ndjson", 0);
    }

    private static final String KEY = "sensor_id=sensor-17&day=2026-10-01";
    private static final String KEY_JSON = "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}";
    /** A sensor whose key's label (261 characters) is longer than the 256 a hot-key label keeps. */
    private static final String LONG_SENSOR = "s".repeat(250);

    private static final String SHORTENED_LABEL = KeyLabels.bounded(KeyLabels.join(LONG_SENSOR, "2026-10-01"), 256);
    private static final String BATCH_ID = "{\"id\": \"50554d6e-29bb-11e5-b345-feff819cdc9f\"}";

    /** The bodies every operation with a JSON body can be sent wrong. */
    private static List<Probe> bodyProblems(String operation) {
        return List.of(
                post(operation, ProblemKind.MALFORMED_BODY, "{\"keyspace\": \"iot\",\n  \"table\": readings}"),
                new Probe(
                        "POST " + operation,
                        ProblemKind.UNSUPPORTED_MEDIA_TYPE,
                        Setting.SAMPLE,
                        null,
                        "keyspace=iot",
                        "application/x-www-form-urlencoded",
                        0),
                new Probe(
                        "POST " + operation,
                        ProblemKind.BODY_TOO_LARGE,
                        Setting.SAMPLE,
                        null,
                        null,
                        "application/json",
                        16L * 1024 * 1024 + 1));
    }

    private static String tokens(int n) {
        return java.util.stream.IntStream.range(0, n)
                .mapToObj(i -> "\"" + i + "\"")
                .collect(Collectors.joining(",", "[", "]"));
    }

    private static String keys(int n) {
        return java.util.stream.IntStream.range(0, n)
                .mapToObj(i -> KEY_JSON)
                .collect(Collectors.joining(",", "[", "]"));
    }

    static final List<Probe> PROBES = probes();

    private static List<Probe> probes() {
        List<Probe> p = new ArrayList<>();
        // GET /token
        p.add(get("/token", null, "keyspace=iot&table=readings&" + KEY));
        p.add(get("/token", ProblemKind.INVALID_PARAMETER, "table=readings&" + KEY));
        p.add(get("/token", ProblemKind.UNKNOWN_KEYSPACE, "keyspace=shop&table=readings&" + KEY));
        p.add(get("/token", ProblemKind.UNKNOWN_TABLE, "keyspace=iot&table=events&" + KEY));
        p.add(get("/token", ProblemKind.INVALID_KEY_VALUE, "keyspace=iot&table=readings&sensor_id=s&day=yesterday"));
        p.add(get("/token", ProblemKind.KEY_COMPONENTS, "keyspace=iot&table=readings&sensor_id=sensor-17"));
        p.add(get(
                        "/token",
                        ProblemKind.TABLE_PARTITIONER,
                        "keyspace=system&table=batches&id=50554d6e-29bb-11e5-b345-feff819cdc9f")
                .in(Setting.ODD_TOPOLOGY));
        p.add(get("/token", ProblemKind.NO_SNAPSHOT, "keyspace=iot&table=readings&" + KEY)
                .in(Setting.NO_SNAPSHOT));
        // POST /token, POST /token/key
        for (String op : List.of("/token", "/token/key")) {
            boolean batch = op.equals("/token");
            String keyField = batch ? "\"keys\": [" : "\"key\": ";
            String end = batch ? "]}" : "}";
            p.add(post(op, null, "{\"keyspace\": \"iot\", \"table\": \"readings\", " + keyField + KEY_JSON + end));
            p.add(post(op, ProblemKind.INVALID_PARAMETER, "{\"table\": \"readings\", " + keyField + KEY_JSON + end));
            p.add(post(
                    op,
                    ProblemKind.UNKNOWN_KEYSPACE,
                    "{\"keyspace\": \"shop\", \"table\": \"readings\", " + keyField + KEY_JSON + end));
            p.add(post(
                    op,
                    ProblemKind.UNKNOWN_TABLE,
                    "{\"keyspace\": \"iot\", \"table\": \"events\", " + keyField + KEY_JSON + end));
            p.add(post(
                    op,
                    ProblemKind.INVALID_KEY_VALUE,
                    "{\"keyspace\": \"iot\", \"table\": \"readings\", " + keyField
                            + "{\"sensor_id\": \"s\", \"day\": \"yesterday\"}" + end));
            p.add(post(
                    op,
                    ProblemKind.KEY_COMPONENTS,
                    "{\"keyspace\": \"iot\", \"table\": \"readings\", " + keyField + "{\"sensor_id\": \"s\"}" + end));
            p.add(post(
                    op,
                    ProblemKind.KEY_TOO_LARGE,
                    "{\"keyspace\": \"iot\", \"table\": \"readings\", " + keyField + "{\"sensor_id\": \""
                            + "x".repeat(65_536) + "\", \"day\": \"2026-10-01\"}" + end));
            p.add(post(
                            op,
                            ProblemKind.TABLE_PARTITIONER,
                            "{\"keyspace\": \"system\", \"table\": \"batches\", " + keyField + BATCH_ID + end)
                    .in(Setting.ODD_TOPOLOGY));
            p.add(post(
                            op,
                            ProblemKind.NO_SNAPSHOT,
                            "{\"keyspace\": \"iot\", \"table\": \"readings\", " + keyField + KEY_JSON + end)
                    .in(Setting.NO_SNAPSHOT));
            if (batch) {
                p.add(post(
                        op,
                        ProblemKind.BATCH_TOO_LARGE,
                        "{\"keyspace\": \"iot\", \"table\": \"readings\", " + "\"keys\": " + keys(10_001) + "}"));
            }
            p.addAll(bodyProblems(op));
        }
        // GET /replicas
        p.add(get("/replicas", null, "keyspace=iot&table=readings&" + KEY));
        p.add(get("/replicas", ProblemKind.INVALID_PARAMETER, "keyspace=iot&token=1&dc=mars"));
        p.add(get("/replicas", ProblemKind.UNKNOWN_KEYSPACE, "keyspace=shop&token=1"));
        p.add(get("/replicas", ProblemKind.UNKNOWN_TABLE, "keyspace=iot&table=events&" + KEY));
        p.add(get("/replicas", ProblemKind.INVALID_KEY_VALUE, "keyspace=iot&table=readings&sensor_id=s&day=yesterday"));
        p.add(get("/replicas", ProblemKind.KEY_COMPONENTS, "keyspace=iot&table=readings&sensor_id=sensor-17"));
        p.add(get("/replicas", ProblemKind.INVALID_TOKEN, "keyspace=iot&token=12abc"));
        p.add(get("/replicas", ProblemKind.UNKNOWN_CONSISTENCY_LEVEL, "keyspace=iot&token=1&consistency=MOST"));
        p.add(get("/replicas", ProblemKind.LOCAL_DATACENTER_REQUIRED, "keyspace=iot&token=1&consistency=LOCAL_QUORUM"));
        p.add(get("/replicas", ProblemKind.UNPLACEABLE_KEYSPACE, "keyspace=odd&token=1")
                .in(Setting.ODD_TOPOLOGY));
        p.add(get(
                        "/replicas",
                        ProblemKind.TABLE_PARTITIONER,
                        "keyspace=system&table=batches&id=50554d6e-29bb-11e5-b345-feff819cdc9f")
                .in(Setting.ODD_TOPOLOGY));
        p.add(get("/replicas", ProblemKind.NO_SNAPSHOT, "keyspace=iot&token=1").in(Setting.NO_SNAPSHOT));
        // POST /replicas/key
        p.add(post(
                "/replicas/key", null, "{\"keyspace\": \"iot\", \"table\": \"readings\", \"key\": " + KEY_JSON + "}"));
        p.add(post(
                "/replicas/key",
                ProblemKind.INVALID_PARAMETER,
                "{\"table\": \"readings\", \"key\": " + KEY_JSON + "}"));
        p.add(post(
                "/replicas/key",
                ProblemKind.UNKNOWN_KEYSPACE,
                "{\"keyspace\": \"shop\", \"table\": \"readings\", " + "\"key\": " + KEY_JSON + "}"));
        p.add(post(
                "/replicas/key",
                ProblemKind.UNKNOWN_TABLE,
                "{\"keyspace\": \"iot\", \"table\": \"events\", " + "\"key\": " + KEY_JSON + "}"));
        p.add(post(
                "/replicas/key",
                ProblemKind.INVALID_KEY_VALUE,
                "{\"keyspace\": \"iot\", \"table\": \"readings\", "
                        + "\"key\": {\"sensor_id\": \"s\", \"day\": \"yesterday\"}}"));
        p.add(post(
                "/replicas/key",
                ProblemKind.KEY_COMPONENTS,
                "{\"keyspace\": \"iot\", \"table\": \"readings\", " + "\"key\": {\"sensor_id\": \"s\"}}"));
        p.add(post(
                "/replicas/key",
                ProblemKind.KEY_TOO_LARGE,
                "{\"keyspace\": \"iot\", \"table\": \"readings\", " + "\"key\": {\"sensor_id\": \"" + "x".repeat(65_536)
                        + "\", \"day\": \"2026-10-01\"}}"));
        p.add(post(
                        "/replicas/key",
                        ProblemKind.UNPLACEABLE_KEYSPACE,
                        "{\"keyspace\": \"odd\", \"table\": \"t\", " + "\"key\": {\"k\": \"a\"}}")
                .in(Setting.ODD_TOPOLOGY));
        p.add(post(
                        "/replicas/key",
                        ProblemKind.TABLE_PARTITIONER,
                        "{\"keyspace\": \"system\", \"table\": " + "\"batches\", \"key\": " + BATCH_ID + "}")
                .in(Setting.ODD_TOPOLOGY));
        p.add(post(
                        "/replicas/key",
                        ProblemKind.NO_SNAPSHOT,
                        "{\"keyspace\": \"iot\", \"table\": \"readings\", " + "\"key\": " + KEY_JSON + "}")
                .in(Setting.NO_SNAPSHOT));
        p.addAll(bodyProblems("/replicas/key"));
        // POST /replicas, POST /replicas/compact
        for (String op : List.of("/replicas", "/replicas/compact")) {
            p.add(post(op, null, "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": [" + KEY_JSON + "]}"));
            p.add(post(op, null, "{\"keyspace\": \"iot\", \"tokens\": [\"1523456789012345678\"]}"));
            p.add(post(
                    op,
                    ProblemKind.INVALID_PARAMETER,
                    "{\"keyspace\": \"iot\", \"table\": \"readings\", " + "\"keys\": [" + KEY_JSON
                            + "], \"tokens\": [\"1\"]}"));
            p.add(post(op, ProblemKind.UNKNOWN_KEYSPACE, "{\"keyspace\": \"shop\", \"tokens\": [\"1\"]}"));
            p.add(post(
                    op,
                    ProblemKind.UNKNOWN_TABLE,
                    "{\"keyspace\": \"iot\", \"table\": \"events\", \"keys\": [" + KEY_JSON + "]}"));
            p.add(post(
                    op,
                    ProblemKind.INVALID_KEY_VALUE,
                    "{\"keyspace\": \"iot\", \"table\": \"readings\", "
                            + "\"keys\": [{\"sensor_id\": \"s\", \"day\": \"yesterday\"}]}"));
            p.add(post(
                    op,
                    ProblemKind.KEY_COMPONENTS,
                    "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": " + "[{\"sensor_id\": \"s\"}]}"));
            p.add(post(
                    op,
                    ProblemKind.KEY_TOO_LARGE,
                    "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": " + "[{\"sensor_id\": \""
                            + "x".repeat(65_536) + "\", \"day\": \"2026-10-01\"}]}"));
            p.add(post(op, ProblemKind.INVALID_TOKEN, "{\"keyspace\": \"iot\", \"tokens\": [\"12abc\"]}"));
            p.add(post(op, ProblemKind.BATCH_TOO_LARGE, "{\"keyspace\": \"iot\", \"tokens\": " + tokens(10_001) + "}"));
            p.add(post(op, ProblemKind.UNPLACEABLE_KEYSPACE, "{\"keyspace\": \"odd\", \"tokens\": [\"1\"]}")
                    .in(Setting.ODD_TOPOLOGY));
            p.add(post(
                            op,
                            ProblemKind.TABLE_PARTITIONER,
                            "{\"keyspace\": \"system\", \"table\": \"batches\", " + "\"keys\": [" + BATCH_ID + "]}")
                    .in(Setting.ODD_TOPOLOGY));
            p.add(post(op, ProblemKind.NO_SNAPSHOT, "{\"keyspace\": \"iot\", \"tokens\": [\"1\"]}")
                    .in(Setting.NO_SNAPSHOT));
            p.addAll(bodyProblems(op));
        }
        // POST /token/stream, POST /replicas/stream: a bad line is answered in its place (200), so only the request's
        // own problems are probed
        for (String op : List.of("/token/stream", "/replicas/stream")) {
            p.add(stream(op, null, "keyspace=iot&table=readings", KEY_JSON + "\n"));
            p.add(stream(op, ProblemKind.INVALID_PARAMETER, "table=readings", KEY_JSON + "\n"));
            p.add(stream(op, ProblemKind.UNKNOWN_KEYSPACE, "keyspace=shop&table=readings", KEY_JSON + "\n"));
            p.add(stream(op, ProblemKind.UNKNOWN_TABLE, "keyspace=iot&table=events", KEY_JSON + "\n"));
            p.add(new Probe(
                    "POST " + op,
                    ProblemKind.MALFORMED_BODY,
                    Setting.SAMPLE,
                    "keyspace=iot&table=readings",
                    "sensor_id,sensor_id\nsensor-17,2026-10-01\n",
                    "text/csv",
                    0));
            p.add(new Probe(
                    "POST " + op,
                    ProblemKind.UNSUPPORTED_MEDIA_TYPE,
                    Setting.SAMPLE,
                    "keyspace=iot&table=readings",
                    "keyspace=iot",
                    "application/x-www-form-urlencoded",
                    0));
            p.add(new Probe(
                    "POST " + op,
                    ProblemKind.BODY_TOO_LARGE,
                    Setting.SAMPLE,
                    "keyspace=iot&table=readings",
                    null,
                    "application/json",
                    16L * 1024 * 1024 + 1));
            p.add(stream(op, ProblemKind.TABLE_PARTITIONER, "keyspace=system&table=batches", BATCH_ID + "\n")
                    .in(Setting.ODD_TOPOLOGY));
            p.add(stream(op, ProblemKind.NO_SNAPSHOT, "keyspace=iot&table=readings", KEY_JSON + "\n")
                    .in(Setting.NO_SNAPSHOT));
        }
        p.add(stream("/replicas/stream", ProblemKind.UNPLACEABLE_KEYSPACE, "keyspace=odd&table=t", "{\"k\": \"a\"}\n")
                .in(Setting.ODD_TOPOLOGY));
        // GET /splits
        p.add(get("/splits", null, "keyspace=iot&table=readings"));
        p.add(get("/splits", ProblemKind.INVALID_PARAMETER, "keyspace=iot&table=readings&n=0"));
        p.add(get("/splits", ProblemKind.UNKNOWN_KEYSPACE, "keyspace=shop&table=readings"));
        p.add(get("/splits", ProblemKind.UNKNOWN_TABLE, "keyspace=iot&table=events"));
        p.add(get("/splits", ProblemKind.SIZES_NOT_COLLECTED, "keyspace=iot&table=readings&mode=size"));
        p.add(get("/splits", ProblemKind.UNPLACEABLE_KEYSPACE, "keyspace=odd&table=t")
                .in(Setting.ODD_TOPOLOGY));
        p.add(get("/splits", ProblemKind.TABLE_PARTITIONER, "keyspace=system&table=batches")
                .in(Setting.ODD_TOPOLOGY));
        p.add(get("/splits", ProblemKind.NO_SNAPSHOT, "keyspace=iot&table=readings")
                .in(Setting.NO_SNAPSHOT));
        p.add(get("/splits", ProblemKind.SIZES_UNAVAILABLE, "keyspace=iot&table=readings&mode=size")
                .in(Setting.LIVE_CLUSTER));
        // GET /ring
        p.add(get("/ring", null, "keyspace=iot"));
        p.add(get("/ring", ProblemKind.INVALID_PARAMETER, "limit=0"));
        p.add(get("/ring", ProblemKind.UNKNOWN_KEYSPACE, "keyspace=shop"));
        p.add(get("/ring", ProblemKind.UNPLACEABLE_KEYSPACE, "keyspace=odd").in(Setting.ODD_TOPOLOGY));
        p.add(get("/ring", ProblemKind.NO_SNAPSHOT, "").in(Setting.NO_SNAPSHOT));
        // GET /ranges
        p.add(get("/ranges", null, "keyspace=iot"));
        p.add(get("/ranges", ProblemKind.INVALID_PARAMETER, ""));
        p.add(get("/ranges", ProblemKind.UNKNOWN_KEYSPACE, "keyspace=shop"));
        p.add(get("/ranges", ProblemKind.UNPLACEABLE_KEYSPACE, "keyspace=odd").in(Setting.ODD_TOPOLOGY));
        p.add(get("/ranges", ProblemKind.NO_SNAPSHOT, "keyspace=iot").in(Setting.NO_SNAPSHOT));
        // GET /ranges/node
        p.add(get("/ranges/node", null, "keyspace=iot&node=127.0.0.3"));
        p.add(get("/ranges/node", ProblemKind.INVALID_PARAMETER, "node=127.0.0.3"));
        p.add(get("/ranges/node", ProblemKind.UNKNOWN_KEYSPACE, "keyspace=shop&node=127.0.0.3"));
        p.add(get("/ranges/node", ProblemKind.UNKNOWN_NODE, "keyspace=iot&node=10.0.0.9"));
        p.add(get("/ranges/node", ProblemKind.UNPLACEABLE_KEYSPACE, "keyspace=odd&node=127.0.0.1")
                .in(Setting.ODD_TOPOLOGY));
        p.add(get("/ranges/node", ProblemKind.NO_SNAPSHOT, "keyspace=iot&node=127.0.0.3")
                .in(Setting.NO_SNAPSHOT));
        // GET /sizes, GET /load
        p.add(get("/sizes", ProblemKind.INVALID_PARAMETER, "keyspace=iot"));
        p.add(get("/sizes", ProblemKind.SIZES_NOT_COLLECTED, "keyspace=iot&table=readings"));
        p.add(get("/sizes", ProblemKind.UNKNOWN_KEYSPACE, "keyspace=shop&table=readings"));
        p.add(get("/sizes", ProblemKind.UNKNOWN_TABLE, "keyspace=iot&table=events"));
        p.add(get("/sizes", ProblemKind.NO_SNAPSHOT, "keyspace=iot&table=readings")
                .in(Setting.NO_SNAPSHOT));
        p.add(get("/sizes", ProblemKind.SIZES_UNAVAILABLE, "keyspace=iot&table=readings")
                .in(Setting.LIVE_CLUSTER));
        p.add(get("/load", ProblemKind.SIZES_NOT_COLLECTED, "keyspace=iot"));
        p.add(get("/load", ProblemKind.UNKNOWN_KEYSPACE, "keyspace=shop"));
        p.add(get("/load", ProblemKind.NO_SNAPSHOT, "keyspace=iot").in(Setting.NO_SNAPSHOT));
        p.add(get("/load", ProblemKind.SIZES_UNAVAILABLE, "keyspace=iot").in(Setting.LIVE_CLUSTER));
        // GET /hotkeys
        p.add(get("/hotkeys", null, "keyspace=iot&table=readings&limit=10"));
        p.add(get("/hotkeys", ProblemKind.INVALID_PARAMETER, "limit=0"));
        p.add(get("/hotkeys", ProblemKind.UNKNOWN_KEYSPACE, "keyspace=shop"));
        p.add(get("/hotkeys", ProblemKind.UNKNOWN_TABLE, "keyspace=iot&table=events"));
        p.add(get("/hotkeys", ProblemKind.HOTKEYS_DISABLED, "").in(Setting.HOTKEYS_OFF));
        p.add(get("/hotkeys", ProblemKind.NO_SNAPSHOT, "").in(Setting.NO_SNAPSHOT));
        // POST /hits
        p.add(post(
                "/hits",
                null,
                "{\"keyspace\": \"iot\", \"table\": \"readings\", \"hits\": [{\"key\": " + KEY_JSON + "}]}"));
        p.add(post(
                "/hits",
                ProblemKind.INVALID_PARAMETER,
                "{\"table\": \"readings\", \"hits\": [{\"key\": " + KEY_JSON + "}]}"));
        p.add(post(
                "/hits",
                ProblemKind.UNKNOWN_KEYSPACE,
                "{\"keyspace\": \"shop\", \"table\": \"readings\", " + "\"hits\": [{\"key\": " + KEY_JSON + "}]}"));
        p.add(post(
                "/hits",
                ProblemKind.UNKNOWN_TABLE,
                "{\"keyspace\": \"iot\", \"table\": \"events\", " + "\"hits\": [{\"key\": " + KEY_JSON + "}]}"));
        p.add(post(
                "/hits",
                ProblemKind.INVALID_KEY_VALUE,
                "{\"keyspace\": \"iot\", \"table\": \"readings\", "
                        + "\"hits\": [{\"key\": {\"sensor_id\": \"s\", \"day\": \"yesterday\"}}]}"));
        p.add(post(
                "/hits",
                ProblemKind.KEY_COMPONENTS,
                "{\"keyspace\": \"iot\", \"table\": \"readings\", "
                        + "\"hits\": [{\"key\": {\"sensor_id\": \"s\"}}]}"));
        p.add(post(
                "/hits",
                ProblemKind.BATCH_TOO_LARGE,
                "{\"keyspace\": \"iot\", \"table\": \"readings\", " + "\"hits\": "
                        + keys(10_001).replace(KEY_JSON, "{\"key\": " + KEY_JSON + "}") + "}"));
        p.add(post(
                        "/hits",
                        ProblemKind.NO_SNAPSHOT,
                        "{\"keyspace\": \"iot\", \"table\": \"readings\", " + "\"hits\": [{\"key\": " + KEY_JSON
                                + "}]}")
                .in(Setting.NO_SNAPSHOT));
        p.addAll(bodyProblems("/hits"));
        // GET /heatmap
        p.add(get("/heatmap", null, "keyspace=iot&table=readings"));
        p.add(get("/heatmap", ProblemKind.INVALID_PARAMETER, "keyspace=iot&table=readings&buckets=0"));
        p.add(get("/heatmap", ProblemKind.UNKNOWN_KEYSPACE, "keyspace=shop&table=readings"));
        p.add(get("/heatmap", ProblemKind.UNKNOWN_TABLE, "keyspace=iot&table=events"));
        p.add(get("/heatmap", ProblemKind.NO_SNAPSHOT, "keyspace=iot&table=readings")
                .in(Setting.NO_SNAPSHOT));
        p.add(get("/heatmap", ProblemKind.SIZES_NOT_COLLECTED, "keyspace=iot&table=readings&source=reads"));
        // GET /availability, GET /availability/safe-to-stop
        for (String op : List.of("/availability", "/availability/safe-to-stop")) {
            String node = op.endsWith("stop") ? "node=127.0.0.1&" : "";
            p.add(get(op, null, node + "consistency=ONE&keyspace=iot"));
            p.add(get(op, ProblemKind.INVALID_PARAMETER, node + "keyspace=iot"));
            p.add(get(op, ProblemKind.UNKNOWN_CONSISTENCY_LEVEL, node + "consistency=MOST"));
            p.add(get(op, ProblemKind.LOCAL_DATACENTER_REQUIRED, node + "consistency=LOCAL_QUORUM"));
            p.add(get(
                    op,
                    ProblemKind.UNKNOWN_NODE,
                    node.isEmpty() ? "consistency=QUORUM&down=127.0.0.9" : "node=127.0.0.9&consistency=QUORUM"));
            p.add(get(op, ProblemKind.UNKNOWN_KEYSPACE, node + "consistency=QUORUM&keyspace=shop"));
            p.add(get(op, ProblemKind.UNPLACEABLE_KEYSPACE, node + "consistency=QUORUM&keyspace=odd")
                    .in(Setting.ODD_TOPOLOGY));
            p.add(get(op, ProblemKind.NO_SNAPSHOT, node + "consistency=QUORUM").in(Setting.NO_SNAPSHOT));
        }
        p.add(get("/availability/safe-to-stop", ProblemKind.UNSAFE_TO_STOP, "node=127.0.0.1&consistency=ALL"));
        // GET /tokens/balanced, POST /tokens/balanced, POST /tokens/evaluate
        p.add(get("/tokens/balanced", null, "nodes=dc1:2,dc2:2"));
        p.add(get("/tokens/balanced", ProblemKind.INVALID_PARAMETER, "nodes=dc1"));
        p.add(get("/tokens/balanced", ProblemKind.INVALID_GENERATOR, "nodes=dc1:0"));
        p.add(get("/tokens/balanced", ProblemKind.PLAN_TOO_LARGE, "nodes=dc1:20000"));
        p.add(get("/tokens/balanced", ProblemKind.NO_SNAPSHOT, "nodes=dc1:2,dc2:2")
                .in(Setting.NO_SNAPSHOT));
        String sample = "\"sample\": {\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": [" + KEY_JSON + "]}";
        p.add(post("/tokens/balanced", null, "{\"nodes\": {\"dc1\": 1}, " + sample + "}"));
        p.add(post("/tokens/balanced", ProblemKind.INVALID_GENERATOR, "{\"nodes\": {}, " + sample + "}"));
        p.add(post("/tokens/balanced", ProblemKind.PLAN_TOO_LARGE, "{\"nodes\": {\"dc1\": 20000}, " + sample + "}"));
        p.add(post(
                "/tokens/balanced",
                ProblemKind.UNKNOWN_KEYSPACE,
                "{\"nodes\": {\"dc1\": 2}, " + sample.replace("\"iot\"", "\"shop\"") + "}"));
        p.add(post(
                "/tokens/balanced",
                ProblemKind.UNKNOWN_TABLE,
                "{\"nodes\": {\"dc1\": 2}, " + sample.replace("\"readings\"", "\"events\"") + "}"));
        p.add(post(
                "/tokens/balanced",
                ProblemKind.INVALID_KEY_VALUE,
                "{\"nodes\": {\"dc1\": 2}, " + sample.replace("2026-10-01", "yesterday") + "}"));
        p.add(post(
                "/tokens/balanced",
                ProblemKind.KEY_COMPONENTS,
                "{\"nodes\": {\"dc1\": 2}, " + sample.replace(", \"day\": \"2026-10-01\"", "") + "}"));
        p.add(post("/tokens/balanced", ProblemKind.NO_SNAPSHOT, "{\"nodes\": {\"dc1\": 2}, " + sample + "}")
                .in(Setting.NO_SNAPSHOT));
        p.addAll(bodyProblems("/tokens/balanced"));
        String proposed = "{\"address\": \"127.0.0.5\", \"datacenter\": \"dc1\", \"rack\": \"rack1\", \"tokens\": "
                + "[\"-6917529027641081856\"]}";
        p.add(post("/tokens/evaluate", null, "{\"mode\": \"add\", \"nodes\": [" + proposed + "]}"));
        p.add(post(
                "/tokens/evaluate",
                ProblemKind.INVALID_PARAMETER,
                "{\"mode\": \"swap\", \"nodes\": [" + proposed + "]}"));
        p.add(post(
                "/tokens/evaluate",
                ProblemKind.INVALID_TOKEN,
                "{\"mode\": \"add\", \"nodes\": [" + proposed.replace("-6917529027641081856", "12abc") + "]}"));
        p.add(post("/tokens/evaluate", ProblemKind.NO_SNAPSHOT, "{\"mode\": \"add\", \"nodes\": [" + proposed + "]}")
                .in(Setting.NO_SNAPSHOT));
        p.addAll(bodyProblems("/tokens/evaluate"));
        // POST /plan
        String design = "{\"name\": \"by device\", \"columns\": [{\"name\": \"device_id\", \"type\": \"text\", "
                + "\"generator\": {\"kind\": \"entity\"}}]}";
        String workload = "\"workload\": {\"entities\": {\"a\": 100, \"b\": 200}, \"start\": \"2026-08-01\", "
                + "\"retentionDays\": 30, \"bytesPerRow\": 420}";
        p.add(post("/plan", null, "{\"keyspace\": \"iot\", " + workload + ", \"designs\": [" + design + "]}"));
        p.add(post(
                "/plan", ProblemKind.INVALID_GENERATOR, "{\"keyspace\": \"iot\", " + workload + ", \"designs\": []}"));
        p.add(post(
                "/plan",
                ProblemKind.UNSUPPORTED_KEY_TYPE,
                "{\"keyspace\": \"iot\", " + workload + ", \"designs\": ["
                        + design.replace("\"text\"", "\"vector<float, 3>\"") + "]}"));
        p.add(post(
                "/plan",
                ProblemKind.PLAN_TOO_LARGE,
                "{\"keyspace\": \"iot\", " + workload + ", \"designs\": ["
                        + String.join(",", java.util.Collections.nCopies(9, design)) + "]}"));
        p.add(post(
                "/plan",
                ProblemKind.UNKNOWN_KEYSPACE,
                "{\"keyspace\": \"shop\", " + workload + ", \"designs\": [" + design + "]}"));
        p.add(post(
                        "/plan",
                        ProblemKind.UNPLACEABLE_KEYSPACE,
                        "{\"keyspace\": \"odd\", " + workload + ", \"designs\": [" + design + "]}")
                .in(Setting.ODD_TOPOLOGY));
        p.add(post(
                        "/plan",
                        ProblemKind.NO_SNAPSHOT,
                        "{\"keyspace\": \"iot\", " + workload + ", \"designs\": [" + design + "]}")
                .in(Setting.NO_SNAPSHOT));
        p.addAll(bodyProblems("/plan"));
        // POST /plan/restart, POST /plan/restart/next
        for (String op : List.of("/plan/restart", "/plan/restart/next")) {
            p.add(post(op, null, "{\"consistency\": \"ONE\"}"));
            p.add(post(op, ProblemKind.INVALID_PARAMETER, "{}"));
            p.add(post(op, ProblemKind.UNKNOWN_CONSISTENCY_LEVEL, "{\"consistency\": \"MOST\"}"));
            p.add(post(op, ProblemKind.LOCAL_DATACENTER_REQUIRED, "{\"consistency\": \"LOCAL_ONE\", \"dc\": \"dc9\"}"));
            p.add(post(op, ProblemKind.UNKNOWN_NODE, "{\"consistency\": \"ONE\", \"nodes\": [\"127.0.0.9\"]}"));
            p.add(post(op, ProblemKind.UNKNOWN_KEYSPACE, "{\"keyspaces\": {\"shop\": \"ONE\"}}"));
            p.add(post(
                    op,
                    ProblemKind.PLAN_TOO_LARGE,
                    "{\"consistency\": \"ONE\", \"nodes\": ["
                            + String.join(",", java.util.Collections.nCopies(1001, "\"N1\"")) + "]}"));
            p.add(post(op, ProblemKind.UNPLACEABLE_KEYSPACE, "{\"keyspaces\": {\"odd\": \"ONE\"}}")
                    .in(Setting.ODD_TOPOLOGY));
            p.add(post(op, ProblemKind.NO_SNAPSHOT, "{\"consistency\": \"ONE\"}")
                    .in(Setting.NO_SNAPSHOT));
            p.addAll(bodyProblems(op));
        }
        p.add(post(
                "/plan/restart",
                ProblemKind.RESTART_UNSAFE,
                "{\"consistency\": \"ALL\", \"keyspaces\": {\"iot_multi_dc\": \"ONE\"}}"));
        // GET /plan/shards, POST /plan/shards
        String shards = "keyspace=iot&table=readings&shardColumn=sensor_id&day=2026-10-01&load=480000&target=100000";
        p.add(get("/plan/shards", null, shards));
        p.add(get("/plan/shards", ProblemKind.INVALID_PARAMETER, "keyspace=iot&table=readings&day=2026-10-01"));
        p.add(get("/plan/shards", ProblemKind.UNKNOWN_KEYSPACE, shards.replace("=iot", "=shop")));
        p.add(get("/plan/shards", ProblemKind.UNKNOWN_TABLE, shards.replace("=readings", "=events")));
        p.add(get("/plan/shards", ProblemKind.INVALID_KEY_VALUE, shards.replace("2026-10-01", "yesterday")));
        p.add(get("/plan/shards", ProblemKind.KEY_COMPONENTS, shards.replace("&day=2026-10-01", "")));
        p.add(get("/plan/shards", ProblemKind.INVALID_GENERATOR, shards.replace("target=100000", "count=0")));
        p.add(get("/plan/shards", ProblemKind.PLAN_TOO_LARGE, shards.replace("target=100000", "count=5000")));
        p.add(get(
                "/plan/shards",
                ProblemKind.UNKNOWN_HOT_KEY,
                shards.replace("&day=2026-10-01", "") + "&hotkey=sensor-99"));
        p.add(get(
                        "/plan/shards",
                        ProblemKind.HOTKEYS_DISABLED,
                        shards.replace("&day=2026-10-01", "") + "&hotkey=sensor-99")
                .in(Setting.HOTKEYS_OFF));
        p.add(get("/plan/shards", ProblemKind.NO_SNAPSHOT, shards).in(Setting.NO_SNAPSHOT));
        // a hot key whose label is longer than the 256 characters kept: recorded, then named by its shortened label
        p.add(post(
                "/hits",
                null,
                "{\"keyspace\": \"iot\", \"table\": \"readings\", \"hits\": [{\"key\": " + "{\"sensor_id\": \""
                        + LONG_SENSOR + "\", \"day\": \"2026-10-01\"}}]}"));
        p.add(get(
                "/plan/shards",
                ProblemKind.HOT_KEY_NOT_RESOLVABLE,
                shards.replace("&day=2026-10-01", "") + "&hotkey="
                        + URLEncoder.encode(SHORTENED_LABEL, StandardCharsets.UTF_8)));
        String shardsBody = "{\"keyspace\": \"iot\", \"table\": \"readings\", \"key\": {\"day\": \"2026-10-01\"}, "
                + "\"shardColumn\": \"sensor_id\", \"load\": 480000, \"target\": 100000}";
        p.add(post("/plan/shards", null, shardsBody));
        p.add(post("/plan/shards", ProblemKind.INVALID_PARAMETER, shardsBody.replace("\"keyspace\": \"iot\", ", "")));
        p.add(post("/plan/shards", ProblemKind.UNKNOWN_KEYSPACE, shardsBody.replace("\"iot\"", "\"shop\"")));
        p.add(post("/plan/shards", ProblemKind.UNKNOWN_TABLE, shardsBody.replace("\"readings\"", "\"events\"")));
        p.add(post("/plan/shards", ProblemKind.INVALID_KEY_VALUE, shardsBody.replace("2026-10-01", "yesterday")));
        p.add(post("/plan/shards", ProblemKind.KEY_COMPONENTS, shardsBody.replace("\"day\": \"2026-10-01\"", "")));
        p.add(post(
                "/plan/shards",
                ProblemKind.INVALID_GENERATOR,
                shardsBody.replace("\"target\": 100000", "\"count\": 0")));
        p.add(post(
                "/plan/shards",
                ProblemKind.PLAN_TOO_LARGE,
                shardsBody.replace("\"target\": 100000", "\"count\": 5000")));
        p.add(post("/plan/shards", ProblemKind.NO_SNAPSHOT, shardsBody).in(Setting.NO_SNAPSHOT));
        String byHotKey = shardsBody.replace("{\"day\": \"2026-10-01\"}", "{}").replaceFirst("}$", ", \"hotkey\": ");
        p.add(post("/plan/shards", ProblemKind.UNKNOWN_HOT_KEY, byHotKey + "\"sensor-99\"}"));
        p.add(post("/plan/shards", ProblemKind.HOTKEYS_DISABLED, byHotKey + "\"sensor-99\"}")
                .in(Setting.HOTKEYS_OFF));
        p.add(post(
                "/plan/shards",
                ProblemKind.HOT_KEY_NOT_RESOLVABLE,
                byHotKey + "\"" + SHORTENED_LABEL.replace("\\", "\\\\") + "\"}"));
        p.addAll(bodyProblems("/plan/shards"));
        return List.copyOf(p);
    }

    @LocalServerPort
    int port;

    @Test
    void theDocumentListsExactlyTheProbedKindsOfEachOperation() {
        Map<String, Set<ProblemKind>> documented = new TreeMap<>();
        documentedExamples(document(port)).forEach((op, examples) -> documented.put(op, examples.keySet()));
        Map<String, Set<ProblemKind>> probed = new TreeMap<>();
        for (Probe probe : PROBES) {
            Set<ProblemKind> kinds = probed.computeIfAbsent(probe.operation(), op -> new TreeSet<>());
            if (probe.kind() != null) {
                kinds.add(probe.kind());
            }
        }
        assertThat(documented)
                .as("the problems each operation lists (left) and the ones a request provokes here")
                .isEqualTo(probed);
    }

    @Test
    void theSampleAnswersAsDocumented() {
        assertAnswersAsDocumented(port, Setting.SAMPLE);
    }

    /**
     * Every bad input of the probes sent to every operation of the same method: an answer is a success or a problem
     * the operation lists (or any request can get), at its kind's status.
     */
    @Test
    void badInputsGetOnlyTheAnswersTheirOperationLists() {
        Map<String, Map<ProblemKind, String>> documented = documentedExamples(document(port));
        SoftAssertions soft = new SoftAssertions();
        int sent = 0;
        for (String operation : documented.keySet()) {
            Set<String> inputs = new TreeSet<>();
            for (Probe probe : PROBES) {
                if (probe.setting() == Setting.SAMPLE
                        && probe.method().equals(operation.substring(0, operation.indexOf(' ')))
                        && inputs.add(probe.toString())) {
                    Probe sentProbe = probe.to(operation);
                    RawHttp.Response answer = sentProbe.send(port);
                    sent++;
                    if (answer.status() < 400) {
                        soft.assertThat(answer.status())
                                .as(sentProbe.toString())
                                .isBetween(200, 299);
                        continue;
                    }
                    ProblemKind kind = kindOf(answer);
                    soft.assertThat(kind)
                            .as("%s answered %s", sentProbe, answer)
                            .isNotNull();
                    if (kind != null) {
                        soft.assertThat(documented.get(operation).containsKey(kind)
                                        || OpenApiConfiguration.ANY_REQUEST.contains(kind))
                                .as("%s answered %s, which %s does not list", sentProbe, kind, operation)
                                .isTrue();
                        soft.assertThat(answer.status())
                                .as(sentProbe.toString())
                                .isEqualTo(kind.status());
                    }
                }
            }
        }
        soft.assertThat(sent).as("requests sent").isGreaterThan(1000);
        soft.assertAll();
    }

    /** The operations listing a 304 answer it to their own ETag, and no other GET sends one. */
    @Test
    void conditionalGetsAreTheDocumentedOnes() {
        JsonNode paths = document(port).path("paths");
        Set<String> withNotModified = new TreeSet<>();
        for (Probe probe : PROBES) {
            if (probe.kind() != null
                    || probe.setting() != Setting.SAMPLE
                    || !probe.method().equals("GET")) {
                continue;
            }
            JsonNode responses = paths.path(probe.path()).path("get").path("responses");
            RawHttp.Response answer = probe.send(port);
            assertThat(answer.status()).as(probe.toString()).isEqualTo(200);
            if (responses.has("304")) {
                withNotModified.add(probe.path());
                assertThat(responses.path("200").path("headers").has("ETag"))
                        .as(probe.path())
                        .isTrue();
                assertThat(answer.header("etag")).as(probe.toString()).isNotNull();
                assertThat(probe.send(port, Map.of("If-None-Match", answer.header("etag")))
                                .status())
                        .as(probe.toString())
                        .isEqualTo(304);
            } else {
                assertThat(answer.header("etag")).as(probe.toString()).isNull();
            }
        }
        assertThat(withNotModified)
                .containsExactlyInAnyOrder("/token", "/replicas", "/splits", "/ring", "/ranges", "/ranges/node");
    }

    @Test
    void noOperationListsCredentialProblemsWhileAuthenticationIsOff() {
        documentedResponses(document(port))
                .forEach((operation, statuses) ->
                        assertThat(statuses).as(operation).doesNotContain("401", "403"));
    }

    /** The bundled sample's reference ring plus a keyspace ringmap cannot place and a table of its own partitioner. */
    @Nested
    @TestPropertySource(properties = "ringmap.topology.file=classpath:topology/test-odd.yaml")
    class OddTopology {

        @LocalServerPort
        int port;

        @Test
        void answersAsDocumented() {
            assertAnswersAsDocumented(port, Setting.ODD_TOPOLOGY);
        }
    }

    /** A cluster that refuses connections (on loopback: no Cassandra needed). */
    @Nested
    class NoSnapshot {

        @DynamicPropertySource
        static void refusedContactPoint(DynamicPropertyRegistry registry) {
            registry.add("spring.cassandra.contact-points", () -> "127.0.0.1:" + Ports.free()); // nobody listens
            registry.add("spring.cassandra.local-datacenter", () -> "dc1");
        }

        @LocalServerPort
        int port;

        @Test
        void answersAsDocumented() {
            // the reason names the refused connection once the first attempt has failed
            Probe ring = get("/ring", ProblemKind.NO_SNAPSHOT, "");
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> JSON.readTree(ring.send(port).body())
                            .path("detail")
                            .asString()
                            .contains("connection refused"));
            assertAnswersAsDocumented(port, Setting.NO_SNAPSHOT);
        }
    }

    @Nested
    @TestPropertySource(properties = "ringmap.hotkeys.enabled=false")
    class HotKeysOff {

        @LocalServerPort
        int port;

        @Test
        void answersAsDocumented() {
            assertAnswersAsDocumented(port, Setting.HOTKEYS_OFF);
        }
    }

    /** With caller authentication on, every operation lists its 401 and 403, with its own path, and answers them. */
    @Nested
    @TestPropertySource(
            properties = {
                "ringmap.hotkeys.export-key=hash",
                "ringmap.hotkeys.salt=test-salt",
                "ringmap.security.mode=api-key",
                "ringmap.security.api-keys.reader.key=" + ApiKeys.READER,
                "ringmap.security.api-keys.reader.scopes=ringmap:read",
                "ringmap.security.api-keys.relay.key=" + ApiKeys.REPORTER,
                "ringmap.security.api-keys.relay.scopes=ringmap:hits"
            })
    class ApiKeys {

        static final String READER = "rk-0c2e9a7d4e315b1f";
        static final String REPORTER = "wk-6e2b7d9481c3aa0f";

        @LocalServerPort
        int port;

        @Test
        void everyOperationListsAndAnswersItsCredentialProblems() {
            assertEveryOperationListsAndAnswers(port, ProblemKind.UNAUTHORIZED, probe -> probe.send(port));
            assertEveryOperationListsAndAnswers(
                    port,
                    ProblemKind.FORBIDDEN,
                    probe -> probe.send(port, Map.of("X-API-Key", probe.path().equals("/hits") ? READER : REPORTER)));
        }
    }

    /**
     * JWT mode with an identity provider that refuses connections: every operation lists its 503, and a bearer token
     * sent to it (one that could be right: it cannot be checked without the key set) gets it.
     */
    @Nested
    @TestPropertySource(
            properties = {
                "ringmap.hotkeys.export-key=hash",
                "ringmap.hotkeys.salt=test-salt",
                "ringmap.security.mode=jwt",
                "ringmap.security.jwt.issuer=https://idp.example.test/realms/ops",
                "ringmap.security.jwt.audiences=ringmap"
            })
    class IdentityProviderRefused {

        /** A well-formed RS256 token naming a key the set would have to supply (its signature is never checked). */
        static final String TOKEN = base64Url("{\"alg\":\"RS256\",\"kid\":\"ops-2026\"}") + "."
                + base64Url("{\"iss\":\"https://idp.example.test/realms/ops\",\"aud\":\"ringmap\","
                        + "\"exp\":4102444800,\"scope\":\"ringmap:read ringmap:hits\"}")
                + "." + base64Url("sig");

        @DynamicPropertySource
        static void refusedKeySet(DynamicPropertyRegistry registry) {
            registry.add(
                    "spring.security.oauth2.resourceserver.jwt.jwk-set-uri",
                    () -> "http://127.0.0.1:" + Ports.free() + "/jwks"); // nobody listens
        }

        @LocalServerPort
        int port;

        @Test
        void everyOperationListsAndAnswersItsIdentityProviderProblem() {
            assertEveryOperationListsAndAnswers(
                    port,
                    ProblemKind.IDENTITY_PROVIDER_UNAVAILABLE,
                    probe -> probe.send(port, Map.of("Authorization", "Bearer " + TOKEN)));
        }

        private static String base64Url(String text) {
            return java.util.Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * Every operation lists {@code kind} with its own path as the example's instance, and the first probe of each
     * (a request it would otherwise answer), sent by {@code send}, gets it with the listed detail.
     */
    static void assertEveryOperationListsAndAnswers(
            int port, ProblemKind kind, java.util.function.Function<Probe, RawHttp.Response> send) {
        JsonNode paths = document(port).path("paths");
        Set<String> operations = new TreeSet<>();
        for (Probe probe : PROBES) {
            if (probe.kind() != null || !operations.add(probe.operation())) {
                continue;
            }
            JsonNode example = paths.path(probe.path())
                    .path(probe.method().toLowerCase(java.util.Locale.ROOT))
                    .path("responses")
                    .path(String.valueOf(kind.status()))
                    .path("content")
                    .path("application/problem+json")
                    .path("examples")
                    .path(kind.typeName())
                    .path("value");
            assertThat(example.path("instance").asString())
                    .as("%s %s", probe.operation(), kind)
                    .isEqualTo(probe.path());
            RawHttp.Response answer = send.apply(probe);
            assertThat(answer.status()).as("%s %s", probe, kind).isEqualTo(kind.status());
            assertThat(kindOf(answer)).as("%s %s", probe, kind).isEqualTo(kind);
            assertThat(JSON.readTree(answer.body()).path("detail").asString())
                    .as("%s %s", probe, kind)
                    .isEqualTo(example.path("detail").asString());
        }
        assertThat(operations).hasSizeGreaterThan(20);
    }

    /** Each probe of the setting answers its kind with the status, type, instance and detail its operation lists. */
    public static void assertAnswersAsDocumented(int port, Setting setting) {
        Map<String, Map<ProblemKind, String>> documented = documentedExamples(document(port));
        SoftAssertions soft = new SoftAssertions();
        int probed = 0;
        for (Probe probe : PROBES) {
            if (probe.setting() != setting) {
                continue;
            }
            probed++;
            RawHttp.Response answer = probe.send(port);
            if (probe.kind() == null) {
                soft.assertThat(answer.status())
                        .as("%s answered %s", probe, answer)
                        .isBetween(200, 299);
                continue;
            }
            soft.assertThat(answer.status())
                    .as("%s answered %s", probe, answer)
                    .isEqualTo(probe.kind().status());
            soft.assertThat(kindOf(answer)).as("%s answered %s", probe, answer).isEqualTo(probe.kind());
            if (probe.kind() == kindOf(answer)) {
                JsonNode body = JSON.readTree(answer.body());
                soft.assertThat(body.path("instance").asString())
                        .as(probe.toString())
                        .isEqualTo(probe.path());
                String example =
                        documented.getOrDefault(probe.operation(), Map.of()).get(probe.kind());
                soft.assertThat(example)
                        .as("%s lists %s", probe.operation(), probe.kind())
                        .isNotNull();
                if (example != null) {
                    // figures (a port, a count of tracked keys) may differ from the example
                    soft.assertThat(figuresOut(body.path("detail").asString()))
                            .as("the detail %s answers for %s", probe.operation(), probe)
                            .isEqualTo(figuresOut(example));
                }
            }
        }
        soft.assertThat(probed).as("probes in setting " + setting).isPositive();
        soft.assertAll();
    }

    private static String figuresOut(String detail) {
        return detail.replaceAll("[0-9]+", "#");
    }

    private static ProblemKind kindOf(RawHttp.Response answer) {
        if (!answer.contentType().startsWith("application/problem+json")) {
            return null;
        }
        return ProblemKind.ofType(JSON.readTree(answer.body()).path("type").asString())
                .orElse(null);
    }

    /** Per operation ("GET /path"), the detail of each problem kind it lists. */
    static Map<String, Map<ProblemKind, String>> documentedExamples(JsonNode document) {
        Map<String, Map<ProblemKind, String>> out = new TreeMap<>();
        document.path("paths")
                .properties()
                .forEach(path -> path.getValue().properties().forEach(method -> {
                    Map<ProblemKind, String> kinds = new LinkedHashMap<>();
                    method.getValue()
                            .path("responses")
                            .properties()
                            .forEach(response -> response.getValue()
                                    .path("content")
                                    .path("application/problem+json")
                                    .path("examples")
                                    .properties()
                                    .forEach(example -> {
                                        JsonNode value = example.getValue().path("value");
                                        ProblemKind kind = ProblemKind.ofType(
                                                        value.path("type").asString())
                                                .orElseThrow();
                                        assertThat(example.getKey()).isEqualTo(kind.typeName());
                                        assertThat(response.getKey()).isEqualTo(String.valueOf(kind.status()));
                                        kinds.put(kind, value.path("detail").asString());
                                    }));
                    out.put(method.getKey().toUpperCase(java.util.Locale.ROOT) + " " + path.getKey(), kinds);
                }));
        return out;
    }

    private static Map<String, List<String>> documentedResponses(JsonNode document) {
        Map<String, List<String>> out = new TreeMap<>();
        document.path("paths")
                .properties()
                .forEach(path -> path.getValue().properties().forEach(method -> {
                    List<String> statuses = new ArrayList<>();
                    method.getValue().path("responses").properties().forEach(r -> statuses.add(r.getKey()));
                    out.put(method.getKey() + " " + path.getKey(), statuses);
                }));
        return out;
    }

    static JsonNode document(int port) {
        return JSON.readTree(
                RawHttp.send(port, "GET /v3/api-docs HTTP/1.1\r\nHost: ringmap\r\nConnection: close" + "\r\n\r\n")
                        .body());
    }
}
