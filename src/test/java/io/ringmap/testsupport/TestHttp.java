package io.ringmap.testsupport;

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
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one HTTP client of the tests, for a ringmap they started (or another local HTTP service such as a
 * Prometheus): JSON in, JSON out, failures with the body; and, for a request a test writes itself, {@link #send}.
 */
public final class TestHttp {

    public static final JsonMapper JSON = JsonMapper.builder().build();
    /** How often {@link #await} asks again; short, so that the printed "change -> answer" times are close. */
    static final Duration POLL = Duration.ofMillis(100);

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String base;

    /** A client of {@code http://127.0.0.1:<port>}. */
    public TestHttp(int port) {
        this("http://127.0.0.1:" + port);
    }

    /** A client of {@code base}, e.g. {@code http://127.0.0.1:9090}, without a trailing slash. */
    public TestHttp(String base) {
        this.base = base;
    }

    /**
     * A request as it is, written by the test (its own method, headers, body), on the shared connections; the
     * answer's body as text. For a request none of the methods below makes.
     */
    public static HttpResponse<String> send(HttpRequest request) {
        return exchange(request, HttpResponse.BodyHandlers.ofString());
    }

    /** As {@link #send}, the answer's body as the bytes that came (not decompressed). */
    public static HttpResponse<byte[]> sendBytes(HttpRequest request) {
        return exchange(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    /**
     * Sends on the shared connections. A request that fails before any byte of its answer came, on a pooled
     * connection the server had closed while it was idle (its keep-alive time ran out just then), is sent once more on
     * a new connection: the JDK client does that for GET and HEAD only, and every body here is bytes in memory.
     */
    private static <T> HttpResponse<T> exchange(HttpRequest request, HttpResponse.BodyHandler<T> body) {
        try {
            try {
                return HTTP.send(request, body);
            } catch (IOException e) {
                if (!String.valueOf(e.getMessage()).contains("received no bytes")) {
                    throw e;
                }
                return HTTP.send(request, body);
            }
        } catch (IOException e) {
            throw new IllegalStateException(request.method() + " " + request.uri() + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** GET {@code url} (a whole URL, any port), as a service of a user's would ask it. */
    public static HttpResponse<String> getAt(String url) {
        return send(HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(30))
                .GET()
                .build());
    }

    /** POST {@code json} as it is to {@code url} (a whole URL, any port). */
    public static HttpResponse<String> postJsonAt(String url, String json) {
        return send(HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
                .build());
    }

    /** An answer: status, body and headers. */
    public record Response(int status, String body, Map<String, List<String>> headers) {

        public Response {
            headers = Map.copyOf(headers);
        }

        public JsonNode json() {
            return JSON.readTree(body);
        }

        /** The first value of the header {@code name} (case-insensitive). */
        public Optional<String> header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream())
                    .findFirst();
        }
    }

    public Response get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    /** GET {@code path} with the parameters URL-encoded. */
    public Response get(String path, Map<String, String> params) {
        String query = params.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        return get(path + "?" + query);
    }

    /** POST {@code body} written as JSON. */
    public Response post(String path, Object body) {
        return postJson(path, JSON.writeValueAsString(body));
    }

    /** POST {@code json}, a JSON text as it is. */
    public Response postJson(String path, String json) {
        return send(HttpRequest.newBuilder(uri(path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8)));
    }

    /**
     * POST {@code body} as it is, with the headers given (e.g. {@code Content-Type}, {@code Content-Encoding},
     * {@code Accept}); the answer's body as the bytes that came (not decompressed).
     */
    public HttpResponse<byte[]> postBytes(String path, byte[] body, Map<String, String> headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri(path))
                .timeout(Duration.ofSeconds(120))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(builder::header);
        return exchange(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** The JSON of a 200 answer; anything else fails with the status and body. */
    public JsonNode ok(Response response, String what) {
        if (response.status() != 200) {
            throw new AssertionError(what + " answered " + response.status() + ": " + response.body());
        }
        return response.json();
    }

    /** Polls GET {@code path} until the answer meets the condition. */
    public Response await(String path, Predicate<Response> condition, Duration within) {
        return Polling.until(
                "GET " + path + " meets the condition",
                within,
                POLL,
                () -> get(path),
                condition,
                last -> last.status() + " " + last.body());
    }

    /** Polls GET {@code path} until it answers 200 with JSON that meets the condition; returns that JSON. */
    public JsonNode awaitJson(String path, Predicate<JsonNode> condition, Duration within) {
        return await(path, r -> r.status() == 200 && condition.test(r.json()), within)
                .json();
    }

    /** Waits until {@code /ring} shows the node in the state; returns {@link System#nanoTime()} when it did. */
    public long awaitNodeState(String address, String state, Duration within) {
        awaitJson("/ring", r -> nodeState(r, address).equals(state), within);
        return System.nanoTime();
    }

    // ---- reading answers

    /** The state of every node of a {@code /ring} answer, in its order. */
    public static List<String> nodeStates(JsonNode ring) {
        return ring.get("nodes")
                .valueStream()
                .map(n -> n.get("state").asString())
                .toList();
    }

    /** The address of every node of a {@code /ring} answer, in its order. */
    public static List<String> nodeAddresses(JsonNode ring) {
        return ring.get("nodes")
                .valueStream()
                .map(n -> n.get("address").asString())
                .toList();
    }

    /** The state of one node of a {@code /ring} answer, {@code absent} when the ring does not list it. */
    public static String nodeState(JsonNode ring, String address) {
        return stateIn(ring.get("nodes"), address);
    }

    /** The replica addresses of a {@code /replicas} answer, primary first. */
    public static List<String> replicaAddresses(JsonNode replicas) {
        return replicas.get("replicas")
                .valueStream()
                .map(n -> n.get("address").asString())
                .toList();
    }

    /** The state of one replica of a {@code /replicas} answer, {@code absent} when it is not a replica. */
    public static String replicaState(JsonNode replicas, String address) {
        return stateIn(replicas.get("replicas"), address);
    }

    private static String stateIn(JsonNode nodes, String address) {
        return nodes.valueStream()
                .filter(n -> n.get("address").asString().equals(address))
                .map(n -> n.get("state").asString())
                .findFirst()
                .orElse("absent");
    }

    /** Waits until ringmap's live snapshot knows the table (its schema is needed for keys and splits). */
    public void awaitTable(String keyspace, String table) {
        await(
                "/splits?keyspace=" + encode(keyspace) + "&table=" + encode(table) + "&n=1",
                r -> r.status() == 200,
                Duration.ofSeconds(90));
    }

    private URI uri(String path) {
        return URI.create(base + path);
    }

    private Response send(HttpRequest.Builder builder) {
        HttpResponse<String> r = exchange(
                builder.timeout(Duration.ofSeconds(120)).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return new Response(r.statusCode(), r.body(), r.headers().map());
    }

    public static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
