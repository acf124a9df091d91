package io.ringmap.topology;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.EndPoint;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.metadata.NodeStateListenerBase;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.SchemaChangeListenerBase;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.ViewMetadata;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import io.ringmap.config.ClusterProperties;
import io.ringmap.config.TopologyProperties;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;

/**
 * Follows a live Cassandra cluster through the driver's metadata and publishes its ring into the {@link TopologyPublisher}.
 *
 * <p>One thread does everything: it connects in the background (retrying with backoff, so the service starts and
 * answers 503 while no cluster is reachable), then rebuilds the model on node and schema events (coalesced for
 * {@code ringmap.topology.cluster.event-debounce}) and every {@code ringmap.topology.refresh-interval}. Every rebuild
 * first asks a node for {@code system.local}: while that fails, or while the driver reports every node DOWN, the
 * snapshot is published stale (answers continue from it); the next successful rebuild makes it fresh again.
 *
 * <p>The periodic refresh also watches the driver's schema refresh. In driver 4.x (4.19.3 checked), a schema refresh
 * that starts while the control connection is closed or reconnecting (a restarted or stopped node, the whole cluster
 * down) fails in {@code MetadataManager.startSchemaRequest} before its clean-up runs: the refresh stays "current"
 * forever, and every later schema refresh of that session, from events and from {@code refreshSchemaAsync()} alike,
 * is queued behind it and never runs. The session then keeps its old schema for good while its token map and node
 * states stay live. A refresh still unfinished after {@link #stuckAfter} therefore gets the session replaced by a new
 * one (opened before the old one is closed, with every node the old one knew as a contact point, so it also works
 * once the configured contact points are gone).
 */
