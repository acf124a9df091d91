package io.ringmap.testcluster;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Many {@code nodetool} commands at once, {@code threads} at a time, through the {@link NodetoolServer} (Cassandra's
 * own {@code org.apache.cassandra.tools.NodeTool}, the same code path as {@link CassandraCluster#nodetool}), on JMX
 * connections kept between commands: thousands of {@code getendpoints} cost one JMX call each.
 */
public final class NodetoolBatch {

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
     * {@code threads} at a time, and returns the results in command order. The commands must only read (getendpoints,
     * status, ring): they run on kept connections. Arguments must not contain tabs or line breaks.
     */
    public static List<Result> run(CassandraCluster cluster, List<Command> commands, int threads) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Result>> results = new ArrayList<>(commands.size());
            for (Command c : commands) {
                results.add(pool.submit(() -> {
                    NodetoolServer.Answer answer = NodetoolServer.run(
                            cluster, cluster.node(c.nodeIndex()), c.args(), true, NodetoolServer.COMMAND_TIMEOUT);
                    return new Result(answer.status(), lines(answer.out()), lines(answer.err()));
                }));
            }
            List<Result> out = new ArrayList<>(results.size());
            for (Future<Result> result : results) {
                out.add(result.get());
            }
            return out;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running nodetool", e);
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<String> lines(String text) {
        String stripped = text.strip().replace("\r", "");
        return stripped.isEmpty() ? List.of() : stripped.lines().toList();
    }
}
