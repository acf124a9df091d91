package io.ringmap.snapshot;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code cluster} tag every meter carries: the Cassandra cluster this instance serves, so one Prometheus can
 * hold several ringmaps, one per cluster, and tell them apart.
 *
 * <p>A tag is part of a meter's identity and a gauge is registered once, so the value is fixed before the first
 * meter registers and never changes while the process runs: {@code ringmap.metrics.cluster} when set, else the static
 * file's {@code cluster} name (read before any meter registers), else {@value #UNKNOWN} for a live cluster, whose name
 * the driver reports only once connected (start-up does not wait for Cassandra). When the served snapshot names
 * another cluster (a live cluster's real name, an edited file) the meters keep the tag and a warning says what to
 * set, once per name (not for a configured value, which may name the cluster differently on purpose).
 */
public final class ClusterTag implements MeterFilter {

    public static final String KEY = "cluster";
    /** The value while a live cluster's name cannot be known yet and none is configured. */
    public static final String UNKNOWN = "unknown";

    private static final Logger log = LoggerFactory.getLogger(ClusterTag.class);

    private final String value;
    private final Tag tag;
    private final boolean configured;
    private final AtomicReference<String> lastWarned = new AtomicReference<>();

    /**
     * @param value the tag's value
     * @param configured whether it comes from {@code ringmap.metrics.cluster} (then another served name is no
     *     mistake to warn about)
     */
    public ClusterTag(String value, boolean configured) {
        this.value = Objects.requireNonNull(value, "cluster tag value");
        this.tag = Tag.of(KEY, value);
        this.configured = configured;
    }

    /** The value every meter carries. */
    public String value() {
        return value;
    }

    @Override
    public Meter.Id map(Meter.Id id) {
        return id.getTag(KEY) != null ? id : id.withTag(tag);
    }

    /** Compares the served snapshot's cluster name with the tag (a {@link SnapshotHolder#onPublish} listener). */
    public void served(TopologySnapshot snapshot) {
        String name = snapshot.model().clusterName();
        if (configured || name == null || name.equals(value) || name.equals(lastWarned.getAndSet(name))) {
            return;
        }
        log.warn("the served topology names cluster \"{}\" but every meter carries cluster=\"{}\" (fixed at start-up);"
                + " set ringmap.metrics.cluster={} (or restart) to tag the meters with it", name, value, name);
    }
}
