package io.ringmap.topology.motion;

import com.datastax.oss.driver.api.core.CqlSession;
import io.ringmap.pending.MotionReport;
import io.ringmap.topology.JmxSettings;
import io.ringmap.topology.MotionReader;
import io.ringmap.topology.NodeQueries;
import io.ringmap.topology.TopologyModel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the ring's movement as the connected cluster's line allows: on Cassandra 6.0 from its cluster metadata
 * ({@link ClusterMetadataReader}: the ring, each operation's step and the epoch, exact without JMX); before it over
 * JMX (Cassandra's own pending ranges), else from CQL's {@code system_views.gossip_info} (4.1 and later; pending
 * ranges calculated as Cassandra does), else nothing, saying why in the report (4.0 has no {@code gossip_info}).
 * Which tables the cluster has is read from the driver's schema of the virtual keyspaces. Topology thread only.
 */
public final class ClusterMotionReader implements MotionReader {

    private static final Logger log = LoggerFactory.getLogger(ClusterMotionReader.class);

    /** Which sources to read. */
    public enum Use {
        /** JMX, and gossip when JMX cannot be read. */
        JMX_THEN_GOSSIP,
        GOSSIP,
        NONE
    }

    private final Use use;
    private final JmxMotionReader jmx;
    private final Duration timeout;
    /** The nodes the last rebuild read, UP ones first: whom {@link #fingerprint} asks over JMX. */
    private volatile List<String> jmxAddresses = List.of();
    /** The last failure logged, so a lasting one is logged once, not at every rebuild. */
    private final AtomicReference<String> logged = new AtomicReference<>();

    public ClusterMotionReader(Use use, JmxSettings jmxSettings, Duration timeout) {
        this.use = use;
        this.jmx = new JmxMotionReader(jmxSettings);
        this.timeout = timeout;
    }

    /** No gossip_info (Cassandra 4.0): what the answers assume when JMX is not configured or fails. */
    static final String NO_GOSSIP_INFO = "the cluster has no system_views.gossip_info (Cassandra 4.0; 4.1 added it): "
            + "movement can only be read over JMX (ringmap.pending.source=jmx with ringmap.sizes.jmx)";

    @Override
    public TopologyModel read(CqlSession session, NodeQueries queries, TopologyModel model) {
        if (use == Use.NONE) {
            return model.withMotion(MotionReport.unknown("ringmap.pending.source is none"));
        }
        if (ClusterMetadataReader.available(session)) {
            try {
                return ClusterMetadataReader.read(session, queries, model, timeout);
            } catch (RuntimeException e) {
                String failure = "the cluster metadata (system_views.cluster_metadata_directory and _log) could not "
                        + "be read: " + e.getMessage();
                once(failure);
                return model.withMotion(MotionReport.unknown(failure));
            }
        }
        jmxAddresses = model.nodes().stream()
                .sorted(java.util.Comparator.comparing(nt -> nt.node().state() != io.ringmap.ring.NodeState.UP))
                .map(nt -> nt.node().address())
                .toList();
        return model.withMotion(readMotion(session, queries, model));
    }

    @Override
    public String fingerprint(CqlSession session, NodeQueries queries) {
        if (use == Use.NONE) {
            return null;
        }
        try {
            if (ClusterMetadataReader.available(session)) {
                return "epoch " + ClusterMetadataReader.lastEpoch(session, queries, timeout);
            }
            if (GossipMotionReader.available(session)) {
                return GossipMotionReader.statuses(session, queries, timeout);
            }
            return use == Use.JMX_THEN_GOSSIP && !jmxAddresses.isEmpty() ? jmx.fingerprint(jmxAddresses) : null;
        } catch (Exception e) {
            return null; // the next rebuild reads (and reports) the failure
        }
    }

    private MotionReport readMotion(CqlSession session, NodeQueries queries, TopologyModel model) {
        String jmxFailure = null;
        if (use == Use.JMX_THEN_GOSSIP) {
            try {
                return jmx.read(model);
            } catch (Exception e) {
                jmxFailure = "JMX could not be read (" + e + ")";
                once(jmxFailure);
            }
        }
        if (!GossipMotionReader.available(session)) {
            return MotionReport.unknown(jmxFailure == null ? NO_GOSSIP_INFO : jmxFailure + "; " + NO_GOSSIP_INFO);
        }
        try {
            MotionReport gossip = GossipMotionReader.read(session, queries, model, timeout);
            if (jmxFailure == null) {
                return gossip;
            }
            String note =
                    jmxFailure + ", read from gossip instead" + (gossip.note() == null ? "" : "; " + gossip.note());
            return new MotionReport(gossip.source(), gossip.motions(), gossip.reported(), note);
        } catch (RuntimeException e) {
            String failure =
                    "system_views.gossip_info could not be read (Cassandra 4.1 or later has it): " + e.getMessage();
            once(failure);
            return MotionReport.unknown(jmxFailure == null ? failure : jmxFailure + "; " + failure);
        }
    }

    private void once(String failure) {
        if (!failure.equals(logged.getAndSet(failure))) {
            log.warn("ranges in motion: {}", failure);
        }
    }
}
