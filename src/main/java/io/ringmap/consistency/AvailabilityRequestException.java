package io.ringmap.consistency;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;

/**
 * A consistency-level question that cannot be asked as given: an unknown level, a LOCAL_* level without a data
 * centre, or an unknown node ({@link ProblemKind#UNKNOWN_CONSISTENCY_LEVEL}, {@link ProblemKind#LOCAL_DATACENTER_REQUIRED},
 * {@link ProblemKind#UNKNOWN_NODE}); the problem names the query {@code parameter}.
 */
public class AvailabilityRequestException extends RequestProblem {

    private final String parameter;

    public AvailabilityRequestException(ProblemKind kind, String parameter, String message) {
        super(kind.problem(message).with("parameter", parameter));
        this.parameter = parameter;
    }

    /** The query parameter at fault. */
    public String parameter() {
        return parameter;
    }

    /** The level named by {@code text}, or an exception naming the parameter. */
    public static ConsistencyLevel level(String parameter, String text) {
        try {
            return ConsistencyLevel.parse(text);
        } catch (IllegalArgumentException e) {
            throw new AvailabilityRequestException(ProblemKind.UNKNOWN_CONSISTENCY_LEVEL, parameter, e.getMessage());
        }
    }

    /**
     * The coordinator's data centre for {@code level}: {@code dc} if given, else {@code configured}; null when the
     * level does not need one.
     *
     * @throws AvailabilityRequestException when a LOCAL_* level has no data centre, or the DC has no nodes
     */
    public static String localDatacenter(
            ConsistencyLevel level, String dc, String configured, java.util.Collection<String> known) {
        String chosen =
                dc != null && !dc.isBlank() ? dc : configured != null && !configured.isBlank() ? configured : null;
        if (dc != null && !dc.isBlank() && !known.contains(dc)) {
            throw new AvailabilityRequestException(
                    ProblemKind.LOCAL_DATACENTER_REQUIRED,
                    "dc",
                    "data centre '" + dc + "' has no nodes in the ring; known: " + new java.util.TreeSet<>(known));
        }
        if (level.needsLocalDatacenter() && chosen == null) {
            throw new AvailabilityRequestException(
                    ProblemKind.LOCAL_DATACENTER_REQUIRED,
                    "dc",
                    level
                            + " is counted in the coordinator's data centre: give dc=... (or configure "
                            + "spring.cassandra.local-datacenter); known: " + new java.util.TreeSet<>(known));
        }
        return chosen;
    }
}
