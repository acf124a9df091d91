package io.ringmap.restart;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;
import java.util.List;

/** A restart that cannot keep the levels asked for: some node cannot stop even alone; names the blocking ranges. */
public class RestartRefusedException extends RequestProblem {

    private final List<BlockingRange> blocking;

    /**
     * @param blocking the first blocking ranges (a bounded listing)
     * @param total    how many ranges block, listed or not
     */
    public RestartRefusedException(List<BlockingRange> blocking, int total) {
        super(ProblemKind.RESTART_UNSAFE
                .problem(detail(blocking, total))
                .with("blocking", List.copyOf(blocking))
                .with("blockingRanges", total));
        this.blocking = List.copyOf(blocking);
    }

    /** The blocking ranges listed. */
    public List<BlockingRange> blocking() {
        return blocking;
    }

    private static String detail(List<BlockingRange> blocking, int total) {
        StringBuilder out = new StringBuilder("no wave order keeps the levels: ")
                .append(total)
                .append(total == 1 ? " range loses its level" : " ranges lose their level")
                .append(" when a single node stops");
        String sep = ", e.g. ";
        for (BlockingRange b : blocking.subList(0, Math.min(3, blocking.size()))) {
            out.append(sep)
                    .append("stopping ")
                    .append(b.node())
                    .append(": keyspace ")
                    .append(b.keyspace())
                    .append(" range (")
                    .append(b.start())
                    .append(", ")
                    .append(b.end())
                    .append("] at ")
                    .append(b.level())
                    .append(b.coordinatorDc() == null ? "" : " in " + b.coordinatorDc())
                    .append(" (")
                    .append(b.reason())
                    .append(')');
            sep = "; ";
        }
        return out.toString();
    }
}
