package io.ringmap.web.errors;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A bounded slow-body client for the loopback interface only: it opens connections that send a POST's headers
 * announcing a large body, then a few bytes, and then nothing, so each holds a server worker that waits for the rest.
 * {@link #main} finds how many such connections it takes before a plain GET gets no answer; the test
 * {@code SlowBodiesTest} replays the attack against a running ringmap. At most {@value #MAX_CONNECTIONS} connections,
 * each closed by {@link #close()}.
 */
public final class SlowBodies implements AutoCloseable {

    /** The most connections one instance opens, whatever it is asked for. */
    public static final int MAX_CONNECTIONS = 1000;

    /** The body length each stalled request announces. */
    static final int ANNOUNCED_LENGTH = 100_000;

    private final List<Socket> sockets = new ArrayList<>();

    /**
     * Opens {@code count} stalled POSTs to {@code path} on the loopback port, each sending {@code header} (may be
     * empty) and three bytes of its body.
     */
    public static SlowBodies open(int port, String path, String header, int count) throws IOException {
        if (count < 0 || count > MAX_CONNECTIONS) {
            throw new IllegalArgumentException("count must be 0 to " + MAX_CONNECTIONS + ", was " + count);
        }
        SlowBodies slow = new SlowBodies();
        try {
            for (int i = 0; i < count; i++) {
                slow.add(port, path, header);
            }
        } catch (IOException e) {
            slow.close();
            throw e;
        }
        return slow;
    }

    /** Opens {@code count} more stalled POSTs like those of {@link #open}. */
    public void add(int port, String path, String header, int count) throws IOException {
        if (sockets.size() + count > MAX_CONNECTIONS) {
            throw new IllegalArgumentException("at most " + MAX_CONNECTIONS + " connections");
        }
        for (int i = 0; i < count; i++) {
            add(port, path, header);
        }
    }

    private void add(int port, String path, String header) throws IOException {
        Socket socket = new Socket();
        sockets.add(socket);
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
        OutputStream out = socket.getOutputStream();
        out.write(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + header
                        + "Content-Length: " + ANNOUNCED_LENGTH + "\r\n\r\n{\"k")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** What became of one stalled request: the status the server answered (0: none yet), and whether it closed. */
    public record Outcome(int status, boolean closed) {}

    /**
     * What became of each stalled request, reading what the server sent until it closed the connection or
     * {@code wait} (shared by all connections, at least 1 ms each) ran out.
     */
    public List<Outcome> outcomes(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        List<Outcome> outcomes = new ArrayList<>();
        for (Socket socket : sockets) {
            StringBuilder seen = new StringBuilder();
            boolean closed = false;
            try {
                socket.setSoTimeout((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                InputStream in = socket.getInputStream();
                byte[] buffer = new byte[1024];
                for (int n; (n = in.read(buffer)) != -1; ) {
                    if (seen.length() < 64) {
                        seen.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
                    }
                    socket.setSoTimeout((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                }
                closed = true;
            } catch (SocketTimeoutException e) {
                // still open
            } catch (IOException e) {
                closed = true; // reset by the server
            }
            String head = seen.toString();
            int status =
                    head.startsWith("HTTP/1.1 ") && head.length() >= 12 ? Integer.parseInt(head.substring(9, 12)) : 0;
            outcomes.add(new Outcome(status, closed));
        }
        return outcomes;
    }

    public int size() {
        return sockets.size();
    }

    @Override
    public void close() {
        for (Socket socket : sockets) {
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
        sockets.clear();
    }

    /**
     * The time a GET of {@code pathAndQuery} (with {@code header}, may be empty) took to get its status line, or
     * empty when none came within {@code timeout}.
     */
    public static Optional<Duration> timeGet(int port, String pathAndQuery, String header, Duration timeout)
            throws IOException {
        long start = System.nanoTime();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), (int) timeout.toMillis());
            socket.setSoTimeout((int) timeout.toMillis());
            socket.getOutputStream()
                    .write(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + header
                                    + "Connection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            byte[] statusLine = new byte[12];
            int n = in.readNBytes(statusLine, 0, statusLine.length);
            String status = new String(statusLine, 0, n, StandardCharsets.US_ASCII);
            if (!status.startsWith("HTTP/1.1 200")) {
                throw new IOException("the GET was answered '" + status + "', not 200");
            }
            return Optional.of(Duration.ofNanos(System.nanoTime() - start));
        } catch (SocketTimeoutException e) {
            return Optional.empty();
        }
    }

    /**
     * Adds stalled POSTs in steps and times a GET after each step, until the GET gets no answer within 5 s or
     * {@value #MAX_CONNECTIONS} connections are open. Arguments: API port, the POST path, the GET path and query,
     * the step, and optionally a header line both send (e.g. {@code "X-API-Key: ..."}); the POSTs send it only when
     * a sixth argument {@code auth} is given.
     */
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String post = args[1];
        String get = args[2];
        int step = Integer.parseInt(args[3]);
        String header = args.length > 4 && !args[4].isEmpty() ? args[4] + "\r\n" : "";
        String postHeader = args.length > 5 && args[5].equals("auth") ? header : "";
        try (SlowBodies slow = open(port, post, postHeader, 0)) {
            while (slow.size() + step <= MAX_CONNECTIONS) {
                slow.add(port, post, postHeader, step);
                Thread.sleep(1_000); // the server has taken them all up by now
                Optional<Duration> answer = timeGet(port, get, header, Duration.ofSeconds(5));
                long closed = slow.outcomes(Duration.ofMillis(200)).stream()
                        .filter(Outcome::closed)
                        .count();
                System.out.printf(
                        "%4d stalled POSTs (%d closed by the server): GET %s%n",
                        slow.size(),
                        closed,
                        answer.map(d -> "answered in " + d.toMillis() + " ms").orElse("NO ANSWER in 5 s"));
                if (answer.isEmpty()) {
                    return;
                }
            }
        }
    }
}
