package io.ringmap.availability;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;
import java.util.List;

/** A node cannot be stopped without a keyspace losing the consistency level; the problem lists the reasons. */
public class UnsafeToStopException extends RequestProblem {

    /**
     * @param node        the node asked about
     * @param consistency the level that would be lost
     * @param reasons     one per keyspace (and range) that would lose it
     */
    public UnsafeToStopException(String node, String consistency, List<String> reasons) {
        super(ProblemKind.UNSAFE_TO_STOP
                .problem("stopping " + node + " would lose " + consistency + ": " + String.join("; ", reasons))
                .with("node", node)
                .with("consistency", consistency)
                .with("reasons", List.copyOf(reasons)));
    }
}
