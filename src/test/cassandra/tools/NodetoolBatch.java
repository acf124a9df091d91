import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.cassandra.tools.INodeProbeFactory;
import org.apache.cassandra.tools.NodeProbe;
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
 *
 * <p>Each worker thread keeps its JMX connection to a node between commands ({@link KeptProbes}): nodetool's own
 * NodeProbe, connected as nodetool connects it, handed to NodeTool for every command; only its close is deferred to
 * the end. A command then costs one JMX call instead of a JMX connection (the RMI handshake and a dozen platform
 * MBean lookups on both sides), which was most of the CPU of thousands of getendpoints. A probe a command marked
 * failed is closed and replaced, as nodetool would start the next command on a fresh one.
 */
public class NodetoolBatch {

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        KeptProbes probes = new KeptProbes();
        List<String[]> commands = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.isEmpty()) {
                    commands.add(line.split("\t", -1));
                }
            }
        }
        PrintStream original = System.out;
        // 6.0's NodeTool (picocli) prints some commands' results to System.out/err rather than to its Output: each
        // worker thread's writes go to its command's buffers
        System.setOut(new PrintStream(new ByThread(CAPTURED_OUT, original), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(new ByThread(CAPTURED_ERR, System.err), true, StandardCharsets.UTF_8));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<String>> results = new ArrayList<>();
        for (String[] command : commands) {
            results.add(pool.submit(() -> run(probes, command)));
        }
        PrintStream stdout = new PrintStream(original, false, StandardCharsets.UTF_8);
        for (Future<String> result : results) {
            stdout.println(result.get());
        }
        stdout.flush();
        pool.shutdown();
        probes.closeAll();
        System.exit(0);
    }

    private static String run(INodeProbeFactory probes, String[] command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        CAPTURED_OUT.set(out);
        CAPTURED_ERR.set(err);
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            try {
                status = new NodeTool(probes, new Output(o, e)).execute(command);
            } catch (RuntimeException ex) {
                ex.printStackTrace(e);
                status = 99;
            }
        } finally {
            System.out.flush();
            System.err.flush();
            CAPTURED_OUT.remove();
            CAPTURED_ERR.remove();
        }
        return status + "\t" + oneLine(out) + "\t" + oneLine(err);
    }

    private static final ThreadLocal<ByteArrayOutputStream> CAPTURED_OUT = new ThreadLocal<>();
    private static final ThreadLocal<ByteArrayOutputStream> CAPTURED_ERR = new ThreadLocal<>();

    /** A stream that writes to the calling thread's captured buffer, or to {@code fallback} outside a command. */
    static final class ByThread extends java.io.OutputStream {

        private final ThreadLocal<ByteArrayOutputStream> captured;
        private final java.io.OutputStream fallback;

        ByThread(ThreadLocal<ByteArrayOutputStream> captured, java.io.OutputStream fallback) {
            this.captured = captured;
            this.fallback = fallback;
        }

        @Override
        public void write(int b) throws IOException {
            ByteArrayOutputStream target = captured.get();
            if (target != null) {
                target.write(b);
            } else {
                fallback.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            ByteArrayOutputStream target = captured.get();
            if (target != null) {
                target.write(b, off, len);
            } else {
                fallback.write(b, off, len);
            }
        }

        @Override
        public void flush() throws IOException {
            if (captured.get() == null) {
                fallback.flush();
            }
        }
    }

    private static String oneLine(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8).strip().replace("\r", "").replace('\n', '\u001f')
                .replace('\t', ' ');
    }

    /**
     * nodetool's factory (NodeProbeFactory creates {@code new NodeProbe(host, port[, user, password])}), keeping one
     * probe per worker thread and node: NodeTool sets a command's output on the probe and reads its failed flag, so a
     * probe is never shared between threads.
     */
    static final class KeptProbes implements INodeProbeFactory {

        private final ThreadLocal<Map<String, Kept>> byThread = ThreadLocal.withInitial(HashMap::new);
        private final List<Kept> all = new ArrayList<>();

        @Override
        public NodeProbe create(String host, int port) throws IOException {
            return kept(host + ":" + port, forget -> new Kept(host, port, forget));
        }

        @Override
        public NodeProbe create(String host, int port, String username, String password) throws IOException {
            return kept(host + ":" + port + ":" + username,
                    forget -> new Kept(host, port, username, password, forget));
        }

        private NodeProbe kept(String target, Connect connect) throws IOException {
            Map<String, Kept> mine = byThread.get();
            Kept probe = mine.get(target);
            if (probe == null) {
                probe = connect.open(() -> mine.remove(target));
                mine.put(target, probe);
                synchronized (all) {
                    all.add(probe);
                }
            }
            return probe;
        }

        void closeAll() throws IOException {
            synchronized (all) {
                for (Kept probe : all) {
                    probe.closeForGood();
                }
            }
        }
    }

    interface Connect {
        Kept open(Runnable forget) throws IOException;
    }

    /**
     * nodetool's NodeProbe, connected by its own constructors; NodeTool closes it after each command, which keeps the
     * connection unless the command marked the probe failed (then it is closed and the next command connects anew).
     */
    static final class Kept extends NodeProbe {

        private final Runnable forget;

        Kept(String host, int port, Runnable forget) throws IOException {
            super(host, port);
            this.forget = forget;
        }

        Kept(String host, int port, String username, String password, Runnable forget) throws IOException {
            super(host, port, username, password);
            this.forget = forget;
        }

        @Override
        public void close() throws IOException {
            if (failed(this)) {
                forget.run();
                closeForGood();
            }
        }

        /**
         * NodeProbe.isFailed() of 4.0-5.0, read reflectively: 6.0's NodeProbe has no such flag (its commands throw
         * instead), so there a probe is kept until the batch ends.
         */
        static boolean failed(NodeProbe probe) {
            try {
                return (Boolean) NodeProbe.class.getMethod("isFailed").invoke(probe);
            } catch (ReflectiveOperationException e) {
                return false;
            }
        }

        void closeForGood() throws IOException {
            super.close();
        }
    }
}
