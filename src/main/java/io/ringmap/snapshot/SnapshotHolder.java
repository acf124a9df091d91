package io.ringmap.snapshot;

import io.ringmap.topology.TopologyModel;
import io.ringmap.topology.TopologyPublisher;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds the served topology snapshot and publishes new ones atomically. Readers never lock: they read one
 * reference. A model equal to the current one keeps the current snapshot (and its version).
 */
public class SnapshotHolder implements TopologyPublisher {

    private static final Logger log = LoggerFactory.getLogger(SnapshotHolder.class);

    private final AtomicReference<Served> current = new AtomicReference<>();
    private final AtomicLong versions = new AtomicLong();
    private final Clock clock;
    private volatile String unavailableReason = "the topology source has not reported yet";
    private final List<Consumer<TopologySnapshot>> listeners = new CopyOnWriteArrayList<>();
    private final LongAdder failedRefreshes = new LongAdder();

    public SnapshotHolder(Clock clock) {
        this.clock = clock;
    }

    /**
     * The snapshot to answer from, read now.
     *
     * @throws NoSnapshotException before the first publication
     */
    public ServedSnapshot current() {
        return peek().orElseThrow(() -> new NoSnapshotException(unavailableReason));
    }

    /** Why the source cannot reach its cluster (or has not reported yet); kept until the next failure. */
    public String unavailableReason() {
        return unavailableReason;
    }

    /** The snapshot read now, if one was ever published. */
    public Optional<ServedSnapshot> peek() {
        Served s = current.get();
        return s == null
                ? Optional.empty()
                : Optional.of(
                        new ServedSnapshot(s.snapshot(), s.stale(), s.staleReason(), s.lastContact(), clock.instant()));
    }

    /** The latest published topology, without its freshness (null before the first publication). */
    public TopologySnapshot latest() {
        Served s = current.get();
        return s == null ? null : s.snapshot();
    }

    /**
     * Builds a new snapshot only when the model differs from the current one; either way the snapshot is fresh
     * afterwards.
     */
    @Override
    public synchronized void publish(TopologyModel model, String source) {
        publish(model, source, null);
    }

    @Override
    public synchronized void publishStale(TopologyModel model, String source, String reason) {
        unavailableReason = reason;
        failedRefreshes.increment();
        publish(model, source, reason);
    }

    private void publish(TopologyModel model, String source, String staleReason) {
        Served previous = current.get();
        Instant now = clock.instant();
        boolean stale = staleReason != null;
        Instant contact = stale && previous != null ? previous.lastContact() : now;
        if (previous != null
                && previous.snapshot().model().equals(model)
                && previous.snapshot().source().equals(source)) {
            if (previous.stale() && !stale) {
                log.info(
                        "topology source {} is reachable again; snapshot v{} is current",
                        source,
                        previous.snapshot().version());
            }
            current.set(new Served(previous.snapshot(), stale, staleReason, contact));
            return;
        }
        TopologySnapshot next = SnapshotFactory.build(
                model, previous == null ? null : previous.snapshot(), source, versions.incrementAndGet(), now);
        current.set(new Served(next, stale, staleReason, contact));
        log.info(
                "published ring snapshot v{} from {}: {} nodes, {} tokens, {} keyspaces, {} tables",
                next.version(),
                source,
                next.tokenRing().nodes().size(),
                next.tokenRing().size(),
                next.ring().keyspaces().size(),
                next.schema().tables().size());
        listeners.forEach(l -> l.accept(next));
    }

    @Override
    public void connecting(String reason) {
        unavailableReason = reason;
    }

    @Override
    public void markStale(String reason) {
        unavailableReason = reason;
        failedRefreshes.increment(); // before the first snapshot too: a service that never connected is failing
        current.updateAndGet(s -> s == null || (s.stale() && reason.equals(s.staleReason()))
                ? s
                : new Served(s.snapshot(), true, reason, s.lastContact()));
    }

    /** Called once per published snapshot change (e.g. to drop metrics of vanished nodes). */
    public void onPublish(Consumer<TopologySnapshot> listener) {
        listeners.add(listener);
    }

    /**
     * Attempts to reach the cluster that failed, connection attempts before the first snapshot included (each
     * {@link #markStale} or {@link #publishStale} call).
     */
    public long failedRefreshes() {
        return failedRefreshes.sum();
    }

    /** What is held between publications; read into a {@link ServedSnapshot} at the reader's instant. */
    private record Served(TopologySnapshot snapshot, boolean stale, String staleReason, Instant lastContact) {}
}
