import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.cassandra.tools.INodeProbeFactory;
import org.apache.cassandra.tools.NodeTool;
import org.apache.cassandra.tools.Output;

/**
 * Runs Cassandra's own {@code nodetool} ({@code org.apache.cassandra.tools.NodeTool#execute}, exactly what the
 * nodetool script's {@code main} runs, minus {@code System.exit}) once per input line, in one JVM, so that thousands
 * of {@code nodetool getendpoints} calls do not each pay a JVM start.
 *
 * <p>Launched by io.ringmap.testcluster.NodetoolBatch as a single-file source program on the Cassandra server
 * classpath: {@code java -cp <cassandra classpath> NodetoolBatch.java <threads>}. Input: one command per line, its
 * nodetool arguments separated by TAB (connection options included). Output: per input line, in input order,
 * {@code <exit status>TAB<stdout lines joined by 0x1F>TAB<stderr joined by 0x1F>}.
 */
public class NodetoolBatch {

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        INodeProbeFactory probes = nodeProbeFactory();
        List<String[]> commands = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.isEmpty()) {
                    commands.add(line.split("\t", -1));
                }
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<String>> results = new ArrayList<>();
        for (String[] command : commands) {
            results.add(pool.submit(() -> run(probes, command)));
        }
        PrintStream stdout = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        for (Future<String> result : results) {
            stdout.println(result.get());
        }
        stdout.flush();
        pool.shutdown();
        System.exit(0);
    }

    private static String run(INodeProbeFactory probes, String[] command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            try {
                status = new NodeTool(probes, new Output(o, e)).execute(command);
            } catch (RuntimeException ex) {
                ex.printStackTrace(e);
                status = 99;
            }
        }
        return status + "\t" + oneLine(out) + "\t" + oneLine(err);
    }

    private static String oneLine(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8).strip().replace("\r", "").replace('\n', '\u001f')
                .replace('\t', ' ');
    }

    /** nodetool's own factory (package-private in Cassandra), the one NodeTool.main passes. */
    private static INodeProbeFactory nodeProbeFactory() throws ReflectiveOperationException {
        var constructor = Class.forName("org.apache.cassandra.tools.NodeProbeFactory").getDeclaredConstructor();
        constructor.setAccessible(true);
        return (INodeProbeFactory) constructor.newInstance();
    }
}
