package io.ringmap.peers.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.ringmap.hotkeys.peers.PeerState;
import io.ringmap.peers.InstanceId;
import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.PeerSigner;
import io.ringmap.peers.web.PeerPart;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Real HTTP servers standing in for peers (answering slowly, badly, too much), stopped together; a delayed answer
 * waits until its delay has passed or {@link #close()} releases it. Registered as a static extension, it warms the
 * JVM's HTTP client before the class's tests and stops its servers after each test. Each answer is signed, as an
 * instance of the deployment signs it, with {@link #SECRET} (or the secret given) as the instance its body names.
 */
public final class PeerServers implements AutoCloseable, BeforeAllCallback, AfterEachCallback {

    /** The peer secret of the tests' deployments. */
    public static final String SECRET = "test-peer-secret-5f0c1b9e7a3d42c8b6e1";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final List<HttpServer> servers = new ArrayList<>();
    private final String secret;
    private volatile CountDownLatch release = new CountDownLatch(1);

    /** Fake peers that sign with the deployment's secret. */
    public PeerServers() {
        this(SECRET);
    }

    /** Fake peers that sign with {@code secret} (another deployment's, or a guess). */
    public PeerServers(String secret) {
        this.secret = secret;
    }

    /** A client of an instance of the tests' deployment, asking over plain http. */
    public static PeerClient client(Duration timeout, int maxAnswerSize) {
        return new PeerClient(timeout, maxAnswerSize, signer(InstanceId.random()), null);
    }

    /** The signer of {@code instance} with the tests' secret. */
    public static PeerSigner signer(InstanceId instance) {
        return new PeerSigner(SECRET, instance, Duration.ofSeconds(30), Clock.systemUTC());
    }

    /** Decodes a hot-key state with Jackson's default bounds. */
    public static PeerClient.Decoder<PeerState> states() {
        return body -> JSON.readValue(body, PeerState.class);
    }

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
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            String instance = instanceOf(body);
            one.createContext(path, exchange -> {
                try {
                    release.await(delay.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                sign(exchange, status, bytes, secret, instance);
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
     * Signs a fake answer to the request of {@code exchange} as the instance its body names (or "fake-peer"), with
     * {@code secret}.
     */
    public static void sign(HttpExchange exchange, int status, byte[] body, String secret) {
        sign(exchange, status, body, secret, instanceOf(new String(body, StandardCharsets.UTF_8)));
    }

    private static void sign(HttpExchange exchange, int status, byte[] body, String secret, String instance) {
        String nonce = exchange.getRequestHeaders().getFirst(PeerSigner.NONCE);
        if (nonce != null) {
            PeerSigner signer =
                    new PeerSigner(secret, new InstanceId(instance), Duration.ofSeconds(30), Clock.systemUTC());
            exchange.getResponseHeaders().add(PeerSigner.INSTANCE, signer.self().value());
            exchange.getResponseHeaders().add(PeerSigner.SIGNATURE, signer.signAnswer(nonce, status, body));
        }
    }

    /** The instance a fake answer names, or "fake-peer". */
    private static String instanceOf(String body) {
        try {
            JsonNode instance = JSON.readTree(body).get("instance");
            return instance != null && instance.isString() ? instance.asString() : "fake-peer";
        } catch (RuntimeException e) {
            return "fake-peer";
        }
    }

    /**
     * One patient request through a fresh client: the first request of a JVM loads the HTTP client's and Jackson's
     * classes, seconds on a loaded machine, which a test of timeouts must not measure.
     */
    static void warmUp() {
        try (PeerServers servers = new PeerServers()) {
            PeerAddress peer = servers.serve(PeerClient.PATH, 200, "{\"instance\":\"warm-up\"}", Duration.ZERO);
            PeerClient patient = client(Duration.ofSeconds(60), 1 << 20);
            patient.ask(
                            List.of(peer),
                            PeerClient.target(PeerPart.ROOT, "replicasOnly", "true"),
                            states(),
                            patient.deadlineFromNow())
                    .all();
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
