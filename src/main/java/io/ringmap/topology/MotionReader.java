package io.ringmap.topology;

import com.datastax.oss.driver.api.core.CqlSession;
import io.ringmap.pending.MotionReport;

/**
 * Reads the ring's movement beside the driver's metadata, which shows neither joining nodes nor pending ranges
 * (see {@code io.ringmap.pending.cluster}). Called on the topology thread at every rebuild.
 */
public interface MotionReader {

    /** When nothing is configured to read movement. */
    MotionReader NONE = (session, model) -> MotionReport.unknown("no movement reader is configured");

    /**
     * The movement now; a failure is reported as a {@link MotionReport} of source NONE saying why, never thrown.
     *
     * @param model the topology just read (nodes with their tokens, the partitioner, keyspaces)
     */
    MotionReport read(CqlSession session, TopologyModel model);
}
