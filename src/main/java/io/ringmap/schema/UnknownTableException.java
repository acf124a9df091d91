package io.ringmap.schema;

/** A table name that the current ring snapshot does not know in an otherwise known keyspace. */
public class UnknownTableException extends RuntimeException {

    private final String keyspace;
    private final String table;

    public UnknownTableException(String keyspace, String table) {
        super("table '" + table + "' of keyspace '" + keyspace + "' is not in the ring snapshot");
        this.keyspace = keyspace;
        this.table = table;
    }

    public String keyspace() {
        return keyspace;
    }

    public String table() {
        return table;
    }
}
