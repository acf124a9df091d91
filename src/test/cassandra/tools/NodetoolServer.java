import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.apache.cassandra.tools.INodeProbeFactory;
import org.apache.cassandra.tools.NodeProbe;
import org.apache.cassandra.tools.NodeTool;
import org.apache.cassandra.tools.Output;

/**
 * Cassandra's own {@code nodetool} ({@code org.apache.cassandra.tools.NodeTool#execute}, exactly what the nodetool
 * script's {@code main} runs, minus {@code System.exit}) served to the test JVM by one long-lived JVM per Cassandra
 * line, so that a nodetool command does not pay a JVM start on the Cassandra classpath (about 2 s of CPU on a loaded
 * machine: the suite's polls of {@code nodetool status} alone started about a hundred).
 *
 * <p>Launched by io.ringmap.testcluster.NodetoolServer as a single-file source program on the Cassandra server
 * classpath: {@code java -cp <cassandra classpath> NodetoolServer.java}. Input, one request a line:
 * {@code <id>TAB<keep: 0 or 1>TAB<nodetool arguments separated by TAB>} (connection options included). Output, one
 * line per request as each finishes, in any order: {@code <id>TAB<exit status>TAB<stdout, Base64>TAB<stderr,
 * Base64>}. Requests run side by side on their own threads. The server ends when its input ends (the test JVM
 * closed it or exited).
 *
 * <p>A request with keep 1 (the harness's batches of read-only commands: getendpoints, status, ring) borrows a JMX
 * connection kept from an earlier such command to the same node ({@link KeptProbes}): nodetool's own NodeProbe,
 * connected as nodetool connects it. A command then costs one JMX call instead of a JMX connection (the RMI
 * handshake and a dozen platform MBean lookups on both sides), which was most of the CPU of thousands of
 * getendpoints. A command that fails on a kept connection (the node restarted since) drops the connections it used
 * and runs once more on fresh ones. Every other request (drain, decommission, flush) connects anew and closes after
 * itself, as the nodetool script does.
 */
public class NodetoolServer {

    private static final ThreadLocal<ByteArrayOutputStream> CAPTURED_OUT = new ThreadLocal<>();
    private static final ThreadLocal<ByteArrayOutputStream> CAPTURED_ERR = new ThreadLocal<>();

