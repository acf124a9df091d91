package io.ringmap.hotkeys.metrics;

import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.TopKCounters;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.snapshot.TopologySnapshot;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Drives the hot-key core on one daemon thread: {@link HotKeyMetrics#refreshAndSync()} every refresh interval,
 * {@link HotKeyRegistry#rotateWindows()} every window, and, when a new ring snapshot is published, forgets tables
 * dropped from the schema and replica nodes that left the ring; the servers' sampled partitions follow each new
 * sizes round. Stopped with the application context.
 */
public final class HotKeyScheduler implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(HotKeyScheduler.class);

    private final HotKeyMetrics metrics;
    private final HotKeyRegistry hotKeys;
    private final ReplicaHits replicas;
    private final SnapshotHolder snapshots;
    private final SnapshotPlacements placements;
    private final Duration refreshInterval;
    private final Duration window;
    private final ServerHotKeyMetrics serverMetrics;
    private ScheduledExecutorService executor;
    private long lastVersion = -1; // touched by the scheduler thread only

    public HotKeyScheduler(
            HotKeyMetrics metrics,
            HotKeyRegistry hotKeys,
            ReplicaHits replicas,
            SnapshotHolder snapshots,
            SnapshotPlacements placements,
            Duration refreshInterval,
            Duration window) {
        this(metrics, hotKeys, replicas, snapshots, placements, refreshInterval, window, null);
    }

    /** @param serverMetrics the servers' sampled partitions, synced at every tick too; null for none */
    public HotKeyScheduler(
            HotKeyMetrics metrics,
            HotKeyRegistry hotKeys,
            ReplicaHits replicas,
            SnapshotHolder snapshots,
            SnapshotPlacements placements,
            Duration refreshInterval,
            Duration window,
            ServerHotKeyMetrics serverMetrics) {
        this.serverMetrics = serverMetrics;
        this.metrics = metrics;
        this.hotKeys = hotKeys;
        this.replicas = replicas;
        this.snapshots = snapshots;
        this.placements = placements;
        this.refreshInterval = refreshInterval;
        this.window = window;
    }

    @Override
    public synchronized void start() {
        if (executor != null) {
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ringmap-hotkeys");
            t.setDaemon(true);
            return t;
        });
        long refreshMs = Math.max(1, refreshInterval.toMillis());
        long windowMs = Math.max(1, window.toMillis());
        executor.scheduleWithFixedDelay(guarded("refresh", this::refresh), refreshMs, refreshMs, TimeUnit.MILLISECONDS);
        executor.scheduleAtFixedRate(
                guarded("window rotation", hotKeys::rotateWindows), windowMs, windowMs, TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void stop() {
        if (executor == null) {
            return;
        }
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        executor = null;
    }

    @Override
    public synchronized boolean isRunning() {
        return executor != null;
    }

    /** One tick: forget what the new snapshot no longer has, then recompute the top K and sync the meters. */
    void refresh() {
        TopologySnapshot snapshot = snapshots.latest();
        if (snapshot != null && snapshot.version() != lastVersion) {
            for (TopKCounters table : hotKeys.counters()) {
                if (!snapshot.schema()
                        .contains(table.table().keyspace(), table.table().table())) {
                    hotKeys.forget(table.table().keyspace(), table.table().table());
                }
            }
            replicas.retain(placements.liveAddresses());
            lastVersion = snapshot.version();
        }
        metrics.refreshAndSync();
        if (serverMetrics != null) {
            serverMetrics.sync(); // cheap unless a new sizes round was published
        }
    }

    private static Runnable guarded(String what, Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                // a failed tick must not cancel the schedule
                log.warn("hot-key {} failed; retrying at the next tick", what, e);
            }
        };
    }
}
