package io.ringmap.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * TCP ports for what a test starts itself on a port it must know first (a management port in a peer list, a
 * Prometheus, a packaged ringmap), or for a port where nobody listens. A port found with {@code new ServerSocket(0)}
 * and closed again is not one: the kernel may hand it to the next server that binds port 0 (Spring Boot's random
 * ports, three test classes at a time in one JVM) before the test binds it, and did ("Port 41483 was already in
 * use"). These come from below the kernel's ephemeral range, which port 0 never gets, each only once per JVM, from a
 * random start (two test runs on one machine rarely meet), and free on every address when handed out.
 */
public final class Ports {

    /** Below the JMX ports of the test clusters' nodes (7199-7453) and common services: never handed out. */
    private static final int LOWEST = 20_000;

    private static final int HIGHEST = ephemeralLow() - 1;
    private static final AtomicInteger NEXT =
            new AtomicInteger(ThreadLocalRandom.current().nextInt(HIGHEST - LOWEST + 1));

    private Ports() {}

    /** A port nobody in this JVM was given before, bindable on every address now. */
    public static int free() {
        for (int tries = 0; tries <= HIGHEST - LOWEST; tries++) {
            int port = LOWEST + Math.floorMod(NEXT.getAndIncrement(), HIGHEST - LOWEST + 1);
            try (ServerSocket socket = new ServerSocket()) {
                socket.bind(new InetSocketAddress(port));
                return port;
            } catch (IOException busy) {
                // in use, or in TIME_WAIT: the next one
            }
        }
        throw new UncheckedIOException(new IOException("no free port in " + LOWEST + "-" + HIGHEST));
    }

    /** The lower end of the kernel's ephemeral port range (Linux: 32768 unless configured otherwise). */
    private static int ephemeralLow() {
        Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
        try {
            int low = Integer.parseInt(Files.readString(range).strip().split("\\s+")[0]);
            return low > LOWEST + 1000 ? low : 32768;
        } catch (IOException | RuntimeException absent) {
            return 32768; // not Linux: IANA's dynamic range starts at 49152, Linux's default at 32768
        }
    }
}
