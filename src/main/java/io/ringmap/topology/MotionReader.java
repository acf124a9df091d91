package io.ringmap.topology;

import com.datastax.oss.driver.api.core.CqlSession;
import io.ringmap.pending.MotionReport;

/**
 * Completes the model the driver's metadata gives with what that metadata does not show: the ring's movement (joining
 * nodes, pending ranges; see {@code io.ringmap.pending}) and, on Cassandra 6.0, the ring as its cluster-metadata log
 * has it, with the log's epoch. Called on the topology thread at every rebuild.
 */
public interface MotionReader {

    /** When nothing is configured to read movement. */
    MotionReader NONE = new MotionReader() {
        @Override
        public TopologyModel read(CqlSession session, NodeQueries queries, TopologyModel model) {
            return model.withMotion(MotionReport.unknown("no movement reader is configured"));
        }

        @Override
        public String fingerprint(CqlSession session, NodeQueries queries) {
            return null;
        }
    };

    /**
     * The model completed; a failure to read movement is reported as a {@link MotionReport} of source NONE saying
     * why, never thrown.
     *
     * @param queries where a query that any node can answer goes
     * @param model the topology just read from the driver (nodes with their tokens, the partitioner, keyspaces)
     */
    TopologyModel read(CqlSession session, NodeQueries queries, TopologyModel model);

    /**
     * A cheap reading that changes when a node starts or stops moving (the log's last epoch on 6.0, the gossip
     * statuses on 4.1 and 5.0, the JMX lists of moving nodes on 4.0), polled between rebuilds; null when nothing
     * cheap can be read (then only events and the periodic refresh rebuild). Never throws.
     */
    String fingerprint(CqlSession session, NodeQueries queries);
}
