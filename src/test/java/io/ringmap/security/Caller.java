package io.ringmap.security;

import io.ringmap.testsupport.TestHttp;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** A caller of a running ringmap: the API and management ports, and headers it sends with every request. */
record Caller(int port, int managementPort, Map<String, String> headers) {

    static final String READ = "/replicas?keyspace=iot&token=1523456789012345678";
    static final String HITS_BODY = """
            {"keyspace":"iot","table":"readings","hits":[{"key":{"sensor_id":"s-1","day":"2026-10-01"}}]}""";

    Caller with(String header, String value) {
        return new Caller(port, managementPort, Map.of(header, value));
    }

    /** This caller sending one more header. */
    Caller and(String header, String value) {
        Map<String, String> more = new java.util.LinkedHashMap<>(headers);
        more.put(header, value);
        return new Caller(port, managementPort, Map.copyOf(more));
    }

    HttpResponse<String> get(String path) {
        return TestHttp.send(request(port, path).GET().build());
    }

    HttpResponse<String> management(String path) {
        return TestHttp.send(request(managementPort, path).GET().build());
    }

    HttpResponse<String> managementPost(String path, String json) {
        return TestHttp.send(request(managementPort, path)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build());
    }

    HttpResponse<String> postHits() {
        return post("/hits", HITS_BODY);
    }

    /** POSTs a JSON body. */
    HttpResponse<String> post(String path, String json) {
        return TestHttp.send(request(port, path)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build());
    }

    private HttpRequest.Builder request(int onPort, String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + onPort + path))
                .timeout(Duration.ofSeconds(30));
        headers.forEach(b::header);
        return b;
    }
}
