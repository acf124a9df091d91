package io.ringmap.sizes.cluster;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import io.ringmap.ring.TableName;
import io.ringmap.sizes.JmxTableStats;
import io.ringmap.sizes.NodeReport;
import io.ringmap.sizes.NodeTableStats;
import io.ringmap.sizes.RankedPartition;
import io.ringmap.sizes.SizesShare;
import io.ringmap.sizes.SizesSnapshot;
import io.ringmap.sizes.SizesSource;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.token.Partitioner;
import io.ringmap.topology.ClusterSession;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Predicate;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Collects what every node knows of its tables, off the request path: a round every
 * {@code ringmap.sizes.refresh-interval} asks each node of the live cluster over CQL (statements addressed to it) and,
 * when enabled, over JMX; nodes are read in parallel, each query bounded by {@code query-timeout}. A node that
 * does not answer is reported unreachable and its part is missing; the round still publishes. Answers read the last
 * published round. With peers, each round reads only this instance's share of the nodes ({@link SizesShare}) and
 * publishes it with the reports the other instances collected of the rest.
 */
public class SizesCollector implements SizesSource, SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(SizesCollector.class);
    private static final Set<String> SYSTEM_KEYSPACES = Set.of(
            "system",
            "system_schema",
            "system_auth",
            "system_distributed",
            "system_traces",
            "system_views",
            "system_virtual_schema",
            "system_cluster_metadata");

    private final ClusterSession cluster;
    private final SnapshotHolder snapshots;
    private final CollectorSettings settings;
    private final Clock clock;
    private final AtomicReference<SizesSnapshot> current = new AtomicReference<>();
    private final AtomicReference<SizesSnapshot> ownShare = new AtomicReference<>();
    private final SizesShare share;
    private final JmxNodeReader jmx;
    private volatile String reason = "no collection round has finished yet";
    private final List<Consumer<SizesSnapshot>> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    private ScheduledExecutorService scheduler;
    private ExecutorService workers;
    private volatile boolean running;

    /**
     * @param share how the nodes are shared with the other instances of the deployment ({@link SizesShare#ALONE}
     *              without peers)
     */
    public SizesCollector(
            ClusterSession cluster,
            SnapshotHolder snapshots,
            CollectorSettings settings,
            SizesShare share,
            Clock clock) {
        this.share = share;
        this.cluster = cluster;
        this.snapshots = snapshots;
        this.settings = settings;
        this.clock = clock;
        this.jmx = settings.jmx().enabled() ? new JmxNodeReader(settings.jmx()) : null;
    }

    @Override
    public Optional<SizesSnapshot> current() {
        return Optional.ofNullable(current.get());
    }

    @Override
    public String unavailableReason() {
        return reason;
    }

    @Override
    public boolean retryable() {
        return true;
    }

    /** Adds a listener called with every published round (e.g. to update metrics), on the collecting thread. */
    public void onPublish(Consumer<SizesSnapshot> listener) {
        listeners.add(listener);
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        scheduler = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "ringmap-sizes"));
        workers = Executors.newFixedThreadPool(4, r -> daemon(r, "ringmap-sizes-node"));
        scheduler.scheduleWithFixedDelay(
                this::safeRound,
                settings.initialDelay().toMillis(),
                settings.refreshInterval().toMillis(),
                TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void stop() {
        running = false;
        if (scheduler != null) {
            scheduler.shutdownNow();
            workers.shutdownNow();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** The round runs after the topology source has started (its session is what the round uses). */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE + 1;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private void safeRound() {
        try {
            collect();
        } catch (RuntimeException e) {
            log.warn("sizes collection round failed: {}", e.toString());
        }
    }

    /**
     * This instance's own share of its last round: the reports of the nodes it collected itself, what its peers fetch
     * ({@code GET /actuator/peer/sizes}); empty before its first round.
     */
    public Optional<SizesSnapshot> ownShare() {
        return Optional.ofNullable(ownShare.get());
    }

    /**
     * Runs one round now (on the caller's thread) and publishes it; empty when no session or ring exists yet. The
     * share decides which nodes this instance reads; the published round holds those reports and the other
     * instances' reports of the rest.
     */
    public Optional<SizesSnapshot> collect() {
        Optional<CqlSession> session = cluster.session();
        Optional<ServedSnapshot> ring = snapshots.peek();
        if (session.isEmpty() || ring.isEmpty()) {
            reason = "not connected to the cluster yet";
            return Optional.empty();
        }
        Instant started = clock.instant();
        Partitioner partitioner = ring.get().tokenRing().partitioner();
        Predicate<TableName> wanted =
                t -> settings.includeSystemKeyspaces() || !SYSTEM_KEYSPACES.contains(t.keyspace());
        CqlNodeReader reader = new CqlNodeReader(
                session.get(),
                settings.queryTimeout(),
                partitioner,
                wanted,
                settings.maxTables(),
                settings.maxRangesPerNode());
        List<Node> nodes =
                new ArrayList<>(session.get().getMetadata().getNodes().values());
        nodes.sort(Comparator.comparing(ClusterSession::addressOf));
        List<String> addresses = nodes.stream().map(ClusterSession::addressOf).toList();
        SizesShare.Split split = share.split(addresses, partitioner);
        List<Node> mine = nodes.stream()
                .filter(n -> split.mine().contains(ClusterSession.addressOf(n)))
                .toList();
        List<Future<NodeReport>> futures = new ArrayList<>();
        for (Node node : mine) {
            futures.add(workers.submit(() -> readNode(reader, node)));
        }
        List<NodeReport> reports = new ArrayList<>();
        for (int i = 0; i < mine.size(); i++) {
            String address = ClusterSession.addressOf(mine.get(i));
            try {
                reports.add(futures.get(i).get(budget().toMillis(), TimeUnit.MILLISECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            } catch (Exception e) {
                futures.get(i).cancel(true);
                reports.add(NodeReport.unreachable(address, "no answer within " + budget() + ": " + e, 0));
            }
        }
        Instant finished = clock.instant();
        SizesSnapshot before = ownShare.getAndSet(new SizesSnapshot(started, finished, reports));
        SizesSnapshot snapshot = new SizesSnapshot(
                started,
                finished,
                split.assemble(
                        addresses,
                        reports,
                        before == null ? List.of() : before.nodes(),
                        started.minus(settings.refreshInterval().multipliedBy(2))
                                .minus(budget())),
                split.collectors());
        current.set(snapshot);
        long unreachable = reports.stream()
                .filter(r -> r.status() == NodeReport.Status.UNREACHABLE)
                .count();
        log.debug(
                "sizes round: {} of {} nodes collected here, {} unreachable, {} ms",
                reports.size(),
                addresses.size(),
                unreachable,
                Duration.between(started, finished).toMillis());
        listeners.forEach(listener -> listener.accept(snapshot));
        return Optional.of(snapshot);
    }

    /** The most one node may take: its CQL queries, JMX reads and one sampling period, each bounded. */
    private Duration budget() {
        Duration b = settings.queryTimeout().multipliedBy(12);
        if (jmx != null) {
            b = b.plus(settings.queryTimeout().multipliedBy(4));
            if (settings.jmx().sampling().enabled()) {
                b = b.plus(settings.jmx().sampling().duration());
            }
        }
        return b;
    }

    private NodeReport readNode(CqlNodeReader reader, Node node) {
        String address = ClusterSession.addressOf(node);
        CqlNodeReader.Answer answer = reader.read(node);
        List<String> problems = new ArrayList<>(answer.problems());
        Map<TableName, NodeTableStats> tables = new HashMap<>(answer.tables());
        boolean jmxOk = true;
        if (jmx != null) {
            jmxOk = readJmx(address, tables, problems);
        }
        // one JMX connection reads every table of the node
        int queries = answer.queriesSent() + (jmx == null ? 0 : 1);
        if (answer.queriesAnswered() == 0 && (jmx == null || !jmxOk)) {
            return new NodeReport(address, NodeReport.Status.UNREACHABLE, null, problems, Map.of(), null, queries);
        }
        return new NodeReport(
                address,
                problems.isEmpty() ? NodeReport.Status.COLLECTED : NodeReport.Status.PARTIAL,
                clock.instant(),
                problems,
                tables,
                null,
                queries);
    }

    /** Adds JMX figures (and samples) to the node's tables; false when JMX could not be reached. */
    private boolean readJmx(String address, Map<TableName, NodeTableStats> tables, List<String> problems) {
        try (JMXConnector connector = jmx.connect(address)) {
            MBeanServerConnection connection = connector.getMBeanServerConnection();
            CollectorSettings.Sampling sampling = settings.jmx().sampling();
            List<TableName> sampled = new ArrayList<>();
            if (sampling.enabled()) {
                for (TableName t : tables.keySet()) {
                    try {
                        jmx.beginSampling(connection, t, sampling.capacity(), sampling.duration());
                        sampled.add(t);
                    } catch (Exception e) {
                        problems.add("jmx sampling of " + t + ": " + message(e));
                    }
                }
            }
            for (Map.Entry<TableName, NodeTableStats> e : tables.entrySet()) {
                try {
                    e.setValue(e.getValue().withJmx(jmx.read(connection, e.getKey(), settings.topPartitions())));
                } catch (Exception ex) {
                    problems.add("jmx " + e.getKey() + ": " + message(ex));
                }
            }
            if (!sampled.isEmpty()) {
                Thread.sleep(sampling.duration().toMillis());
                for (TableName t : sampled) {
                    try {
                        List<List<RankedPartition>> result = jmx.finishSampling(connection, t, sampling.top());
                        NodeTableStats s = tables.get(t);
                        JmxTableStats base = s.jmx();
                        if (base != null) {
                            tables.put(t, s.withJmx(base.withSamples(result.get(0), result.get(1))));
                        }
                    } catch (Exception e) {
                        problems.add("jmx sampling of " + t + ": " + message(e));
                    }
                }
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problems.add("jmx: interrupted");
            return false;
        } catch (Exception e) {
            problems.add("jmx: " + message(e));
            return false;
        }
    }

    private static String message(Exception e) {
        Throwable c = e;
        while (c.getCause() != null
                && (c.getMessage() == null || c instanceof java.lang.reflect.UndeclaredThrowableException)) {
            c = c.getCause();
        }
        return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
    }
}
