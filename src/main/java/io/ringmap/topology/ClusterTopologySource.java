package io.ringmap.topology;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import io.ringmap.config.ClusterProperties;
import io.ringmap.config.TopologyProperties;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;

/**
 * Follows a live Cassandra cluster through the driver's metadata and publishes its ring into the
 * {@link TopologyPublisher}.
 *
 * <p>One {@link TopologyThread} does everything: {@link ClusterSessions} connects in the background (retrying with
 * backoff, so the service starts and answers 503 while no cluster is reachable); then {@link ClusterRebuild} rebuilds
 * the model on node and schema events ({@link ClusterEvents}, coalesced for
 * {@code ringmap.topology.cluster.event-debounce}) and every {@code ringmap.topology.refresh-interval}, publishing it
 * stale while no node answers; beside them one cheap query every {@code ringmap.pending.probe-interval}
 * ({@link MotionReader#fingerprint}) rebuilds at once when a node starts or ends a move. The periodic refresh also re-reads the schema and has {@link StuckSchemaRefresh} watch
 * the driver's schema refresh, replacing the session when a driver defect leaves it stuck.
 */
public class ClusterTopologySource implements TopologySource, ClusterSession, SmartLifecycle, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(ClusterTopologySource.class);

    private final TopologyProperties topology;
    private final ClusterProperties cluster;
    private final TopologyPublisher publisher;
    private final TopologyThread thread = new TopologyThread();
    private final ClusterRebuild rebuild;
    private final ClusterSessions sessions;
    private final StuckSchemaRefresh schemaRefresh = new StuckSchemaRefresh();
    private final TopologyThread.Coalesced eventRebuild;
    private final TopologyThread.Coalesced schemaCheck;
    private final Duration whileMoving;
    private final MotionReader motion;
    private final Duration probeInterval;
    private final NodeQueries queries = new NodeQueries();
    /** The last {@link MotionReader#fingerprint} (null: none or a failed one), topology thread only. */
    private String fingerprint;

    private boolean probed;

    private volatile boolean running;
    private volatile boolean closed;

    /**
     * @param builders a fresh, fully configured session builder per connection attempt (Spring Boot's prototype
     *     {@code CqlSessionBuilder} bean: contact points, local DC, credentials, SSL bundle)
     */
    public ClusterTopologySource(
            Supplier<CqlSessionBuilder> builders,
            TopologyProperties topology,
            ClusterProperties cluster,
            TopologyPublisher publisher) {
        this(
                builders,
                topology,
                cluster,
                publisher,
                MotionReader.NONE,
                topology.refreshInterval(),
                topology.refreshInterval());
    }

    /**
     * @param motion reads the ring's movement at every rebuild
     * @param whileMoving how soon to rebuild again while a node joins, leaves, moves or replaces another
     * @param probeInterval how often {@link MotionReader#fingerprint} looks for a node starting or ending a move
     */
    public ClusterTopologySource(
            Supplier<CqlSessionBuilder> builders,
            TopologyProperties topology,
            ClusterProperties cluster,
            TopologyPublisher publisher,
            MotionReader motion,
            Duration whileMoving,
            Duration probeInterval) {
        this.topology = topology;
        this.motion = motion;
        this.probeInterval = probeInterval;
        this.cluster = cluster;
        this.publisher = publisher;
        this.whileMoving = whileMoving;
        this.rebuild = new ClusterRebuild(topology, cluster, publisher, motion, queries);
        this.eventRebuild = thread.coalesced(this::rebuild);
        this.schemaCheck = thread.coalesced(this::periodicRefresh);
        this.sessions = new ClusterSessions(
                builders, cluster, publisher, thread, () -> eventRebuild.request(cluster.eventDebounce()), this::name);
    }

    @Override
    public String name() {
        return rebuild.name();
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
            thread.runAndWait(
                    this::periodicRefresh,
                    cluster.checkTimeout().multipliedBy(3).plusSeconds(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RejectedExecutionException e) {
            log.warn("topology refresh of {} did not complete: {}", name(), e.toString());
        }
    }

    @Override
    public Optional<CqlSession> session() {
        return Optional.ofNullable(sessions.current());
    }

    // ---- lifecycle

    @Override
    public synchronized void start() {
        if (running || closed) {
            return;
        }
        running = true;
        publisher.connecting("connecting to Cassandra");
        thread.execute(() -> sessions.connect(this::onConnected));
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
        thread.shutdown();
        sessions.close();
    }

    private void onConnected(CqlSession s) {
        rebuild();
        thread.every(topology.refreshInterval(), this::periodicRefresh);
        if (probeInterval.compareTo(topology.refreshInterval()) < 0) {
            thread.every(probeInterval, this::probe);
        }
    }

    /** Rebuilds at once when the cheap reading of movement changed since the last probe. */
    private void probe() {
        CqlSession s = sessions.current();
        if (s == null || closed) {
            return;
        }
        String now = motion.fingerprint(s, queries);
        String before = fingerprint;
        fingerprint = now;
        // a reading after a failed one counts as a change too: what changed meanwhile is not known
        if (probed && now != null && !now.equals(before)) {
            eventRebuild.request(Duration.ZERO);
        }
        probed = true;
    }

    // ---- refreshing

    private void rebuild() {
        CqlSession s = sessions.current();
        if (s != null && !closed) {
            rebuild.rebuild(s);
            if (rebuild.inMotion()) {
                eventRebuild.request(whileMoving); // ranges in motion: follow them within seconds
            }
        }
    }

    /**
     * The safety net: re-reads the schema (the driver may have missed an event), then rebuilds; replaces the session
     * when the driver's schema refresh is stuck ({@link StuckSchemaRefresh}).
     */
    private void periodicRefresh() {
        CqlSession s = sessions.current();
        if (s == null || closed) {
            return;
        }
        StuckSchemaRefresh.Outcome outcome;
        try {
            outcome = schemaRefresh.check(s, cluster.checkTimeout().multipliedBy(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (outcome instanceof StuckSchemaRefresh.Failed failed) {
            // an unreachable cluster is detected (and reported) by the rebuild's own query; a failed refresh may
            // have left the driver stuck, so the next one (which shows it) is not left to the next periodic one
            log.debug("schema refresh failed: {}", failed.reason());
            schemaCheck.request(cluster.reconnectMaxDelay());
        } else if (outcome instanceof StuckSchemaRefresh.Running running) {
            schemaCheck.request(running.checkAgainIn());
        } else if (outcome instanceof StuckSchemaRefresh.Stuck stuck) {
            sessions.replace(
                    s,
                    stuck.pending(),
                    () -> {
                        schemaRefresh.forget();
                        rebuild();
                    },
                    () -> schemaCheck.request(cluster.reconnectMaxDelay()));
        }
        rebuild();
    }
}
