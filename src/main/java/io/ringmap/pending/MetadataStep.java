package io.ringmap.pending;

import java.util.Locale;

/**
 * The steps of Cassandra 6.0's multi-step operations (CEP-21: {@code BootstrapAndJoin}, {@code UnbootstrapAndLeave},
 * {@code BootstrapAndReplace}, {@code Move}) as its cluster-metadata log names them, and what each step done has
 * changed in the placements: PREPARE only plans, START adds the future replicas to the writes, MID moves the reads
 * to them, FINISH drops the old replicas (the operation is then over).
 */
public final class MetadataStep {

    /** Which placements the steps done so far have changed. */
    public enum Phase {
        /** Nothing yet (PREPARE done), or not an operation of Cassandra 6.0's log. */
        NONE,
        /** START done: writes go to the old and the future replicas, reads to the old ones. */
        WRITES_ADDED,
        /** MID done: reads go to the future replicas, writes still to both. */
        READS_MOVED
    }

    private MetadataStep() {}

    /** The phase after the step {@code done} (e.g. {@code START_JOIN}); NONE for null or a PREPARE step. */
    public static Phase phase(String done) {
        if (done == null) {
            return Phase.NONE;
        }
        String step = done.toUpperCase(Locale.ROOT);
        if (step.startsWith("START_")) {
            return Phase.WRITES_ADDED;
        }
        if (step.startsWith("MID_")) {
            return Phase.READS_MOVED;
        }
        return Phase.NONE;
    }

    /**
     * The step done before {@code next}, as the directory's {@code multi_step_operation} names the next one:
     * {@code MID_JOIN} follows {@code START_JOIN}, {@code START_JOIN} follows {@code PREPARE_JOIN}.
     */
    public static String doneBefore(String next) {
        if (next == null) {
            return null;
        }
        String step = next.toUpperCase(Locale.ROOT);
        int underscore = step.indexOf('_');
        if (underscore < 0) {
            return null;
        }
        String kind = step.substring(underscore + 1);
        return switch (step.substring(0, underscore)) {
            case "START" -> "PREPARE_" + kind;
            case "MID" -> "START_" + kind;
            case "FINISH" -> "MID_" + kind;
            default -> null;
        };
    }
}
