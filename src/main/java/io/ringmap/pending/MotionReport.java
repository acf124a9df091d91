package io.ringmap.pending;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a reader found about the ring's movement, as plain values (part of the topology model, so a change in motion
 * publishes a new snapshot).
 *
 * @param source where it was read from
 * @param motions the nodes joining, leaving, moving or replacing others
 * @param reported per keyspace, Cassandra's own pending ranges when the source reports them (JMX); a keyspace not
 *     in it has its pending ranges calculated from {@code motions}
 * @param note what the answer assumes or could not read (e.g. why neither source was available); null when nothing
 */
public record MotionReport(
        MotionSource source, List<NodeMotion> motions, Map<String, List<PendingRange>> reported, String note) {

    public MotionReport {
        Objects.requireNonNull(source, "source");
        motions = List.copyOf(motions);
        reported = Map.copyOf(reported);
    }

    /** No movement could be read; {@code note} says why and what is assumed. */
    public static MotionReport unknown(String note) {
        return new MotionReport(MotionSource.NONE, List.of(), Map.of(), note);
    }
}
