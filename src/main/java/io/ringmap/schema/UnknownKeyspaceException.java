package io.ringmap.schema;

import java.util.Collection;
import java.util.List;

/** A keyspace name that the current ring snapshot does not know; carries the names it does know. */
public class UnknownKeyspaceException extends RuntimeException {

    private final String keyspace;
    private final List<String> known;

    /**
     * @param keyspace the name asked for
     * @param known    the keyspaces the snapshot has, in any order (kept sorted)
     */
    public UnknownKeyspaceException(String keyspace, Collection<String> known) {
        super("keyspace '" + keyspace + "' is not in the ring snapshot");
        this.keyspace = keyspace;
        this.known = known.stream().sorted().toList();
    }

    public String keyspace() {
        return keyspace;
    }

    /** The keyspaces the snapshot has, sorted. */
    public List<String> known() {
        return known;
    }
}
