package io.ringmap.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * A ringmap started as its own JVM (a process, not a context in the test's JVM), for what only a separate JVM shows:
 * system properties read once per JVM such as {@code jdk.net.hosts.file}, the packaged jar, the Dockerfile's layout.
 * Its output goes to a log file the test reads; {@link #stop()} ends it by its PID.
 */
public final class AppProcess {

    private final Process process;
    private final Path log;

    private AppProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** The jar the build packaged, {@code target/ringmap-*.jar} (integration tests run after {@code package}). */
    public static Path packagedJar() {
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            List<Path> jars = files.filter(f -> f.getFileName().toString().matches("ringmap-.*\\.jar"))
                    .toList();
            assertThat(jars).as("target/ringmap-*.jar (run after package)").hasSize(1);
            return jars.get(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Starts {@code java <jvmOptions> -jar <packaged jar> <args>} with this JVM's java, tuned for a short-lived test
     * instance (C1 only, the serial collector, a small heap), its output in {@code log}.
     */
    public static AppProcess startPackaged(Path log, List<String> jvmOptions, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Xmx256m"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", packagedJar().toAbsolutePath().toString()));
        command.addAll(args);
        return start(new ProcessBuilder(command), log);
    }

    /** Starts {@code builder}'s command with its output (standard and error) in {@code log}. */
    public static AppProcess start(ProcessBuilder builder, Path log) throws IOException {
        Process process =
                builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        process.getOutputStream().close();
        return new AppProcess(process, log);
    }

    /** Waits until GET {@code base + path} answers {@code expected}; fails with the log's tail if the JVM exits. */
    public void awaitStatus(String base, String path, int expected, Duration within) {
        Polling.until(
                base + path + " answers " + expected,
                within,
                Duration.ofMillis(500),
                () -> {
                    if (!process.isAlive()) {
                        throw new AssertionError("the service exited with " + process.exitValue() + ":\n" + tail());
                    }
                    return status(base, path);
                },
                status -> status == expected,
                status -> status + "\n" + tail());
    }

    /** Everything the process wrote so far. */
    public String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The last 40 lines of its output, where the reason it did not start is. */
    public String tail() {
        List<String> lines = log().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    public long pid() {
        return process.pid();
    }

    /** Stops it by its PID: SIGTERM (graceful shutdown), then SIGKILL after 30 s. */
    public void stop() throws InterruptedException, ExecutionException {
        process.destroy();
        try {
            process.onExit().get(30, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            process.destroyForcibly();
            try {
                process.onExit().get(10, TimeUnit.SECONDS);
            } catch (TimeoutException stillThere) {
                throw new IllegalStateException("process " + process.pid() + " outlived SIGKILL by 10 s");
            }
        }
    }

    /** The status of GET {@code path}, -1 while nothing listens. */
    public static int status(String base, String path) {
        try {
            return new TestHttp(base).get(path).status();
        } catch (IllegalStateException notListeningYet) {
            return -1;
        }
    }
}
