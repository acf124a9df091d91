package io.ringmap.security;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.interfaces.RSAPublicKey;
import java.util.concurrent.atomic.AtomicInteger;

/** An identity provider's key set served on the loopback interface, counting how often it is fetched. */
final class JwkSetServer {

    private final HttpServer server;
    private final AtomicInteger fetches = new AtomicInteger();

    private JwkSetServer(HttpServer server) {
        this.server = server;
    }

    /** Serves the public key of {@code signer} under the key id {@code kid} at {@link #uri()}; stops with the JVM. */
    static JwkSetServer start(KeyPair signer, String kid) {
        byte[] body = new JWKSet(new RSAKey.Builder((RSAPublicKey) signer.getPublic())
                        .keyID(kid)
                        .build())
                .toString()
                .getBytes(StandardCharsets.UTF_8);
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            JwkSetServer jwks = new JwkSetServer(http);
            http.createContext("/jwks", exchange -> {
                jwks.fetches.incrementAndGet();
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            http.start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> http.stop(0)));
            return jwks;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String uri() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/jwks";
    }

    int fetches() {
        return fetches.get();
    }
}
