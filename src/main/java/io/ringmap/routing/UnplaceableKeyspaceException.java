package io.ringmap.routing;

/** The keyspace exists but its replication cannot be placed (e.g. an unknown strategy class). */
public class UnplaceableKeyspaceException extends RuntimeException {

    private final String keyspace;

    public UnplaceableKeyspaceException(String keyspace, String reason) {
        super("replicas of keyspace '" + keyspace + "' cannot be computed: " + reason);
        this.keyspace = keyspace;
    }

    public String keyspace() {
        return keyspace;
    }
}
