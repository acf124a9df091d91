package io.ringmap.routing;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;

/** The keyspace exists but its replication cannot be placed (e.g. an unknown strategy class). */
public class UnplaceableKeyspaceException extends RequestProblem {

    private final String keyspace;

    public UnplaceableKeyspaceException(String keyspace, String reason) {
        super(ProblemKind.UNPLACEABLE_KEYSPACE
                .problem("replicas of keyspace '" + keyspace + "' cannot be computed: " + reason)
                .with("keyspace", keyspace));
        this.keyspace = keyspace;
    }

    public String keyspace() {
        return keyspace;
    }
}
