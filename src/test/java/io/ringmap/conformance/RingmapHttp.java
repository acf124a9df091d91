package io.ringmap.conformance;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small HTTP client for a ringmap started by a conformance test: JSON in, JSON out, failures with the body. */
final class RingmapHttp {

    static final JsonMapper JSON = JsonMapper.builder().build();
    /** How often {@link #await} asks again; short, so that the printed "change -> answer" times are close. */
    static final long POLL_MILLIS = 100;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final int port;

    RingmapHttp(int port) {
        this.port = port;
    }

    record Response(int status, String body) {

        JsonNode json() {
            return JSON.readTree(body);
        }
    }

    Response get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    /** GET {@code path} with the parameters URL-encoded. */
    Response get(String path, Map<String, String> params) {
        String query = params.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        return get(path + "?" + query);
    }

    Response post(String path, Object body) {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body), StandardCharsets.UTF_8)));
    }

    /** The JSON of a 200 answer; anything else fails with the status and body. */
    JsonNode ok(Response response, String what) {
        if (response.status() != 200) {
            throw new AssertionError(what + " answered " + response.status() + ": " + response.body());
        }
        return response.json();
    }

    /** Polls GET {@code path} until the answer meets the condition. */
    Response await(String path, Predicate<Response> condition, Duration within) {
        return Polling.until("GET " + path + " meets the condition", within, Duration.ofMillis(POLL_MILLIS),
                () -> get(path), condition);
    }

    /** Polls GET {@code path} until it answers 200 with JSON that meets the condition; returns that JSON. */
    JsonNode awaitJson(String path, Predicate<JsonNode> condition, Duration within) {
        return await(path, r -> r.status() == 200 && condition.test(r.json()), within).json();
    }

    /** Waits until {@code /ring} shows the node in the state; returns {@link System#nanoTime()} when it did. */
    long awaitNodeState(String address, String state, Duration within) {
        awaitJson("/ring", r -> nodeState(r, address).equals(state), within);
        return System.nanoTime();
    }

    // ---- reading answers

    /** The state of every node of a {@code /ring} answer, in its order. */
    static List<String> nodeStates(JsonNode ring) {
        return ring.get("nodes").valueStream().map(n -> n.get("state").asString()).toList();
    }

    /** The address of every node of a {@code /ring} answer, in its order. */
    static List<String> nodeAddresses(JsonNode ring) {
        return ring.get("nodes").valueStream().map(n -> n.get("address").asString()).toList();
    }

    /** The state of one node of a {@code /ring} answer, {@code absent} when the ring does not list it. */
    static String nodeState(JsonNode ring, String address) {
        return stateIn(ring.get("nodes"), address);
    }

    /** The replica addresses of a {@code /replicas} answer, primary first. */
    static List<String> replicaAddresses(JsonNode replicas) {
        return replicas.get("replicas").valueStream().map(n -> n.get("address").asString()).toList();
    }

    /** The state of one replica of a {@code /replicas} answer, {@code absent} when it is not a replica. */
    static String replicaState(JsonNode replicas, String address) {
        return stateIn(replicas.get("replicas"), address);
    }

    private static String stateIn(JsonNode nodes, String address) {
        return nodes.valueStream().filter(n -> n.get("address").asString().equals(address))
                .map(n -> n.get("state").asString()).findFirst().orElse("absent");
    }

    /** Waits until ringmap's live snapshot knows the table (its schema is needed for keys and splits). */
    void awaitTable(String keyspace, String table) {
        await("/splits?keyspace=" + encode(keyspace) + "&table=" + encode(table) + "&n=1",
                r -> r.status() == 200, Duration.ofSeconds(90));
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private static Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> r = HTTP.send(request.timeout(Duration.ofSeconds(120)).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Response(r.statusCode(), r.body());
        } catch (IOException e) {
            throw new IllegalStateException("request to ringmap failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
