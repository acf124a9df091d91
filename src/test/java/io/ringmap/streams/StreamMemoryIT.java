package io.ringmap.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.AppProcess;
import io.ringmap.testsupport.Ports;
import io.ringmap.testsupport.TestHttp;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A stream of 10 million keys ({@code /token/stream}, every key counted as a hot-key hit) through the packaged service in its own JVM at {@code -Xmx256m}, at constant memory:
 * the heap after a full collection (the JVM's own log of it, {@code -Xlog:gc}) halfway through the stream and after
 * it grows less than 64 MiB over the heap before it. A stream that kept anything per key could not even finish
 * there: its 10 M answers alone are over 600 MB.
 *
 * <p>The client is what a streaming client does, over one socket: one thread writes the chunked body as it makes the
 * keys (never all of them in memory either) while the test reads the answers as they come, counting their lines
 * and the problems among them. The halfway collection is asked for (by {@code jcmd <pid> GC.run}) once half the
 * answers have arrived, so the server has read and answered at least half the keys then.
 */
@TimeBudget(seconds = 35)
class StreamMemoryIT {

    private static final int KEYS = 10_000_000;
    private static final long MAX_GROWTH_MIB = 64;
    private static final Pattern FULL_GC = Pattern.compile("Pause Full.* (\\d+)M->(\\d+)M\\(");

    @TempDir
    static Path work;

    private static AppProcess app;
    private static int port;

    @BeforeAll
    static void start() throws IOException {
        port = Ports.free();
        int management = Ports.free();
        app = AppProcess.startPackaged(
                work.resolve("app.log"),
                // both compilers, as in production: the stream's speed is part of what it shows
                List.of("-XX:TieredStopAtLevel=4", "-Xlog:gc:file=" + work.resolve("gc.log")),
                List.of(
                        "--server.address=127.0.0.1",
                        "--server.port=" + port,
                        "--management.server.address=127.0.0.1",
                        "--management.server.port=" + management));
        // a start beside the clusters' start-ups took over 2 min in one whole run
        app.awaitStatus("http://127.0.0.1:" + management, "/readyz", 200, Duration.ofSeconds(240));
    }

    @AfterAll
    static void stop() throws Exception {
        if (app != null) {
            app.stop();
        }
    }

    @Test
    void tenMillionKeysStreamAtConstantMemoryUnder256MiB() throws Exception {
        // its first answer is the batch's answer for the same key
        String first = "{\"sensor_id\":\"sensor-0\",\"day\":\"2026-10-01\"}";
        JsonNode batch = new TestHttp(port)
                .ok(
                        new TestHttp(port)
                                .postJson(
                                        "/token",
                                        "{\"keyspace\":\"iot\",\"table\":\"readings\",\"keys\":[" + first + "]}"),
                        "POST /token")
                .get("results")
                .get(0);
        Streamed warmUp = stream(100_000, Long.MAX_VALUE, () -> {});
        assertThat(warmUp.lines()).isEqualTo(100_000);
        long before = fullGc();

        long[] halfway = new long[1];
        Streamed streamed = stream(KEYS, KEYS / 2, () -> halfway[0] = fullGc());
        long after = fullGc();

        assertThat(streamed.status()).isEqualTo(200);
        assertThat(streamed.lines()).as("answer lines").isEqualTo(KEYS);
        assertThat(streamed.problems()).as("bad lines answered").isZero();
        JsonNode answer = TestHttp.JSON.readTree(streamed.firstLine());
        assertThat(answer.get("line").asLong()).isEqualTo(1);
        assertThat(answer.get("token").asString()).isEqualTo(batch.get("token").asString());
        assertThat(answer.get("key")).isEqualTo(TestHttp.JSON.readTree(first));
        assertThat(List.of(before, halfway[0], after))
                .as("heap after a full collection before, halfway and after, MiB (growth under %d)", MAX_GROWTH_MIB)
                .allMatch(mib -> mib - before < MAX_GROWTH_MIB);
        System.out.printf(
                "10 M keys: %.1f s, %.0f keys/s; heap after a full GC before / halfway / after: %d / %d / %d MiB%n",
                streamed.seconds(), KEYS / streamed.seconds(), before, halfway[0], after);
    }

    /** What a stream answered: its status, answer lines, bad lines among them, its first line and its time. */
    record Streamed(int status, long lines, long problems, String firstLine, double seconds) {}

    /**
     * POSTs {@code keys} keys to {@code /token/stream}, written while the answers are read, and runs
     * {@code atHalf} once {@code half} answers have arrived.
     */
    private static Streamed stream(int keys, long half, ThrowingRunnable atHalf) throws Exception {
        long start = System.nanoTime();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /token/stream?keyspace=iot&table=readings HTTP/1.1\r\nHost: ringmap\r\n"
                            + "Content-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            CompletableFuture<Void> sent = CompletableFuture.runAsync(() -> send(out, keys));
            InputStream in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
            int status = Integer.parseInt(line(in).split(" ")[1]);
            boolean chunked = false;
            for (String h = line(in); !h.isEmpty(); h = line(in)) {
                chunked |= h.equalsIgnoreCase("Transfer-Encoding: chunked");
            }
            assertThat(chunked).as("a chunked answer (status %d)", status).isTrue();
            Answers answers = new Answers();
            byte[] buffer = new byte[1 << 16];
            boolean halfDone = false;
            for (int size = chunkSize(in); size > 0; size = chunkSize(in)) {
                for (int left = size; left > 0; ) {
                    int n = in.read(buffer, 0, Math.min(left, buffer.length));
                    assertThat(n).as("the answer's end mid-chunk").isPositive();
                    answers.read(buffer, n);
                    left -= n;
                }
                line(in); // the chunk's CRLF
                if (!halfDone && answers.lines >= half) {
                    halfDone = true;
                    atHalf.run();
                }
            }
            sent.get(60, TimeUnit.SECONDS);
            return new Streamed(
                    status, answers.lines, answers.problems, answers.first(), (System.nanoTime() - start) / 1e9);
        }
    }

    /**
     * The body: {@code keys} NDJSON keys of {@code iot.readings} ({@code sensor-<i mod 1,000,000>}, the day the
     * millions), made and sent in chunks of about 64 KB. The lines' bytes are written in place: this JVM runs C1 only,
     * and a StringBuilder per chunk cost it several seconds of the machine's two cores per 10 M keys.
     */
    private static void send(OutputStream out, int keys) {
        byte[] sensor = "{\"sensor_id\":\"sensor-".getBytes(StandardCharsets.US_ASCII);
        byte[] day = "\",\"day\":\"2026-10-".getBytes(StandardCharsets.US_ASCII);
        byte[] end = "\"}\n".getBytes(StandardCharsets.US_ASCII);
        byte[] chunk = new byte[(1 << 16) + 128];
        byte[] crlf = {'\r', '\n'};
        try {
            int n = 0;
            for (int i = 0; i < keys; i++) {
                System.arraycopy(sensor, 0, chunk, n, sensor.length);
                n = digits(chunk, n + sensor.length, i % 1_000_000);
                System.arraycopy(day, 0, chunk, n, day.length);
                n += day.length;
                int d = i / 1_000_000 % 28 + 1;
                chunk[n++] = (byte) ('0' + d / 10);
                chunk[n++] = (byte) ('0' + d % 10);
                System.arraycopy(end, 0, chunk, n, end.length);
                n += end.length;
                if (n >= 1 << 16 || i == keys - 1) {
                    out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(chunk, 0, n);
                    out.write(crlf);
                    n = 0;
                }
            }
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code v}'s decimal digits (v at least 0) at {@code at}; returns the index after them. */
    private static int digits(byte[] to, int at, int v) {
        int length = 1;
        for (int rest = v / 10; rest > 0; rest /= 10) {
            length++;
        }
        for (int i = at + length - 1, rest = v; i >= at; i--, rest /= 10) {
            to[i] = (byte) ('0' + rest % 10);
        }
        return at + length;
    }

    /**
     * Counts answer lines as they arrive, and the bad ones: only a problem's line has {@code ,"p} (an answer's names
     * here are {@code line}, {@code key}, {@code sensor_id}, {@code day} and {@code token}). Keeps the first line.
     */
    private static final class Answers {
        long lines;
        long problems;
        private final ByteArrayOutputStream first = new ByteArrayOutputStream();
        private byte previous1;
        private byte previous2;

        void read(byte[] buffer, int n) {
            for (int i = 0; i < n; i++) {
                byte b = buffer[i];
                if (lines == 0 && b != '\n') {
                    first.write(b);
                }
                if (b == '\n') {
                    lines++;
                } else if (b == 'p' && previous1 == '"' && previous2 == ',') {
                    problems++;
                }
                previous2 = previous1;
                previous1 = b;
            }
        }

        String first() {
            return first.toString(StandardCharsets.UTF_8);
        }
    }

    /** Asks the service's JVM for a full collection and reads the heap after it from its GC log, in MiB. */
    private static long fullGc() throws Exception {
        Path log = work.resolve("gc.log");
        long fullBefore = fullCollections(log).size();
        Process jcmd = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                        Long.toString(app.pid()),
                        "GC.run")
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("jcmd.log").toFile())
                .start();
        assertThat(jcmd.waitFor(60, TimeUnit.SECONDS)).as("jcmd GC.run ends").isTrue();
        assertThat(jcmd.exitValue())
                .as(Files.readString(work.resolve("jcmd.log")))
                .isZero();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<Long> full = fullCollections(log);
        while (full.size() == fullBefore && System.nanoTime() < deadline) {
            Thread.sleep(50); // the log's line can follow the command's end by a moment
            full = fullCollections(log);
        }
        assertThat(full).as("a full collection logged in %s", log).hasSizeGreaterThan((int) fullBefore);
        return full.get(full.size() - 1);
    }

    /** The heap after each full collection in the GC log, MiB. */
    private static List<Long> fullCollections(Path log) throws IOException {
        List<Long> after = new ArrayList<>();
        for (String l : Files.readAllLines(log)) {
            Matcher m = FULL_GC.matcher(l);
            if (m.find()) {
                after.add(Long.parseLong(m.group(2)));
            }
        }
        return after;
    }

    private static int chunkSize(InputStream in) throws IOException {
        int size = Integer.parseInt(line(in).split(";")[0].strip(), 16);
        if (size == 0) {
            line(in); // the empty line after the last chunk
        }
        return size;
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the connection closed mid-line");
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    @FunctionalInterface
    private interface ThrowingRunnable {
        void run() throws Exception;
    }
}
