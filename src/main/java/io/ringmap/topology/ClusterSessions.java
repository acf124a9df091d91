package io.ringmap.topology;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.metadata.EndPoint;
import com.datastax.oss.driver.api.core.metadata.Node;
import io.ringmap.config.ClusterProperties;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live source's driver session: connecting in the background (retrying with backoff, each failed attempt reported
 * to the publisher, logged when its reason changes) and replacing it with a new one while the old one keeps serving.
 * State changes run on the {@link TopologyThread}; {@link #current()} may be read from anywhere.
 */
final class ClusterSessions {

    private static final Logger log = LoggerFactory.getLogger(ClusterTopologySource.class);

    private static final Duration FIRST_RETRY = Duration.ofMillis(500);

    private final Supplier<CqlSessionBuilder> builders;
    private final ClusterProperties cluster;
    private final TopologyPublisher publisher;
    private final TopologyThread thread;
    private final Runnable onEvent;
    private final Supplier<String> name;

    private volatile boolean closed;
    private volatile CqlSession session;
    private volatile CompletionStage<CqlSession> connecting;
    /** A replacement session being opened (set and cleared on the topology thread). */
    private volatile CompletionStage<CqlSession> replacing;

    private int failedAttempts;
    /** The reason of the last failed connection attempt logged (topology thread only). */
    private String reportedFailure;

    private int sessionsReplaced;
    private int failedReplacements;

    /**
     * @param onEvent what a node or schema event of a session asks for
     * @param name the source's name, for logs
     */
    ClusterSessions(
            Supplier<CqlSessionBuilder> builders,
            ClusterProperties cluster,
            TopologyPublisher publisher,
            TopologyThread thread,
            Runnable onEvent,
            Supplier<String> name) {
        this.builders = builders;
        this.cluster = cluster;
        this.publisher = publisher;
        this.thread = thread;
        this.onEvent = onEvent;
        this.name = name;
    }

    /** The open session; null while connecting or after close. */
    CqlSession current() {
        return closed ? null : session;
    }

    // ---- connecting

    /** Connects (on the topology thread), retrying until it succeeds; then {@code connected} runs there. */
    void connect(Consumer<CqlSession> connected) {
        if (closed) {
            return;
        }
        CompletionStage<CqlSession> attempt;
        try {
            attempt = open(List.of());
        } catch (RuntimeException e) {
            onConnectFailed(e, connected);
            return;
        }
        connecting = attempt;
        attempt.whenComplete((s, error) -> {
            if (!thread.execute(() -> {
                        if (error != null) {
                            onConnectFailed(error, connected);
                        } else {
                            onConnected(s, connected);
                        }
                    })
                    && s != null) {
                s.closeAsync(); // closed while connecting
            }
        });
    }

    /** Opens a session with ringmap's listeners, on the configured contact points plus {@code extraContactPoints}. */
    private CompletionStage<CqlSession> open(List<EndPoint> extraContactPoints) {
        CqlSessionBuilder builder = builders.get()
                .addNodeStateListener(new ClusterEvents.Nodes(onEvent))
                .addSchemaChangeListener(new ClusterEvents.Schema(onEvent));
        if (!extraContactPoints.isEmpty()) {
            builder.addContactEndPoints(extraContactPoints);
        }
        return builder.buildAsync();
    }

    private void onConnectFailed(Throwable error, Consumer<CqlSession> connected) {
        connecting = null;
        failedAttempts++;
        Duration delay = backoff(failedAttempts, cluster.reconnectMaxDelay());
        String reason = "cannot connect to Cassandra: " + ConnectionErrors.message(error);
        publisher.markStale(reason);
        // once per state: every attempt is counted (ringmap_topology_refresh_failures_total), not logged
        if (!reason.equals(reportedFailure)) {
            reportedFailure = reason;
            log.warn(
                    "{} (attempt {}); retrying every {} at most, logged again when the reason changes",
                    reason,
                    failedAttempts,
                    cluster.reconnectMaxDelay());
        } else {
            log.debug("{} (attempt {}); next attempt in {}", reason, failedAttempts, delay);
        }
        thread.schedule(() -> connect(connected), delay);
    }

    private void onConnected(CqlSession s, Consumer<CqlSession> connected) {
        connecting = null;
        if (closed) {
            s.closeAsync();
            return;
        }
        session = s;
        log.info(
                "connected to Cassandra cluster {} after {} failed attempt(s); following its topology",
                s.getMetadata().getClusterName().orElse("?"),
                failedAttempts);
        failedAttempts = 0;
        reportedFailure = null;
        connected.accept(s);
    }

    /** Exponential backoff from half a second up to {@code max}. */
    static Duration backoff(int failedAttempts, Duration max) {
        int doublings = Math.min(Math.max(failedAttempts - 1, 0), 20);
        Duration d = FIRST_RETRY.multipliedBy(1L << doublings);
        return d.compareTo(max) > 0 ? max : d;
    }

    // ---- replacing

    /**
     * Opens a new session (with every node the stuck one knew as a contact point, so it also works once the
     * configured contact points are gone) and, once it is connected, swaps it in, runs {@code replaced} and closes the
     * stuck one (which keeps serving meanwhile, and stays if the new one cannot connect: then {@code retry} runs).
     */
    void replace(CqlSession stuck, Duration pending, Runnable replaced, Runnable retry) {
        if (replacing != null || closed) {
            return;
        }
        if (failedReplacements % 20 == 0) {
            log.warn(
                    "the driver's schema refresh has not completed for {} s (a driver 4.x defect after its control "
                            + "connection was lost); opening a new session to {}",
                    pending.toSeconds(),
                    name.get());
        }
        // the configured contact points come from the driver configuration; adding them again would be warned about
        List<String> configured = stuck.getContext()
                .getConfig()
                .getDefaultProfile()
                .getStringList(DefaultDriverOption.CONTACT_POINTS, List.of());
        List<EndPoint> known = stuck.getMetadata().getNodes().values().stream()
                .map(Node::getEndPoint)
                .filter(e -> !(e.resolve() instanceof InetSocketAddress a
                        && configured.contains(a.getHostString() + ":" + a.getPort())))
                .toList();
        CompletionStage<CqlSession> attempt;
        try {
            attempt = open(known);
        } catch (RuntimeException e) {
            log.warn("cannot open a new session to {}: {}", name.get(), ConnectionErrors.message(e));
            return;
        }
        replacing = attempt;
        attempt.whenComplete((fresh, error) -> {
            if (!thread.execute(() -> onReplacement(stuck, fresh, error, replaced, retry)) && fresh != null) {
                fresh.closeAsync(); // closed while connecting
            }
        });
    }

    private void onReplacement(CqlSession stuck, CqlSession fresh, Throwable error, Runnable replaced, Runnable retry) {
        replacing = null;
        if (error != null) {
            failedReplacements++;
            retry.run();
            if (failedReplacements == 1 || failedReplacements % 20 == 0) {
                log.warn(
                        "cannot open a new session to {} yet ({}, attempt {}); keeping the current one",
                        name.get(),
                        ConnectionErrors.message(error),
                        failedReplacements);
            }
        } else if (closed || session != stuck) {
            fresh.closeAsync();
        } else if (!StuckSchemaRefresh.schemaLoaded(
                fresh.getMetadata().getKeyspaces().size(),
                stuck.getMetadata().getKeyspaces().size())) {
            // the new session's first schema load failed (its control node went down meanwhile): swapped
            // in, it would publish a ring without keyspaces and every key would be answered 404 (seen in
            // FaultsUnderLoadIT's rolling restart); the stuck session keeps serving, the next check retries
            fresh.closeAsync();
            failedReplacements++;
            retry.run();
            log.warn(
                    "the new session to {} has no schema yet (its schema load failed); keeping the current "
                            + "one and trying again",
                    name.get());
        } else {
            session = fresh;
            failedReplacements = 0;
            sessionsReplaced++;
            log.info(
                    "replaced the Cassandra session of {} ({} so far); its schema is current again",
                    name.get(),
                    sessionsReplaced);
            replaced.run();
            stuck.closeAsync();
        }
    }

    // ---- closing

    /** Closes the session (also one still being opened); nothing connects afterwards. */
    void close() {
        closed = true;
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
}
