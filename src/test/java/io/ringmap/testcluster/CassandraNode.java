package io.ringmap.testcluster;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import io.ringmap.testsupport.Polling;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/** One Cassandra server JVM of a test cluster, started as a separate process on its own loopback address. */
public final class CassandraNode {

    static final String MAIN_CLASS = "org.apache.cassandra.service.CassandraDaemon";
    static final int NATIVE_PORT = 9042;
    static final int STORAGE_PORT = 7000;

    private final ClusterSpec cluster;
    private final NodeSpec spec;
    private final NodeFiles files;
    private volatile ProcessHandle process;
    // set by start, cleared by stop: a node that should run but does not has crashed
    private volatile boolean wanted;
    // cleared when the node leaves the ring for good (decommissioned, or replaced by another JVM on its address)
    private volatile boolean member = true;

    CassandraNode(ClusterSpec cluster, NodeSpec spec, NodeFiles files) {
        this.cluster = cluster;
        this.spec = spec;
        this.files = files;
    }

    public NodeSpec spec() {
        return spec;
    }

    public String address() {
        return spec.address();
    }

    public int jmxPort() {
        return cluster.jmxPort(spec);
    }

    /** The node's CQL endpoint, {@code <rpc address>:9042}. */
    public InetSocketAddress nativeAddress() {
        return new InetSocketAddress(spec.rpcAddress(), NATIVE_PORT);
    }

    /** This node as {@code session} knows it, found by its RPC address; empty until the driver has seen it. */
    public Optional<Node> in(CqlSession session) {
        for (Node node : session.getMetadata().getNodes().values()) {
            Optional<InetSocketAddress> rpc = node.getBroadcastRpcAddress();
            if (rpc.isPresent() && rpc.get().getAddress().getHostAddress().equals(spec.rpcAddress())) {
                return Optional.of(node);
            }
        }
        return Optional.empty();
    }

    /** The node's own directory: conf, data, commitlog, hints, saved_caches, cdc_raw, logs. */
    public Path directory() {
        return files.dir();
    }

    public Path systemLog() {
        return files.systemLog();
    }

    NodeFiles files() {
        return files;
    }

    /** Whether the node was started and not stopped since, whether or not its JVM still runs. */
    boolean isWanted() {
        return wanted;
    }

    /**
     * Whether the node belongs to the ring: true from its first start until it is decommissioned or replaced, also
     * while it is stopped or killed.
     */
    public boolean isMember() {
        return member;
    }

    void leaveRing() {
        member = false;
    }

    public boolean isRunning() {
        ProcessHandle handle = process;
        return handle != null && handle.isAlive();
    }

    public OptionalLong pid() {
        ProcessHandle handle = process;
        return handle == null ? OptionalLong.empty() : OptionalLong.of(handle.pid());
    }

    /** Starts the JVM with the configuration already written to the node's directory; does not wait for it. */
    synchronized void start(String classpath) {
        start(classpath, List.of());
    }

    /** As {@link #start(String)}, with extra JVM options for this start only (e.g. a replace address). */
    synchronized void start(String classpath, List<String> startOptions) {
        start(
                classpath,
                startOptions,
                ClassDataArchive.forClasspath(classpath)
                        .map(ClassDataArchive::optionsForNode)
                        .orElse(new ClassDataArchive.Options(List.of(), null)));
    }