public class ClusterTopologySource implements TopologySource, SmartLifecycle, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(ClusterTopologySource.class);

    private static final Duration FIRST_RETRY = Duration.ofMillis(500);

    private final Supplier<CqlSessionBuilder> builders;
    private final TopologyProperties topology;
    private final ClusterProperties cluster;
    private final TopologyPublisher publisher;
    private final ScheduledThreadPoolExecutor executor;
    private final AtomicBoolean rebuildPending = new AtomicBoolean();
    private final AtomicBoolean schemaCheckScheduled = new AtomicBoolean();

    private volatile boolean running;
    private volatile boolean closed;
    private volatile CqlSession session;
    private volatile CompletionStage<CqlSession> connecting;
    private volatile String clusterName;
    /** The node ringmap's queries reach, kept while it is UP (LocalStrategy keyspaces resolve to it). */
    private volatile String answeringNode;
    private ScheduledFuture<?> periodic;
    private int failedAttempts;
    /** The driver's schema refresh last asked for, and when (System.nanoTime()); topology thread only. */
    private CompletableFuture<?> schemaRefresh;
    private long schemaRefreshAskedAt;
    /** A replacement session being opened (set and cleared on the topology thread). */
    private volatile CompletionStage<CqlSession> replacing;
    private int sessionsReplaced;
    private int failedReplacements;

    /**
     * @param builders a fresh, fully configured session builder per connection attempt (Spring Boot's prototype
     *     {@code CqlSessionBuilder} bean: contact points, local DC, credentials, SSL bundle)
     */
    public ClusterTopologySource(Supplier<CqlSessionBuilder> builders, TopologyProperties topology,
            ClusterProperties cluster, TopologyPublisher publisher) {
        this.builders = builders;
        this.topology = topology;
        this.cluster = cluster;
        this.publisher = publisher;
        this.executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "ringmap-topology");
            t.setDaemon(true);
            return t;
        });
        this.executor.setRemoveOnCancelPolicy(true);
        this.executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    @Override
    public String name() {
        String n = clusterName;
        return "cluster:" + (n == null ? "unknown" : n);
    }

    /** Every {@code ringmap.topology.refresh-interval}, beside the node and schema events. */
    @Override
    public Optional<Duration> refreshInterval() {
        return Optional.of(topology.refreshInterval());
    }

    /** Re-reads the cluster's schema and topology now and publishes them (waits up to a few seconds). */
    @Override
    public void refresh() {
        try {
            executor.submit(this::periodicRefresh).get(cluster.checkTimeout().toMillis() * 3 + 1000,
                    TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RejectedExecutionException e) {
            log.warn("topology refresh of {} did not complete: {}", name(), e.toString());
        }
    }

    /**
     * The open session, for collectors that query nodes off the request path (e.g. the sizes collector); empty while
     * connecting or after close. Callers must not close it.
     */
    public Optional<CqlSession> session() {
        return closed ? Optional.empty() : Optional.ofNullable(session);
    }

    /** The address the ring snapshot names a driver node by. */
    public static String addressOf(Node node) {
        return ClusterModelReader.address(node);
    }

    // ---- lifecycle

    @Override
    public synchronized void start() {
        if (running || closed) {
            return;
        }
        running = true;
        publisher.markStale("connecting to Cassandra");
        executor.execute(this::connect);
    }

    @Override
    public void stop() {
        close();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public void destroy() {
        close();
    }

    /** Stops the background thread and closes the session (also one still being opened). */
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        running = false;
        executor.shutdownNow();
        closeWhenOpen(connecting);
        closeWhenOpen(replacing);
        CqlSession s = session;
        if (s != null) {
            try {
                s.closeAsync().toCompletableFuture().get(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                log.warn("Cassandra session did not close cleanly: {}", e.toString());
                s.forceCloseAsync();
            }
        }
    }

    private static void closeWhenOpen(CompletionStage<CqlSession> pending) {
        if (pending != null) {
            pending.thenAccept(CqlSession::closeAsync);
        }
    }

    // ---- connecting

    private void connect() {
        if (closed) {
            return;
        }
        CompletionStage<CqlSession> attempt;
        try {
            attempt = open(List.of());
        } catch (RuntimeException e) {
            onConnectFailed(e);
            return;
        }
        connecting = attempt;
        attempt.whenComplete((s, error) -> {
            if (!onTopologyThread(() -> {
                if (error != null) {
                    onConnectFailed(error);
                } else {
                    onConnected(s);
                }
            }) && s != null) {
                s.closeAsync(); // closed while connecting
            }
        });
    }

    /** Opens a session with ringmap's listeners, on the configured contact points plus {@code extraContactPoints}. */
    private CompletionStage<CqlSession> open(List<EndPoint> extraContactPoints) {
        CqlSessionBuilder builder = builders.get()
                .addNodeStateListener(new NodeEvents())
                .addSchemaChangeListener(new SchemaEvents());
        if (!extraContactPoints.isEmpty()) {
            builder.addContactEndPoints(extraContactPoints);
        }
        return builder.buildAsync();
    }

    private void onConnectFailed(Throwable error) {
        connecting = null;
        failedAttempts++;
        Duration delay = backoff(failedAttempts, cluster.reconnectMaxDelay());
        String reason = "cannot connect to Cassandra: " + message(error);
        publisher.markStale(reason);
        if (failedAttempts == 1 || failedAttempts % 20 == 0) {
            log.warn("{} (attempt {}); retrying every {} at most", reason, failedAttempts,
                    cluster.reconnectMaxDelay());
        } else {
            log.debug("{} (attempt {}); next attempt in {}", reason, failedAttempts, delay);
        }
        schedule(this::connect, delay);
    }

    private void onConnected(CqlSession s) {
        connecting = null;
        if (closed) {
            s.closeAsync();
            return;
        }
        session = s;
        log.info("connected to Cassandra cluster {} after {} failed attempt(s); following its topology",
                s.getMetadata().getClusterName().orElse("?"), failedAttempts);
        failedAttempts = 0;
        rebuild();
        long every = topology.refreshInterval().toMillis();
        periodic = executor.scheduleWithFixedDelay(this::periodicRefresh, every, every, TimeUnit.MILLISECONDS);
    }

    /** Exponential backoff from half a second up to {@code max}. */
    static Duration backoff(int failedAttempts, Duration max) {
        int doublings = Math.min(Math.max(failedAttempts - 1, 0), 20);
        Duration d = FIRST_RETRY.multipliedBy(1L << doublings);
        return d.compareTo(max) > 0 ? max : d;
    }

    // ---- rebuilding

    /** Coalesces events: one rebuild runs {@code event-debounce} after the first event of a burst. */
    void requestRebuild() {
        if (rebuildPending.compareAndSet(false, true)) {
            if (!schedule(() -> {
                rebuildPending.set(false);
                rebuild();
            }, cluster.eventDebounce())) {
                rebuildPending.set(false);
            }
        }
    }

    /**
     * The safety net: re-reads the schema (the driver may have missed an event), then rebuilds; replaces the session
     * when the driver's schema refresh is stuck (see the class comment).
     */
    private void periodicRefresh() {
        CqlSession s = session;
        if (s == null || closed) {
            return;
        }
        CompletableFuture<?> refresh = schemaRefresh;
        boolean asked = refresh == null || refresh.isDone();
        if (asked) {
            refresh = s.refreshSchemaAsync().toCompletableFuture();
            schemaRefresh = refresh;
            schemaRefreshAskedAt = System.nanoTime();
        }
        try {
            // a refresh asked for now is waited for, so this rebuild has its schema; an older one is only checked
            refresh.get(asked ? cluster.checkTimeout().toMillis() * 2 : 0, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        } catch (ExecutionException | RuntimeException e) {
            // an unreachable cluster is detected (and reported) by the rebuild's own query; a failed refresh may
            // have left the driver stuck, so the next one (which shows it) is not left to the next periodic refresh
            log.debug("schema refresh failed: {}", e.toString());
            scheduleSchemaCheck(cluster.reconnectMaxDelay());
        } catch (TimeoutException e) {
            Duration pending = Duration.ofNanos(System.nanoTime() - schemaRefreshAskedAt);
            Duration limit = stuckAfter(s);
            if (pending.compareTo(limit) > 0) {
                replaceSession(s, pending);
            } else {
                scheduleSchemaCheck(limit.minus(pending).plusMillis(100));
            }
        }
        rebuild();
    }

    /** Runs the periodic refresh once more after {@code delay} (one such extra run at a time). */
    private void scheduleSchemaCheck(Duration delay) {
        if (schemaCheckScheduled.compareAndSet(false, true) && !schedule(() -> {
            schemaCheckScheduled.set(false);
            periodicRefresh();
        }, delay)) {
            schemaCheckScheduled.set(false);
        }
    }

    /**
     * How long a schema refresh of a working driver can take at most: the schema agreement wait (its last query may
     * start just before the deadline), then the schema queries; twice, for a refresh already running and the one
     * queued behind it; and a second to spare.
     */
    static Duration stuckAfter(CqlSession s) {
        return stuckAfter(s.getContext().getConfig().getDefaultProfile());
    }

    static Duration stuckAfter(DriverExecutionProfile profile) {
        Duration agreement = profile.getDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT)
                .plus(profile.getDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT));
        Duration queries = profile.getDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT);
        return agreement.plus(queries).multipliedBy(2).plusSeconds(1);
    }

    /**
     * Opens a new session and, once it is connected, swaps it in and closes the stuck one (which keeps serving the
     * meantime, and stays if the new one cannot connect: the next refresh tries again).
     */
    private void replaceSession(CqlSession stuck, Duration pending) {
        if (replacing != null || closed) {
            return;
        }
        if (failedReplacements % 20 == 0) {
            log.warn("the driver's schema refresh has not completed for {} s (a driver 4.x defect after its control "
                    + "connection was lost); opening a new session to {}", pending.toSeconds(), name());
        }
        // the configured contact points come from the driver configuration; adding them again would be warned about
        List<String> configured = stuck.getContext().getConfig().getDefaultProfile()
                .getStringList(DefaultDriverOption.CONTACT_POINTS, List.of());
        List<EndPoint> known = stuck.getMetadata().getNodes().values().stream().map(Node::getEndPoint)
                .filter(e -> !(e.resolve() instanceof InetSocketAddress a
                        && configured.contains(a.getHostString() + ":" + a.getPort())))
                .toList();
        CompletionStage<CqlSession> attempt;
        try {
            attempt = open(known);
        } catch (RuntimeException e) {
            log.warn("cannot open a new session to {}: {}", name(), message(e));
            return;
        }
        replacing = attempt;
        attempt.whenComplete((fresh, error) -> {
            if (!onTopologyThread(() -> {
                replacing = null;
                if (error != null) {
                    failedReplacements++;
                    scheduleSchemaCheck(cluster.reconnectMaxDelay()); // tries again
                    if (failedReplacements == 1 || failedReplacements % 20 == 0) {
                        log.warn("cannot open a new session to {} yet ({}, attempt {}); keeping the current one",
                                name(), message(error), failedReplacements);
                    }
                } else if (closed || session != stuck) {
                    fresh.closeAsync();
                } else if (!schemaLoaded(fresh.getMetadata().getKeyspaces().size(),
                        stuck.getMetadata().getKeyspaces().size())) {
                    // the new session's first schema load failed (its control node went down meanwhile): swapped
                    // in, it would publish a ring without keyspaces and every key would be answered 404 (seen in
                    // FaultsUnderLoadIT's rolling restart); the stuck session keeps serving, the next check retries
                    fresh.closeAsync();
                    failedReplacements++;
                    scheduleSchemaCheck(cluster.reconnectMaxDelay());
                    log.warn("the new session to {} has no schema yet (its schema load failed); keeping the current "
                            + "one and trying again", name());
                } else {
                    session = fresh;
                    schemaRefresh = null;
                    failedReplacements = 0;
                    sessionsReplaced++;
                    log.info("replaced the Cassandra session of {} ({} so far); its schema is current again", name(),
                            sessionsReplaced);
                    rebuild();
                    stuck.closeAsync();
                }
            }) && fresh != null) {
                fresh.closeAsync(); // closed while connecting
            }
        });
    }

    /**
     * Whether a replacement session's schema was loaded: Cassandra always has keyspaces (system ones at least, and
     * ringmap's driver settings refresh them), so a new session without any, beside a stuck one with some, had its
     * first schema load fail. A stuck session without keyspaces (a keyspace filter matching none) accepts any.
     */
    static boolean schemaLoaded(int freshKeyspaces, int stuckKeyspaces) {
        return freshKeyspaces > 0 || stuckKeyspaces == 0;
    }

    /** Reads the driver's metadata and publishes it, fresh when a node answered, stale otherwise. */
    private void rebuild() {
        CqlSession s = session;
        if (s == null || closed) {
            return;
        }
        try {
            Metadata metadata = s.getMetadata();
            String staleReason = null;
            if (metadata.getNodes().values().stream().noneMatch(n -> n.getState() == NodeState.UP)) {
                staleReason = "lost contact with Cassandra: the driver reports every node DOWN";
            } else {
                Optional<String> failure = ping(s, metadata);
                if (failure.isPresent()) {
                    staleReason = "lost contact with Cassandra: " + failure.get();
                }
            }
            String local = cluster.localNode() != null ? cluster.localNode() : answeringNode;
            Optional<TopologyModel> model = ClusterModelReader.read(metadata, topology::serves, local);
            if (model.isEmpty()) {
                log.debug("the driver has no token map yet; waiting for the next event or refresh");
                if (staleReason != null) {
                    publisher.markStale(staleReason);
                }
                return;
            }
            clusterName = model.get().clusterName();
            if (staleReason == null) {
                publisher.publish(model.get(), name());
            } else {
                publisher.publishStale(model.get(), name(), staleReason);
            }
        } catch (IllegalArgumentException e) {
            log.error("the topology of {} cannot form a ring; serving the last good snapshot: {}", name(),
                    e.getMessage());
        } catch (RuntimeException e) {
            log.error("reading the topology of {} failed; serving the last good snapshot", name(), e);
        }
    }

    /**
     * Asks a node for {@code system.local}; on success remembers which node answered (unless the one already
     * remembered is still UP, so LocalStrategy placements do not follow the load balancer around).
     *
     * @return why the cluster is unreachable, or empty when a node answered
     */
    private Optional<String> ping(CqlSession s, Metadata metadata) {
        try {
            ResultSet rs = s.execute(SimpleStatement.newInstance("SELECT release_version FROM system.local")
                    .setTimeout(cluster.checkTimeout()));
            Node coordinator = rs.getExecutionInfo().getCoordinator();
            String current = answeringNode;
            // by host id: nodes sharing an IP on different ports have distinct ids
            boolean currentUp = current != null && metadata.getNodes().values().stream()
                    .anyMatch(n -> n.getState() == NodeState.UP && ClusterModelReader.node(n).hostId().equals(current));
            if (!currentUp && coordinator != null) {
                answeringNode = ClusterModelReader.node(coordinator).hostId();
            }
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of(message(e));
        }
    }

    // ---- plumbing

    private boolean onTopologyThread(Runnable task) {
        try {
            executor.execute(task);
            return true;
        } catch (RejectedExecutionException e) {
            return false; // shutting down
        }
    }

    private boolean schedule(Runnable task, Duration delay) {
        try {
            executor.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (RejectedExecutionException e) {
            return false; // shutting down
        }
    }

    private static String message(Throwable e) {
        Throwable cause = e;
        while ((cause instanceof ExecutionException || cause instanceof java.util.concurrent.CompletionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof AllNodesFailedException all) {
            // its message lists driver exception class names: keep problem details free of them, but say per node
            // why it failed (authentication, TLS handshake, refused connection), which is what an operator needs
            return "no node answered: " + all.getAllErrors().entrySet().stream()
                    .map(n -> n.getKey().getEndPoint().toString().replaceFirst("^/", "") + ": "
                            + (n.getValue().isEmpty() ? "no reason given" : reason(n.getValue().get(0))))
                    .sorted().collect(java.util.stream.Collectors.joining("; "));
        }
        return reason(cause);
    }

    /** What went wrong, without exception class names; TLS and authentication failures are named as such. */
    static String reason(Throwable error) {
        Throwable deepest = error;
        boolean tls = false;
        boolean authentication = false;
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            tls |= t instanceof javax.net.ssl.SSLException;
            authentication |= t instanceof com.datastax.oss.driver.api.core.auth.AuthenticationException;
            deepest = t;
        }
        String m = (authentication ? error : deepest).getMessage();
        m = m == null || m.isBlank() ? "the driver gave no reason" : CLASS_NAME.matcher(m).replaceAll("");
        return authentication ? "authentication failed: " + m : tls ? "TLS handshake failed: " + m : m;
    }

    /** {@code some.package.SomeException: } prefixes inside messages. */
    private static final java.util.regex.Pattern CLASS_NAME =
            java.util.regex.Pattern.compile("\\b(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)\\b:?\\s*");

    /** Node added, removed, UP or DOWN: rebuild (states and ring shape). */
    private final class NodeEvents extends NodeStateListenerBase {

        @Override
        public void onAdd(Node node) {
            log.info("Cassandra node {} added", node.getEndPoint());
            requestRebuild();
        }

        @Override
        public void onUp(Node node) {
            log.info("Cassandra node {} is UP", node.getEndPoint());
            requestRebuild();
        }

        @Override
        public void onDown(Node node) {
            log.info("Cassandra node {} is DOWN", node.getEndPoint());
            requestRebuild();
        }

        @Override
        public void onRemove(Node node) {
            log.info("Cassandra node {} removed", node.getEndPoint());
            requestRebuild();
        }
    }

    /** Keyspaces (replication), tables and views (partition keys) and UDTs (key types) changed: rebuild. */
    private final class SchemaEvents extends SchemaChangeListenerBase {

        @Override
        public void onKeyspaceCreated(KeyspaceMetadata keyspace) {
            requestRebuild();
        }

        @Override
        public void onKeyspaceDropped(KeyspaceMetadata keyspace) {
            requestRebuild();
        }

        @Override
        public void onKeyspaceUpdated(KeyspaceMetadata current, KeyspaceMetadata previous) {
            requestRebuild();
        }

        @Override
        public void onTableCreated(TableMetadata table) {
            requestRebuild();
        }

        @Override
        public void onTableDropped(TableMetadata table) {
            requestRebuild();
        }

        @Override
        public void onTableUpdated(TableMetadata current, TableMetadata previous) {
            requestRebuild();
        }

        @Override
        public void onUserDefinedTypeCreated(UserDefinedType type) {
            requestRebuild();
        }

        @Override
        public void onUserDefinedTypeDropped(UserDefinedType type) {
            requestRebuild();
        }

        @Override
        public void onUserDefinedTypeUpdated(UserDefinedType current, UserDefinedType previous) {
            requestRebuild();
        }

        @Override
        public void onViewCreated(ViewMetadata view) {
            requestRebuild();
        }

        @Override
        public void onViewDropped(ViewMetadata view) {
            requestRebuild();
        }

        @Override
        public void onViewUpdated(ViewMetadata current, ViewMetadata previous) {
            requestRebuild();
        }
    }
}
