package io.ringmap.testcluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Many {@code nodetool} commands against one node in a single JVM: {@code src/test/cassandra/tools/NodetoolBatch.java}
 * runs Cassandra's own {@code org.apache.cassandra.tools.NodeTool} once per command on the Cassandra server
 * classpath, the same code path as {@link CassandraCluster#nodetool}, without a JVM start (about 1 s) per call.
 */
public final class NodetoolBatch {

    /** The tool's source, launched with Java's single-file source launcher. */
    static final Path TOOL = Path.of("src", "test", "cassandra", "tools", "NodetoolBatch.java");

    private NodetoolBatch() {}

    /** One nodetool run: its exit status, standard output lines and standard error lines. */
    public record Result(int status, List<String> out, List<String> err) {

        public Result {
            out = List.copyOf(out);
            err = List.copyOf(err);
        }
    }

    /** One nodetool command against the node at {@code nodeIndex} of the cluster. */
    public record Command(int nodeIndex, List<String> args) {

        public Command {
            args = List.copyOf(args);
        }
    }

    /**
     * Runs {@code nodetool -h 127.0.0.1 -p <jmx port of the command's node> <args...>} for every command,
     * {@code threads} at a time, in one JVM, and returns the results in command order. Arguments must not contain
     * tabs or line breaks.
     */
    public static List<Result> run(CassandraCluster cluster, List<Command> commands, int threads) {
        CassandraNode node = cluster.node(0);
        StringBuilder input = new StringBuilder();
        for (Command c : commands) {
            List<String> args = new ArrayList<>(JvmOptions.connection(
                    cluster.node(c.nodeIndex()).jmxPort(), cluster.spec().jmxAccess()));
            args.addAll(c.args());
            for (String arg : args) {
                if (arg.contains("\t") || arg.contains("\n") || arg.contains("\r")) {
                    throw new IllegalArgumentException("nodetool argument with a tab or line break: " + arg);
                }
            }
            input.append(String.join("\t", args)).append('\n');
        }
        List<String> command = new ArrayList<>();
        command.add(CassandraNode.javaExecutable());
        command.addAll(JvmOptions.tool(cluster.spec(), node.files()));
        command.add("-Xmx256m");
        command.add("-cp");
        command.add(CassandraClasspath.read(cluster.spec().line()));
        command.add(TOOL.toAbsolutePath().toString());
        command.add(Integer.toString(threads));
        try {
            Path in = Files.createTempFile(node.files().logDir(), "nodetool-batch", ".in");
            Path out = Files.createTempFile(node.files().logDir(), "nodetool-batch", ".out");
            Path err = Files.createTempFile(node.files().logDir(), "nodetool-batch", ".err");
            try {
                Files.writeString(in, input, StandardCharsets.UTF_8);
                Process process = new ProcessBuilder(command)
                        .redirectInput(in.toFile())
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .start();
                long minutes = 2 + commands.size() / 200;
                if (!process.waitFor(minutes, TimeUnit.MINUTES)) {
                    process.destroyForcibly();
                    throw new IllegalStateException(
                            "nodetool batch of " + commands.size() + " commands timed out after " + minutes + " min");
                }
                List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
                if (process.exitValue() != 0 || lines.size() != commands.size()) {
                    throw new IllegalStateException(
                            "nodetool batch (tool files under " + node.address() + ")" + " exited with "
                                    + process.exitValue() + " after " + lines.size() + " of " + commands.size()
                                    + " results\nstderr:\n" + Files.readString(err, StandardCharsets.UTF_8));
                }
                List<Result> results = new ArrayList<>(lines.size());
                for (String line : lines) {
                    String[] parts = line.split("\t", -1);
                    results.add(new Result(Integer.parseInt(parts[0]), split(parts[1]), split(parts[2])));
                }
                return results;
            } finally {
                Files.deleteIfExists(in);
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running nodetool", e);
        }
    }

    private static List<String> split(String joined) {
        return joined.isEmpty() ? List.of() : List.of(joined.split("\u001f"));
    }
}
