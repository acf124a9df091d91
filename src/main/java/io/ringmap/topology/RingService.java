package io.ringmap.topology;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds the current topology snapshot and publishes new ones atomically. Readers never lock: they read one
 * volatile reference. A model equal to the current one keeps the current snapshot (and its version).
 */
public class RingService {

    private static final Logger log = LoggerFactory.getLogger(RingService.class);

    private final AtomicReference<Freshness> current = new AtomicReference<>();
    private final AtomicLong versions = new AtomicLong();
    private final Clock clock;
    private volatile String unavailableReason = "the topology source has not reported yet";
    private volatile Consumer<TopologySnapshot> listener = s -> { };

    public RingService(Clock clock) {
        this.clock = clock;
    }

    /** The snapshot to answer from, with its freshness. */
    public Freshness current() {
        Freshness f = current.get();
        if (f == null) {
            throw new NoSnapshotException(unavailableReason);
        }
        return f;
    }

    /** Why the source cannot reach its cluster (or has not reported yet); kept until the next failure. */
    public String unavailableReason() {
        return unavailableReason;
    }

    /** The snapshot, if one was ever published. */
    public java.util.Optional<Freshness> peek() {
        return java.util.Optional.ofNullable(current.get());
    }

    /**
     * Publishes the topology a source has just read. Builds a new snapshot only when the model differs from the
     * current one; either way the snapshot is fresh afterwards.
     *
     * @return the snapshot now served
     * @throws IllegalArgumentException when the model cannot form a ring; the current snapshot stays
     */
    public synchronized TopologySnapshot publish(TopologyModel model, String source) {
        return publish(model, source, null);
    }

    /**
     * Publishes the topology a source still reads from its client's metadata while it cannot reach the cluster
     * (e.g. every node reported DOWN): node states change, but the snapshot is stale in the same atomic step.
     */
    public synchronized TopologySnapshot publishStale(TopologyModel model, String source, String reason) {
        unavailableReason = reason;
        return publish(model, source, reason);
    }

    private TopologySnapshot publish(TopologyModel model, String source, String staleReason) {
        Freshness previous = current.get();
        Instant now = clock.instant();
        boolean stale = staleReason != null;
        Instant contact = stale && previous != null ? previous.lastContact() : now;
        if (previous != null && previous.snapshot().model().equals(model)
                && previous.snapshot().source().equals(source)) {
            if (previous.stale() && !stale) {
                log.info("topology source {} is reachable again; snapshot v{} is current", source,
                        previous.snapshot().version());
            }
            current.set(new Freshness(previous.snapshot(), stale, staleReason, contact));
            return previous.snapshot();
        }
        TopologySnapshot next = SnapshotFactory.build(model, previous == null ? null : previous.snapshot(), source,
                versions.incrementAndGet());
        current.set(new Freshness(next, stale, staleReason, contact));
        log.info("published ring snapshot v{} from {}: {} nodes, {} tokens, {} keyspaces, {} tables", next.version(),
                source, next.ring().ring().nodes().size(), next.ring().ring().size(), next.ring().keyspaces().size(),
                next.schema().tables().size());
        listener.accept(next);
        return next;
    }

    /** Marks the served snapshot stale: the source cannot reach the cluster. Answers continue from it. */
    public void markStale(String reason) {
        unavailableReason = reason;
        current.updateAndGet(f -> f == null || (f.stale() && reason.equals(f.staleReason())) ? f
                : new Freshness(f.snapshot(), true, reason, f.lastContact()));
    }

    /** Called once per published snapshot change (e.g. to drop metrics of vanished nodes). */
    public void onPublish(Consumer<TopologySnapshot> listener) {
        this.listener = listener;
    }
}
