package io.ringmap.testcluster;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.AlreadyExistsException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import io.ringmap.testsupport.Polling;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * A real Cassandra cluster for tests: one server JVM per node of a {@link ClusterSpec}, each on its own loopback
 * address, with its files under {@code target/cassandra-clusters/<spec name>}.
 *
 * <p>Node indexes are positions in {@link #nodes()}, starting at 0: first the nodes of {@link ClusterSpec#nodes()} (the
 * seeds), then the nodes added while the cluster runs ({@link #startJoining}, {@link #startReplacing}) in the order
 * they were added. A decommissioned or replaced node keeps its index but is no longer a {@link CassandraNode#isMember()
 * member}.
 */
public final class CassandraCluster implements AutoCloseable {

    /** Where clusters live unless {@code -Dringmap.cassandra.dir} says otherwise. */
    public static final Path DEFAULT_ROOT = Path.of("target", "cassandra-clusters");

    private static final Duration STOP_GRACE = Duration.ofSeconds(30);
    private static final Duration DECOMMISSION_TIMEOUT = Duration.ofSeconds(300);
    private static final int LOG_TAIL_LINES = 40;
    private static final String NO_VERSION = "unknown";
    /** A schema change slower than this is repeated on a fresh session (see {@link #executeSchemaChange}). */
    private static final Duration SCHEMA_CHANGE_TIMEOUT = Duration.ofSeconds(20);
    /** How many statements {@link #executeSchemaChanges} keeps in flight. */
    private static final int SCHEMA_CHANGES_IN_FLIGHT = 4;

    private final ClusterSpec spec;
    private final Path directory;
    private final List<CassandraNode> nodes;
    private final Duration startTimeout;
    private String classpath;
    private Thread shutdownHook;
    private AddressLocks addressLocks;
    private final Map<String, CqlSession> sessions = new HashMap<>();
    private Duration lastStartDuration = Duration.ZERO;

    private CassandraCluster(ClusterSpec spec, Path directory, Duration startTimeout) {
        this.spec = spec;
        this.directory = directory.toAbsolutePath().normalize();
        this.startTimeout = startTimeout;
        this.nodes = new java.util.concurrent.CopyOnWriteArrayList<>(spec.nodes().stream()
                .map(node -> new CassandraNode(spec, node, NodeFiles.of(this.directory, node)))
                .toList());
    }

    /**
     * A cluster (not yet started) under {@code target/cassandra-clusters/<spec name>}; the start timeout defaults
     * to 240 s and can be changed with {@code -Dringmap.cassandra.start-timeout=<seconds>}.
     */
    public static CassandraCluster of(ClusterSpec spec) {
        Path root = Path.of(System.getProperty("ringmap.cassandra.dir", DEFAULT_ROOT.toString()));
        long timeoutSeconds = Long.getLong("ringmap.cassandra.start-timeout", 240);
        return new CassandraCluster(spec, root.resolve(spec.name()), Duration.ofSeconds(timeoutSeconds));
    }

    public ClusterSpec spec() {
        return spec;
    }

    public Path directory() {
        return directory;
    }

    /** Every node this cluster has started or will start, members or not, by index. */
    public List<CassandraNode> nodes() {
        return java.util.Collections.unmodifiableList(nodes);
    }

    /** The nodes that belong to the ring (running or not): not decommissioned, not replaced. */
    public List<CassandraNode> members() {
        return nodes.stream().filter(CassandraNode::isMember).toList();
    }

    public CassandraNode node(int index) {
        return nodes.get(index);
    }

    /** How long the last {@link #start()} or {@link #startNode(int)} took until the cluster was ready. */
    public Duration lastStartDuration() {
        return lastStartDuration;
    }

    /**
     * Starts every node at once from empty directories and waits until all of them accept CQL, see each other with
     * their tokens and agree on the schema. JVMs left over by an earlier, killed run of the same cluster are
     * stopped first. On failure the nodes are stopped and the tail of each node's log is printed.
     */
    public synchronized CassandraCluster start() {
        if (nodes.stream().anyMatch(CassandraNode::isRunning)) {
            throw new IllegalStateException("cluster " + spec.name() + " is already running");
        }
        classpath = CassandraClasspath.read(spec.line());
        if (addressLocks == null) {
            addressLocks = AddressLocks.acquire(spec);
        }
        stopLeftovers();
        deleteDirectory();
        if (nodes.size() > spec.nodes().size() || nodes.stream().anyMatch(node -> !node.isMember())) {
            // an earlier start of this cluster added, decommissioned or replaced nodes: begin again from the spec
            nodes.clear();
            spec.nodes().forEach(node -> nodes.add(new CassandraNode(spec, node, NodeFiles.of(directory, node))));
        }
        for (CassandraNode node : nodes) {
            if (CassandraNode.accepts(node.nativeAddress())) {
                throw new IllegalStateException("something already listens on " + node.nativeAddress()
                        + ": another Cassandra uses the address " + node.address() + " (a developer cluster? "
                        + "scripts/local-cluster.sh status|stop [SPEC] shows and stops it)");
            }
            NodeConfigWriter.write(spec, node.spec(), node.files());
        }
        ClassDataArchive.prepare(spec.line(), classpath, directory.getParent());
        installShutdownHook();
        Instant started = Instant.now();
        for (CassandraNode node : nodes) {
            node.start(classpath);
        }
        awaitReady(started);
        return this;
    }

    /** Stops every node (SIGTERM, then SIGKILL after 30 s) and closes the helper session. */
    public synchronized void stop() {
        closeSession();
        nodes.forEach(CassandraNode::terminate);
        nodes.forEach(node -> node.awaitExit(STOP_GRACE));
        removeShutdownHook();
        releaseAddresses();
    }

    /**
     * Ends a cluster nobody uses again in this run at once: SIGKILL to every node (its next {@link #start()} begins
     * from empty directories, so a graceful stop's drain and flushes buy nothing), except a node writing the class
     * data archive, which stops gracefully.
     */
    public synchronized void discard() {
        closeSession();
        nodes.forEach(CassandraNode::terminateForDiscard);
        nodes.forEach(node -> node.awaitExit(STOP_GRACE));
        removeShutdownHook();
        releaseAddresses();
    }

    @Override
    public void close() {
        stop();
    }

    /** Stops one node, keeping its data so {@link #startNode(int)} brings it back as the same node. */
    public synchronized void stopNode(int index) {
        node(index).stop(STOP_GRACE);
    }

    /**
     * Kills one node's JVM with SIGKILL (no drain, no gossip shutdown announcement), keeping its data so
     * {@link #startNode(int)} brings it back as the same node.
     */
    public synchronized void killNode(int index) {
        node(index).kill(STOP_GRACE);
    }

    /** Restarts a stopped node with its data and waits until the cluster is ready again. */
    public synchronized void startNode(int index) {
        CassandraNode node = node(index);
        if (classpath == null) {
            classpath = CassandraClasspath.read(spec.line());
        }
        Instant started = Instant.now();
        node.start(classpath);
        awaitReady(started);
    }

    /**
     * Starts a stopped node with its data and returns at once, for a test that decides itself when the node is back
     * (a rolling restart driven by ringmap's guide); {@link #awaitReady()} waits as {@link #startNode(int)} does.
     */
    public synchronized void launchNode(int index) {
        if (classpath == null) {
            classpath = CassandraClasspath.read(spec.line());
        }
        node(index).start(classpath);
    }

    /**
     * Restarts several stopped nodes with their data at once (as the seeds start together in {@link #start()}) and
     * waits until the cluster is ready again: after a whole-cluster outage, one after another would wait for each.
     */
    public synchronized void startNodes(int... indexes) {
        if (classpath == null) {
            classpath = CassandraClasspath.read(spec.line());
        }
        Instant started = Instant.now();
        for (int index : indexes) {
            node(index).start(classpath);
        }
        awaitReady(started);
    }

    /**
     * Starts a new node that joins the running cluster as Cassandra's operators add one: no seed,
     * {@code auto_bootstrap: true}, so it announces its tokens, waits the ring delay and streams its ranges before it
     * becomes NORMAL. Returns its index at once; {@link #awaitReady()} waits until it has joined.
     */
    public synchronized int startJoining(NodeSpec node) {
        for (CassandraNode existing : nodes) {
            if (existing.isMember() && existing.address().equals(node.address())) {
                throw new IllegalArgumentException(
                        "node " + node.address() + " already belongs to cluster " + spec.name());
            }
        }
        return startAdded(node, NodeFiles.of(directory, node), List.of());
    }

    /** Adds a node with {@link #startJoining} and waits until it has joined (NORMAL, UP, seen by every node). */
    public int bootstrapNode(NodeSpec node) {
        int index = startJoining(node);
        awaitReady();
        return index;
    }

    /**
     * Runs {@code nodetool decommission} on a running node (it streams its data away and leaves the ring; the call
     * returns once it has left), then stops its JVM. The node is no longer a member.
     */
    public void decommission(int index) {
        CassandraNode node = node(index);
        if (!node.isRunning() || !node.isMember()) {
            throw new IllegalStateException("node " + node.address() + " is not a running member");
        }
        nodetool(DECOMMISSION_TIMEOUT, index, "decommission");
        synchronized (this) {
            node.leaveRing();
            node.stop(STOP_GRACE);
        }
    }

    /**
     * Starts a fresh node (new data directory) on the address of a member that is not running (killed or stopped),
     * with {@code -Dcassandra.replace_address_first_boot=<its address>}: it takes over the dead node's tokens and
     * streams their data. Cassandra 5.0 gives a replacement on the same address the dead node's host id
     * ({@code StorageService.prepareReplacementInfo}). The dead node is no longer a member. Returns the new node's
     * index at once; {@link #awaitReady()} waits until the replacement has finished.
     */
    public int startReplacing(int deadIndex) {
        return startReplacing(deadIndex, node(deadIndex).spec());
    }

    /**
     * As {@link #startReplacing(int)}, the replacement being {@code replacement}: on another address it is a new
     * node (new address, new host id) that takes over the dead node's tokens.
     */
    public synchronized int startReplacing(int deadIndex, NodeSpec replacement) {
        CassandraNode dead = node(deadIndex);
        if (dead.isRunning() || !dead.isMember()) {
            throw new IllegalStateException("node " + dead.address() + " must be a member that is not running");
        }
        NodeFiles files;
        if (replacement.address().equals(dead.address())) {
            long earlier = nodes.stream()
                    .filter(n -> n.address().equals(dead.address()))
                    .count();
            files = new NodeFiles(directory.resolve(dead.address() + "-replacement-" + earlier));
        } else {
            if (nodes.stream().anyMatch(n -> n.isMember() && n.address().equals(replacement.address()))) {
                throw new IllegalArgumentException(
                        "node " + replacement.address() + " already belongs to cluster " + spec.name());
            }
            files = NodeFiles.of(directory, replacement);
        }
        dead.leaveRing();
        return startAdded(replacement, files, List.of("-Dcassandra.replace_address_first_boot=" + dead.address()));
    }

    /** Replaces a dead node with {@link #startReplacing} and waits until the replacement has finished. */
    public int replaceNode(int deadIndex) {
        int index = startReplacing(deadIndex);
        awaitReady();
        return index;
    }

    private int startAdded(NodeSpec node, NodeFiles files, List<String> startOptions) {
        if (classpath == null) {
            classpath = CassandraClasspath.read(spec.line());
        }
        if (addressLocks == null) {
            addressLocks = AddressLocks.acquire(spec);
        }
        addressLocks.add(node.address());
        CassandraNode added = new CassandraNode(spec, node, files);
        if (CassandraNode.accepts(added.nativeAddress())) {
            throw new IllegalStateException("something already listens on " + added.nativeAddress());
        }
        NodeConfigWriter.write(spec, node, files, true);
        installShutdownHook();
        nodes.add(added);
        added.start(classpath, startOptions);
        return nodes.size() - 1;
    }

    /**
     * Waits until every member that should run accepts CQL, is UP for the driver, sees every other member with its
     * tokens, and the schema agrees (at most the start timeout); on failure stops the cluster.
     */
    public void awaitReady() {
        awaitReady(Instant.now());
    }

    /** The CQL endpoint of the first node. */
    public InetSocketAddress contactPoint() {
        return nodes.get(0).nativeAddress();
    }

    /** The CQL endpoints of all nodes. */
    public List<InetSocketAddress> contactPoints() {
        return nodes.stream().map(CassandraNode::nativeAddress).toList();
    }

    /** The data center of the first node, the local one for {@link #session()} and {@link #newSession()}. */
    public String localDatacenter() {
        return nodes.get(0).spec().datacenter();
    }

    /** A session owned by the cluster (closed by {@link #stop()}), local to the first node's data center. */
    public CqlSession session() {
        return session(localDatacenter());
    }

    /** A session owned by the cluster (closed by {@link #stop()}), local to {@code datacenter}. */
    public synchronized CqlSession session(String datacenter) {
        CqlSession session = sessions.get(datacenter);
        if (session == null || session.isClosed()) {
            session = newSession(datacenter);
            sessions.put(datacenter, session);
        }
        return session;
    }

    /**
     * Runs a schema statement (CREATE, ALTER, DROP) through {@link #session()} and waits until every running node
     * has applied it. The driver alone waits only for the nodes it is connected to, those of its local data center.
     */
    public void executeSchemaChange(String cql) {
        executeSchemaChange(cql, false);
    }

    /** As {@link #executeSchemaChange(String)}; {@code repeated}: an earlier attempt may have been applied. */
    private void executeSchemaChange(String cql, boolean repeated) {
        AtomicBoolean retried = new AtomicBoolean(repeated);
        AtomicReference<RuntimeException> lastFailure = new AtomicReference<>();
        Polling.until(
                "schema change applied: " + cql,
                startTimeout,
                Duration.ofSeconds(1),
                () -> {
                    try {
                        session().execute(SimpleStatement.newInstance(cql).setTimeout(SCHEMA_CHANGE_TIMEOUT));
                        return true;
                    } catch (NoNodeAvailableException | DriverTimeoutException e) {
                        // NoNodeAvailable: sent to no node, so safe to repeat: after restarts of every node the
                        // cluster's own
                        // session can still be waiting out its reconnection backoff (FaultsUnderLoadIT once failed
                        // here).
                        // A timeout: the change may or may not have been applied (FaultsUnderLoadIT once waited 60 s on
                        // a
                        // session whose first contact point had been stopped for good); it is repeated on a fresh
                        // session,
                        // and "already exists" / "does not exist" then means the first attempt was applied.
                        retried.set(true);
                        lastFailure.set(e);
                        closeSession(localDatacenter());
                        return false;
                    } catch (AlreadyExistsException | InvalidQueryException e) {
                        if (cmsGaveUp(e)) {
                            retried.set(true);
                            lastFailure.set(e);
                            return false;
                        }
                        if (!retried.get() || !appliedBefore(e)) {
                            throw e;
                        }
                        return true;
                    }
                },
                Boolean::booleanValue,
                applied -> String.valueOf(lastFailure.get()));
        awaitSchemaAgreement();
    }

    /**
     * Whether Cassandra 6.0 refused a schema change because its cluster-metadata service did not commit it in time
     * (a {@code TCM_COMMIT_REQ} given up on a loaded machine, or "Could not perform commit after 4 attempts" when
     * concurrent commits kept conflicting): nothing says whether it was applied, so it is repeated.
     */
    static boolean cmsGaveUp(Throwable e) {
        String message = String.valueOf(e.getMessage());
        return message.contains("GivingUpException") || message.contains("Could not perform commit");
    }

    /**
     * Runs independent schema statements (each on its own keyspace or table) through {@link #session()} a few at a
     * time, then waits once until every running node has applied them all: the coordinator still applies them one
     * by one, but the round trips and schema agreement waits of one statement overlap the next one's instead of
     * adding up. Fails with every statement that failed.
     */
    public void executeSchemaChanges(List<String> statements) {
        CqlSession session = session();
        // 6.0 commits each change through its cluster-metadata service, where concurrent changes conflict and retry
        int parallel = spec.line() == CassandraLine.V6_0 ? 1 : SCHEMA_CHANGES_IN_FLIGHT;
        Semaphore inFlight = new Semaphore(parallel);
        List<CompletableFuture<String>> results = new ArrayList<>();
        List<String> repeat = java.util.Collections.synchronizedList(new ArrayList<>());
        for (String cql : statements) {
            inFlight.acquireUninterruptibly();
            results.add(session.executeAsync(SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(60)))
                    .toCompletableFuture()
                    .handle((done, error) -> {
                        // given up by 6.0's metadata service, or no answer within the minute (a loaded 6.0 node
                        // took longer): whether it was applied is unknown, so it is repeated one at a time, where
                        // "already exists" / "does not exist" then means the first attempt was
                        Throwable cause =
                                error instanceof java.util.concurrent.CompletionException && error.getCause() != null
                                        ? error.getCause()
                                        : error;
                        if (error != null && (cmsGaveUp(error) || cause instanceof DriverTimeoutException)) {
                            repeat.add(cql);
                            return null;
                        }
                        return error == null ? null : cql + ": " + error;
                    })
                    .whenComplete((failure, ignored) -> inFlight.release()));
        }
        List<String> failures = results.stream()
                .map(CompletableFuture::join)
                .filter(Objects::nonNull)
                .toList();
        if (failures.isEmpty()) {
            repeat.forEach(cql -> executeSchemaChange(cql, true));
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("schema changes failed on cluster " + spec.name() + ": " + failures);
        }
        awaitSchemaAgreement();
    }

    /** Whether a repeated schema change failed only because its first, timed-out attempt was applied. */
    static boolean appliedBefore(RuntimeException e) {
        if (e instanceof AlreadyExistsException) {
            return true;
        }
        String message = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
        return message.contains("doesn't exist")
                || message.contains("does not exist")
                || message.contains("conflicts with an existing column")
                || message.contains("already exist");
    }

    private synchronized void closeSession(String datacenter) {
        CqlSession session = sessions.remove(datacenter);
        if (session != null) {
            session.close();
        }
    }

    /** Waits until every running node reports the same schema version (at most the start timeout). */
    public void awaitSchemaAgreement() {
        Polling.until(
                "schema versions of cluster " + spec.name() + " agree",
                startTimeout,
                Duration.ofMillis(500),
                this::schemaVersions,
                versions -> versions.size() == 1 && !versions.contains(NO_VERSION));
    }

    private Set<Object> schemaVersions() {
        Set<Object> versions = new HashSet<>();
        for (CassandraNode node : nodes) {
            if (!node.isWanted()) {
                continue;
            }
            try {
                CqlSession session = session(node.spec().datacenter());
                Node driverNode = node.in(session).orElse(null);
                versions.add(
                        driverNode == null
                                ? NO_VERSION
                                : session.execute(SimpleStatement.newInstance("SELECT schema_version FROM system.local")
                                                .setNode(driverNode))
                                        .one()
                                        .getUuid("schema_version"));
            } catch (RuntimeException e) {
                versions.add(NO_VERSION);
            }
        }
        return versions;
    }

    /** A new session the caller closes, local to the first node's data center. */
    public CqlSession newSession() {
        return newSession(localDatacenter(), List.of(contactPoint()));
    }

    /** A new session the caller closes, local to {@code datacenter}, using its nodes as contact points. */
    public CqlSession newSession(String datacenter) {
        List<InetSocketAddress> contactPoints = nodes.stream()
                .filter(node -> node.spec().datacenter().equals(datacenter))
                .map(CassandraNode::nativeAddress)
                .toList();
        if (contactPoints.isEmpty()) {
            throw new IllegalArgumentException("cluster " + spec.name() + " has no data center " + datacenter);
        }
        return newSession(datacenter, contactPoints);
    }

    CqlSession newSession(String datacenter, List<InetSocketAddress> contactPoints) {
        // generous timeouts: schema changes on several JVMs sharing two cores are slow
        DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(10))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(60))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .build();
        var builder = CqlSession.builder()
                .addContactPoints(contactPoints)
                .withLocalDatacenter(datacenter)
                .withConfigLoader(config);
        ClientAccess access = spec.clientAccess();
        if (access != null && access.passwordAuth()) {
            builder.withAuthCredentials(ClientAccess.SUPERUSER, ClientAccess.SUPERUSER);
        }
        if (access != null && access.tls()) {
            builder.withSslContext(
                    TestCertificates.sslContext(access.keystore(), access.truststore(), access.storePassword()));
        }
        return builder.build();
    }

    /**
     * Runs {@code nodetool <args>} against the node's JMX port with the Cassandra server classpath and returns its
     * standard output; fails with stdout and stderr when nodetool exits non-zero.
     */
    public String nodetool(int index, String... args) {
        return nodetool(NodetoolServer.COMMAND_TIMEOUT, index, args);
    }

    private String nodetool(Duration timeout, int index, String... args) {
        CassandraNode node = node(index);
        NodetoolServer.Answer answer = NodetoolServer.run(this, node, List.of(args), false, timeout);
        if (answer.status() != 0) {
            throw new IllegalStateException("nodetool " + String.join(" ", args) + " against " + node.address()
                    + " exited with " + answer.status() + "\nstdout:\n" + answer.out() + "\nstderr:\n" + answer.err());
        }
        return answer.out();
    }

    /** One line per node with its pid, resident memory and CPU time so far, for logs and reports. */
    public String describe() {
        StringBuilder text = new StringBuilder("cluster " + spec.name() + " (" + spec.partitioner() + ")\n");
        for (CassandraNode node : nodes) {
            text.append(String.format(
                    "  %-12s %s/%s jmx=%d pid=%s rss=%s cpu=%s%n",
                    node.address(),
                    node.spec().datacenter(),
                    node.spec().rack(),
                    node.jmxPort(),
                    node.pid().isPresent() ? Long.toString(node.pid().getAsLong()) : "-",
                    node.residentKiB().isPresent() ? node.residentKiB().getAsLong() / 1024 + "MiB" : "-",
                    node.cpuTime()
                            .map(cpu -> String.format("%.1fs", cpu.toMillis() / 1000.0))
                            .orElse("-")));
        }
        return text.toString();
    }

    /**
     * Takes over node JVMs recorded in the pid files of an earlier process (the developer script); returns how many
     * are running.
     */
    public int adoptRunningNodes() {
        int running = 0;
        for (CassandraNode node : nodes) {
            if (node.adoptRecordedProcess()) {
                running++;
            }
        }
        return running;
    }

    /** Leaves the nodes running when this JVM exits (for the developer script, which stops them later). */
    public synchronized void detach() {
        removeShutdownHook();
        closeSession();
        releaseAddresses();
    }

    private void releaseAddresses() {
        if (addressLocks != null) {
            addressLocks.close();
            addressLocks = null;
        }
    }

    private void awaitReady(Instant started) {
        Instant deadline = started.plus(startTimeout);
        try {
            ClusterReadiness.await(this, deadline);
            lastStartDuration = Duration.between(started, Instant.now());
        } catch (RuntimeException | AssertionError e) {
            failStart(e);
        }
    }

    private void failStart(Throwable cause) {
        StringBuilder logs = new StringBuilder();
        for (CassandraNode node : nodes) {
            logs.append(node.logTail(LOG_TAIL_LINES));
        }
        System.err.println("Cassandra cluster " + spec.name() + " failed to start: " + cause + "\n" + logs);
        stop();
        throw new IllegalStateException(
                "Cassandra cluster " + spec.name() + " failed to start (logs under " + directory + "): "
                        + cause.getMessage(),
                cause);
    }

    // every node directory counts: nodes added while an earlier run's cluster ran are not in the spec
    private void stopLeftovers() {
        List<NodeFiles> recorded =
                new ArrayList<>(nodes.stream().map(CassandraNode::files).toList());
        if (Files.isDirectory(directory)) {
            try (Stream<Path> dirs = Files.list(directory)) {
                dirs.filter(Files::isDirectory)
                        .map(NodeFiles::new)
                        .filter(files -> !recorded.contains(files))
                        .forEach(recorded::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + directory, e);
            }
        }
        for (NodeFiles files : recorded) {
            CassandraNode.recordedProcess(files).ifPresent(handle -> {
                System.err.println("stopping Cassandra node " + files.dir().getFileName()
                        + " left over by an earlier run, pid " + handle.pid());
                handle.destroy();
                CassandraNode.awaitExit(handle, STOP_GRACE);
            });
        }
    }

    private void deleteDirectory() {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear " + directory, e);
        }
    }

    private void installShutdownHook() {
        if (shutdownHook == null) {
            shutdownHook = new Thread(this::stopOnShutdown, "cassandra-cluster-" + spec.name() + "-shutdown");
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        }
    }

    private void stopOnShutdown() {
        nodes.forEach(CassandraNode::terminate);
        nodes.forEach(node -> node.awaitExit(STOP_GRACE));
    }

    private void removeShutdownHook() {
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // the hook is running or about to run; it stops the nodes itself
            }
            shutdownHook = null;
        }
    }

    private synchronized void closeSession() {
        sessions.values().forEach(CqlSession::close);
        sessions.clear();
    }

    @Override
    public String toString() {
        return "CassandraCluster[" + spec.name() + ", " + nodes.size() + " nodes]";
    }
}
