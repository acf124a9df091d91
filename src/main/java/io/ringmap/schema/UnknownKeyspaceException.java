package io.ringmap.schema;

/** A keyspace name that the current ring snapshot does not know. */
public class UnknownKeyspaceException extends RuntimeException {

    private final String keyspace;

    public UnknownKeyspaceException(String keyspace) {
        super("keyspace '" + keyspace + "' is not in the ring snapshot");
        this.keyspace = keyspace;
    }

    public String keyspace() {
        return keyspace;
    }
}
