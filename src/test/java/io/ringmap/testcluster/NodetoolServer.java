package io.ringmap.testcluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * nodetool for the harness: one long-lived JVM per Cassandra line and JMX protection
 * ({@code src/test/cassandra/tools/NodetoolServer.java}, Cassandra's own {@code NodeTool} on the server classpath)
 * serves every nodetool command of this JVM, side by side, instead of a JVM start per command. Started on first use,
 * it ends when this JVM closes its input or exits; one that died is started again on the next command.
 */
final class NodetoolServer {

    /** The tool's source, launched with Java's single-file source launcher. */
    static final Path TOOL = Path.of("src", "test", "cassandra", "tools", "NodetoolServer.java");

    /** How long a command may take unless its caller says otherwise. */
    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(120);

    /** One server per Cassandra line and JMX protection: what its JVM's options depend on. */
    private record Key(CassandraLine line, JmxAccess access) {}

    private static final Map<Key, NodetoolServer> SERVERS = new ConcurrentHashMap<>();

    /** One command's answer: its exit status, standard output and standard error. */
    record Answer(int status, String out, String err) {}

    private final Process process;
    private final Writer requests;
    private final Path log;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<Answer>> pending = new ConcurrentHashMap<>();
    private volatile boolean ended;

    private NodetoolServer(List<String> command, Path directory) throws IOException {
        log = directory.resolve("nodetool-server.log");
        process = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        requests = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(this::readAnswers, "nodetool-server-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Runs {@code nodetool <connection> <args>} against {@code node} of {@code cluster} and returns its answer, or
     * fails after {@code timeout}. {@code keep}: the command only reads (getendpoints, status, ring), so it may run on
     * a JMX connection kept from an earlier one.
     */
    static Answer run(CassandraCluster cluster, CassandraNode node, List<String> args, boolean keep, Duration timeout) {
        List<String> line = new ArrayList<>(
                JvmOptions.connection(node.jmxPort(), cluster.spec().jmxAccess()));
        line.addAll(args);
        for (String arg : line) {
            if (arg.contains("\t") || arg.contains("\n") || arg.contains("\r")) {
                throw new IllegalArgumentException("nodetool argument with a tab or line break: " + arg);
            }
        }
        NodetoolServer server = server(cluster);
        CompletableFuture<Answer> answer = server.send(keep, line);
        try {
            return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "nodetool " + String.join(" ", args) + " against " + node.address() + " timed out after "
                            + timeout.toSeconds() + " s",
                    e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "nodetool " + String.join(" ", args) + " against " + node.address() + ": "
                            + e.getCause().getMessage(),
                    e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running nodetool", e);
        }
    }

    private static NodetoolServer server(CassandraCluster cluster) {
        ClusterSpec spec = cluster.spec();
        return SERVERS.compute(new Key(spec.line(), spec.jmxAccess()), (k, running) -> {
            if (running != null && !running.ended) {
                return running;
            }
            Path directory = cluster.directory()
                    .getParent()
                    .resolve("nodetool-" + spec.line().name().toLowerCase(java.util.Locale.ROOT)
                            + (spec.jmxAccess() != null ? "-" + Integer.toHexString(k.hashCode()) : ""));
            try {
                Files.createDirectories(directory);
                NodeConfigWriter.writeToolsLogback(directory.resolve("logback-tools.xml"));
                List<String> command = new ArrayList<>();
                command.add(CassandraNode.javaExecutable());
                command.addAll(JvmOptions.tool(spec, directory, directory.resolve("logback-tools.xml")));
                command.add("-cp");
                command.add(CassandraClasspath.read(spec.line()));
                command.add(TOOL.toAbsolutePath().toString());
                return new NodetoolServer(command, directory);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private CompletableFuture<Answer> send(boolean keep, List<String> args) {
        long id = ids.incrementAndGet();
        CompletableFuture<Answer> answer = new CompletableFuture<>();
        pending.put(id, answer);
        try {
            synchronized (requests) {
                requests.write(id + "\t" + (keep ? "1" : "0") + "\t" + String.join("\t", args) + "\n");
                requests.flush();
            }
        } catch (IOException e) {
            pending.remove(id);
            answer.completeExceptionally(ended("could not send the command: " + e));
        }
        if (ended) {
            // the reader may have failed the pending answers before this one was added
            pending.remove(id);
            answer.completeExceptionally(ended("the nodetool server had ended"));
        }
        return answer;
    }

    private void readAnswers() {
        Base64.Decoder base64 = Base64.getDecoder();
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.split("\t", -1);
                CompletableFuture<Answer> answer = f.length == 4 ? pending.remove(Long.parseLong(f[0])) : null;
                if (answer != null) {
                    answer.complete(new Answer(
                            Integer.parseInt(f[1]),
                            new String(base64.decode(f[2]), StandardCharsets.UTF_8),
                            new String(base64.decode(f[3]), StandardCharsets.UTF_8)));
                }
            }
        } catch (IOException | RuntimeException e) {
            // the server's output broke off: the commands still waiting fail below
        }
        ended = true;
        IllegalStateException failure = ended("the nodetool server ended");
        pending.values().forEach(answer -> answer.completeExceptionally(failure));
        pending.clear();
    }

    private IllegalStateException ended(String what) {
        String tail;
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            tail = String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            tail = "(no log: " + e + ")";
        }
        return new IllegalStateException(what + " (pid " + process.pid() + ", log " + log + "):\n" + tail);
    }
}
