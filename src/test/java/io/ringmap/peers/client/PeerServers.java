package io.ringmap.peers.client;

import com.sun.net.httpserver.HttpServer;
import io.ringmap.peers.PeerAddress;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Real HTTP servers standing in for peers (answering slowly, badly, too much), stopped together; a delayed answer
 * waits until its delay has passed or {@link #close()} releases it. Registered as a static extension, it warms the
 * JVM's HTTP client before the class's tests and stops its servers after each test.
 */
public final class PeerServers implements AutoCloseable, BeforeAllCallback, AfterEachCallback {

    private final List<HttpServer> servers = new ArrayList<>();
    private volatile CountDownLatch release = new CountDownLatch(1);

    @Override
    public void beforeAll(ExtensionContext context) {
        warmUp();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close();
    }

    /** A peer that answers {@code status} and {@code body} at {@code path} after {@code delay}. */
    public PeerAddress serve(String path, int status, String body, Duration delay) {
        try {
            HttpServer one = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            one.setExecutor(Executors.newCachedThreadPool());
            CountDownLatch release = this.release;
            one.createContext(path, exchange -> {
                try {
                    release.await(delay.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(status, bytes.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            });
            one.start();
            servers.add(one);
            return new PeerAddress("127.0.0.1", one.getAddress().getPort());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * One patient request through a fresh client: the first request of a JVM loads the HTTP client's and Jackson's
     * classes, seconds on a loaded machine, which a test of timeouts must not measure.
     */
    static void warmUp() {
        try (PeerServers servers = new PeerServers()) {
            PeerAddress peer = servers.serve(PeerClient.PATH, 200, "{\"instance\":\"warm-up\"}", Duration.ZERO);
            PeerClient patient = new PeerClient(Duration.ofSeconds(60), 1 << 20, java.util.Map.of());
            patient.ask(List.of(peer), PeerClient.stateQuery(null, null, true), patient.states())
                    .all(patient.deadlineFromNow());
        }
    }

    @Override
    public void close() {
        release.countDown();
        servers.forEach(s -> s.stop(0));
        servers.clear();
        release = new CountDownLatch(1);
    }
}