    public static void main(String[] args) throws Exception {
        PrintStream results = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                StandardCharsets.UTF_8);
        PrintStream log = System.err;
        // 6.0's NodeTool (picocli) prints some commands' results to System.out/err rather than to its Output: each
        // request thread's writes go to its command's buffers, anything else to the server's log, never to the
        // results
        System.setOut(new PrintStream(new ByThread(CAPTURED_OUT, log), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(new ByThread(CAPTURED_ERR, log), true, StandardCharsets.UTF_8));
        KeptProbes kept = new KeptProbes();
        ExecutorService pool = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "nodetool-request");
            thread.setDaemon(true);
            return thread;
        });
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isEmpty()) {
                    continue;
                }
                String[] fields = line.split("\t", -1);
                String id = fields[0];
                boolean keep = "1".equals(fields[1]);
                String[] command = java.util.Arrays.copyOfRange(fields, 2, fields.length);
                pool.execute(() -> {
                    String answer = id + "\t" + run(kept, keep, command);
                    synchronized (results) {
                        results.println(answer);
                        results.flush();
                    }
                });
            }
        }
        kept.closeAll();
        System.exit(0);
    }

    /** Runs one command; with {@code keep}, on kept connections, once more on fresh ones if it failed on kept ones. */
    private static String run(KeptProbes kept, boolean keep, String[] command) {
        if (!keep) {
            return execute(new FreshProbes(), command);
        }
        Borrowing borrowing = kept.borrowing(false);
        String result = execute(borrowing, command);
        boolean failed = !result.startsWith("0\t");
        if (!borrowing.giveBack(failed) || !failed) {
            return result;
        }
        Borrowing fresh = kept.borrowing(true);
        result = execute(fresh, command);
        fresh.giveBack(!result.startsWith("0\t"));
        return result;
    }

    private static String execute(INodeProbeFactory probes, String[] command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        CAPTURED_OUT.set(out);
        CAPTURED_ERR.set(err);
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            try {
                status = new NodeTool(probes, new Output(o, e)).execute(command);
            } catch (RuntimeException | Error ex) {
                ex.printStackTrace(e);
                status = 99;
            }
        } finally {
            System.out.flush();
            System.err.flush();
            CAPTURED_OUT.remove();
            CAPTURED_ERR.remove();
        }
        Base64.Encoder base64 = Base64.getEncoder();
        return status + "\t" + base64.encodeToString(out.toByteArray()) + "\t"
                + base64.encodeToString(err.toByteArray());
    }

    /** A stream that writes to the calling thread's captured buffer, or to {@code fallback} outside a command. */
    static final class ByThread extends OutputStream {

        private final ThreadLocal<ByteArrayOutputStream> captured;
        private final OutputStream fallback;

        ByThread(ThreadLocal<ByteArrayOutputStream> captured, OutputStream fallback) {
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

    /** nodetool's own factory: a new connection per command, which NodeTool closes when the command ends. */
    static final class FreshProbes implements INodeProbeFactory {

        @Override
        public NodeProbe create(String host, int port) throws IOException {
            return new NodeProbe(host, port);
        }

        @Override
        public NodeProbe create(String host, int port, String username, String password) throws IOException {
            return new NodeProbe(host, port, username, password);
        }
    }

    /** Idle kept connections by node (host, port and login); a connection serves one command at a time. */
    static final class KeptProbes {

        private final Map<String, ConcurrentLinkedQueue<Kept>> idle = new ConcurrentHashMap<>();

        Borrowing borrowing(boolean fresh) {
            return new Borrowing(this, fresh);
        }

        Kept take(String target, Connect connect) throws IOException {
            Kept probe = idle.computeIfAbsent(target, t -> new ConcurrentLinkedQueue<>()).poll();
            return probe != null ? probe.reused() : connect.open(target);
        }

        void giveBack(Kept probe) {
            idle.computeIfAbsent(probe.target, t -> new ConcurrentLinkedQueue<>()).add(probe);
        }

        void closeAll() {
            for (ConcurrentLinkedQueue<Kept> probes : idle.values()) {
                for (Kept probe = probes.poll(); probe != null; probe = probes.poll()) {
                    probe.closeForGood();
                }
            }
        }
    }

    /**
     * The kept connections one command borrowed; given back when it succeeded, closed when it failed. A fresh
     * borrowing connects anew instead of taking idle connections.
     */
    static final class Borrowing implements INodeProbeFactory {

        private final KeptProbes kept;
        private final boolean fresh;
        private final List<Kept> borrowed = new ArrayList<>();

        Borrowing(KeptProbes kept, boolean fresh) {
            this.kept = kept;
            this.fresh = fresh;
        }

        @Override
        public NodeProbe create(String host, int port) throws IOException {
            return borrow(host + ":" + port, target -> new Kept(target, host, port));
        }

        @Override
        public NodeProbe create(String host, int port, String username, String password) throws IOException {
            return borrow(host + ":" + port + ":" + username, target -> new Kept(target, host, port, username, password));
        }

        private NodeProbe borrow(String target, Connect connect) throws IOException {
            Kept probe = fresh ? connect.open(target) : kept.take(target, connect);
            borrowed.add(probe);
            return probe;
        }

        /** Gives the connections back, or closes them if the command failed; whether any had served before. */
        boolean giveBack(boolean failed) {
            boolean reused = false;
            for (Kept probe : borrowed) {
                reused |= probe.wasReused;
                if (failed || Kept.failed(probe)) {
                    probe.closeForGood();
                } else {
                    kept.giveBack(probe);
                }
            }
            borrowed.clear();
            return reused;
        }
    }

    interface Connect {
        Kept open(String target) throws IOException;
    }

    /**
     * nodetool's NodeProbe, connected by its own constructors; NodeTool's close after each command is ignored, the
     * connection's owner decides.
     */
    static final class Kept extends NodeProbe {

        final String target;
        boolean wasReused;

        Kept(String target, String host, int port) throws IOException {
            super(host, port);
            this.target = target;
        }

        Kept(String target, String host, int port, String username, String password) throws IOException {
            super(host, port, username, password);
            this.target = target;
        }

        Kept reused() {
            wasReused = true;
            return this;
        }

        @Override
        public void close() {}

        /**
         * NodeProbe.isFailed() of 4.0-5.0, read reflectively: 6.0's NodeProbe has no such flag (its commands throw
         * instead, and a non-zero status says so).
         */
        static boolean failed(NodeProbe probe) {
            try {
                return (Boolean) NodeProbe.class.getMethod("isFailed").invoke(probe);
            } catch (ReflectiveOperationException e) {
                return false;
            }
        }

        void closeForGood() {
            try {
                super.close();
            } catch (IOException | RuntimeException e) {
                // a connection to a node that is gone: nothing to close
            }
        }
    }
}
