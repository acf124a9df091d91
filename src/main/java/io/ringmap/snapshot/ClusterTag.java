package io.ringmap.snapshot;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code cluster} tag every meter carries: the Cassandra cluster this instance serves, so one Prometheus can
 * hold several ringmaps, one per cluster, and tell them apart.
 *
 * <p>A tag is part of a meter's identity and a gauge is registered once, so the value is fixed when the first meter
 * registers and never changes while the process runs: {@code ringmap.metrics.cluster} when set, else the static
 * file's {@code cluster} name (the first meter's registration waits for the file's parse), else {@value #UNKNOWN} for
 * a live cluster, whose name the driver reports only once connected (start-up does not wait for Cassandra). When the
 * served snapshot names another cluster (a live cluster's real name, an edited file) the meters keep the tag and a
 * warning says what to set, once per name (not for a configured value, which may name the cluster differently on
 * purpose).
 */
public final class ClusterTag implements MeterFilter {

    public static final String KEY = "cluster";
    /** The value while a live cluster's name cannot be known yet and none is configured. */
    public static final String UNKNOWN = "unknown";

    private static final Logger log = LoggerFactory.getLogger(ClusterTag.class);

    private final Supplier<String> resolve;
    private final boolean configured;
    private final AtomicReference<String> lastWarned = new AtomicReference<>();
    /** The resolved tag (guarded by this until set). */
    private volatile Tag tag;

    /**
     * @param value the tag's value
     * @param configured whether it comes from {@code ringmap.metrics.cluster} (then another served name is no
     *     mistake to warn about)
     */
    public ClusterTag(String value, boolean configured) {
        this(() -> value, configured);
    }

    /**
     * @param resolve gives the tag's value, once, when the first meter registers (so that a static file's parse runs
     *     beside the context's start-up as long as possible)
     * @param configured whether it comes from {@code ringmap.metrics.cluster}
     */
    public ClusterTag(Supplier<String> resolve, boolean configured) {
        this.resolve = resolve;
        this.configured = configured;
    }

    /** The value every meter carries, resolved on first use and fixed from then on. */
    public String value() {
        return tag().getValue();
    }

    @Override
    public Meter.Id map(Meter.Id id) {
        return id.getTag(KEY) != null ? id : id.withTag(tag());
    }

    private Tag tag() {
        Tag t = tag;
        if (t == null) {
            synchronized (this) {
                t = tag;
                if (t == null) {
                    t = Tag.of(KEY, Objects.requireNonNull(resolve.get(), "cluster tag value"));
                    tag = t;
                }
            }
        }
        return t;
    }

    /** Compares the served snapshot's cluster name with the tag (a {@link SnapshotHolder#onPublish} listener). */
    public void served(TopologySnapshot snapshot) {
        String name = snapshot.model().clusterName();
        String value = value();
        if (configured || name == null || name.equals(value) || name.equals(lastWarned.getAndSet(name))) {
            return;
        }
        log.warn(
                "the served topology names cluster \"{}\" but every meter carries cluster=\"{}\" (fixed at start-up);"
                        + " set ringmap.metrics.cluster={} and restart to tag the meters with it",
                name,
                value,
                name);
    }
}
