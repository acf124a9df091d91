package io.ringmap.snapshot;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;

/** No topology snapshot has been published yet (the cluster has not been reached since start-up). */
public class NoSnapshotException extends RequestProblem {

    public NoSnapshotException(String reason) {
        super(ProblemKind.NO_SNAPSHOT
                .problem("no ring snapshot is available yet: " + reason)
                .withHeader("Retry-After", "5"));
    }
}
