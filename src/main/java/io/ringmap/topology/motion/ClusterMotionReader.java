package io.ringmap.topology.motion;

import com.datastax.oss.driver.api.core.CqlSession;
import io.ringmap.pending.MotionReport;
import io.ringmap.topology.JmxSettings;
import io.ringmap.topology.MotionReader;
import io.ringmap.topology.TopologyModel;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the ring's movement: over JMX (Cassandra's own pending ranges), else from CQL's
 * {@code system_views.gossip_info} (pending ranges calculated as Cassandra does), else nothing, saying why in the
 * report. Topology thread only.
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
    /** The last failure logged, so a lasting one is logged once, not at every rebuild. */
    private final AtomicReference<String> logged = new AtomicReference<>();

    public ClusterMotionReader(Use use, JmxSettings jmxSettings, Duration timeout) {
        this.use = use;
        this.jmx = new JmxMotionReader(jmxSettings);
        this.timeout = timeout;
    }

    @Override
    public MotionReport read(CqlSession session, TopologyModel model) {
        if (use == Use.NONE) {
            return MotionReport.unknown("ringmap.pending.source is none");
        }
        String jmxFailure = null;
        if (use == Use.JMX_THEN_GOSSIP) {
            try {
                return jmx.read(model);
            } catch (Exception e) {
                jmxFailure = "JMX could not be read (" + e + ")";
                once(jmxFailure);
            }
        }
        try {
            MotionReport gossip = GossipMotionReader.read(session, model, timeout);
            if (jmxFailure == null) {
                return gossip;
            }
            String note = jmxFailure + ", read from gossip instead" + (gossip.note() == null ? "" : "; "
                    + gossip.note());
            return new MotionReport(gossip.source(), gossip.motions(), gossip.reported(), note);
        } catch (RuntimeException e) {
            String failure = "system_views.gossip_info could not be read (Cassandra 4.1 or later has it): "
                    + e.getMessage();
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