    /** As {@link #start(String, List)}, with the given class data sharing options. */
    synchronized void start(String classpath, List<String> startOptions, ClassDataArchive.Options sharing) {
        if (isRunning()) {
            throw new IllegalStateException("node " + address() + " is already running as pid " + process.pid());
        }
        List<String> arguments = new ArrayList<>(JvmOptions.server(cluster, spec, files, startOptions));
        arguments.addAll(cluster.line().serverOptions(classpath));
        arguments.addAll(sharing.jvmOptions());
        recordDump(sharing.dumpTo());
        arguments.add("-cp");
        arguments.add(classpath);
        arguments.add(MAIN_CLASS);
        NodeConfigWriter.writeArgFile(files.jvmArgs(), arguments);
        ProcessBuilder builder = new ProcessBuilder(javaExecutable(), "@" + files.jvmArgs())
                .directory(files.dir().toFile())
                .redirectErrorStream(true)
                .redirectOutput(
                        ProcessBuilder.Redirect.appendTo(files.stdoutLog().toFile()));
        wanted = true;
        try {
            process = builder.start().toHandle();
            Files.writeString(files.pidFile(), process.pid() + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start Cassandra node " + address(), e);
        }
    }

    /** Waits until the node accepts TCP connections on its CQL port; fails early when the JVM exits. */
    void awaitNativeTransport(Instant deadline) {
        Polling.until(
                "Cassandra node " + address() + " opens its CQL port",
                ClusterReadiness.until(deadline),
                Duration.ofMillis(250),
                () -> {
                    if (!isRunning()) {
                        throw new IllegalStateException("Cassandra node " + address() + " exited during start-up");
                    }
                    return accepts(nativeAddress());
                });
    }

    /** Sends SIGTERM to the JVM; {@link #awaitExit} finishes the job. */
    void terminate() {
        wanted = false;
        ProcessHandle handle = process;
        if (handle != null && handle.isAlive()) {
            handle.destroy();
        }
    }

    /** Waits for the JVM to exit after {@link #terminate()}, sending SIGKILL once {@code grace} has passed. */
    void awaitExit(Duration grace) {
        ProcessHandle handle = process;
        if (handle == null) {
            return;
        }
        boolean graceful = awaitExit(handle, grace);
        recordedDump().ifPresent(dumpTo -> ClassDataArchive.nodeExited(dumpTo, graceful));
        recordDump(null);
        process = null;
        try {
            Files.deleteIfExists(files.pidFile());
        } catch (IOException ignored) {
            // a stale pid file is checked against the process command line before it is trusted
        }
    }

    /** SIGKILL, or SIGTERM when the JVM writes the class data archive at exit; {@link #awaitExit} finishes the job. */
    void terminateForDiscard() {
        if (recordedDump().isPresent()) {
            terminate();
            return;
        }
        wanted = false;
        ProcessHandle handle = process;
        if (handle != null && handle.isAlive()) {
            handle.destroyForcibly();
        }
    }

    /** Kills the JVM at once (SIGKILL) and waits for it to be gone. */
    void kill(Duration grace) {
        wanted = false;
        ProcessHandle handle = process;
        if (handle != null && handle.isAlive()) {
            handle.destroyForcibly();
        }
        awaitExit(grace);
    }

    /** Stops the JVM: SIGTERM, then SIGKILL after {@code grace}. */
    public void stop(Duration grace) {
        terminate();
        awaitExit(grace);
    }

    // the dump file is recorded next to the pid file so a later process stopping the node (the script) finds it
    private void recordDump(Path dumpTo) {
        try {
            if (dumpTo == null) {
                Files.deleteIfExists(files.cdsDumpFile());
            } else {
                Files.writeString(files.cdsDumpFile(), dumpTo.toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Optional<Path> recordedDump() {
        try {
            return Files.isRegularFile(files.cdsDumpFile())
                    ? Optional.of(Path.of(Files.readString(files.cdsDumpFile()).strip()))
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Resident memory of the JVM from /proc, in KiB; empty when the node does not run or /proc is unreadable. */
    public OptionalLong residentKiB() {
        ProcessHandle handle = process;
        if (handle == null || !handle.isAlive()) {
            return OptionalLong.empty();
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(handle.pid()), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return OptionalLong.of(Long.parseLong(line.replaceAll("[^0-9]", "")));
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux, or the process just exited
        }
        return OptionalLong.empty();
    }

    /** CPU time the JVM has used so far, where the platform reports it. */
    public Optional<Duration> cpuTime() {
        ProcessHandle handle = process;
        return handle == null ? Optional.empty() : handle.info().totalCpuDuration();
    }

    /** The last lines of the node's system.log and stdout, for failure messages. */
    public String logTail(int lines) {
        StringBuilder text = new StringBuilder();
        for (Path log : List.of(files.systemLog(), files.stdoutLog())) {
            text.append("---- ").append(log).append(" (last ").append(lines).append(" lines) ----\n");
            text.append(tail(log, lines));
        }
        return text.toString();
    }

    /**
     * Adopts a JVM recorded in the node's pid file by an earlier run, if it still runs this node's configuration;
     * the pid alone is not trusted because pids are reused.
     */
    Optional<ProcessHandle> recordedProcess() {
        return recordedProcess(files);
    }

    /** The JVM recorded in the pid file under {@code files}, if it still runs from that directory. */
    static Optional<ProcessHandle> recordedProcess(NodeFiles files) {
        try {
            if (!Files.isRegularFile(files.pidFile())) {
                return Optional.empty();
            }
            long pid = Long.parseLong(Files.readString(files.pidFile()).strip());
            Path cmdline = Path.of("/proc", Long.toString(pid), "cmdline");
            if (!Files.isReadable(cmdline)) {
                return Optional.empty();
            }
            String command = new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8);
            if (!command.contains(files.dir().toString())) {
                return Optional.empty();
            }
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Takes over a JVM started by another process (the developer script's {@code stop} and {@code status}). */
    boolean adoptRecordedProcess() {
        Optional<ProcessHandle> recorded = recordedProcess();
        recorded.ifPresent(handle -> {
            process = handle;
            wanted = true;
        });
        return recorded.isPresent();
    }

    static boolean accepts(InetSocketAddress address) {
        try (Socket socket = new Socket()) {
            socket.connect(address, 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Waits for the process to exit, killing it after {@code grace}; true when it exited by itself. */
    static boolean awaitExit(ProcessHandle handle, Duration grace) {
        try {
            handle.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            handle.destroyForcibly();
            handle.onExit().join();
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            handle.destroyForcibly();
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String tail(Path log, int lines) {
        if (!Files.isRegularFile(log)) {
            return "(no file)\n";
        }
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            // Cassandra logs its whole configuration on one line: keep each line short
            return all.subList(Math.max(0, all.size() - lines), all.size()).stream()
                    .map(line -> line.length() > 400 ? line.substring(0, 400) + " [...]" : line)
                    .collect(Collectors.joining("\n", "", "\n"));
        } catch (IOException | UncheckedIOException e) {
            return "(unreadable: " + e.getMessage() + ")\n";
        }
    }

    @Override
    public String toString() {
        return "CassandraNode[" + address() + " " + spec.datacenter() + "/" + spec.rack() + "]";
    }
}
