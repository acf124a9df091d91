package io.ringmap.schema;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;
import java.util.Collection;
import java.util.List;

/** A table name that the current ring snapshot does not know in a known keyspace; carries the tables it has. */
public class UnknownTableException extends RequestProblem {

    private final String keyspace;
    private final String table;
    private final List<String> known;

    /**
     * @param keyspace the keyspace asked for
     * @param table    the table asked for
     * @param known    the keyspace's tables in the snapshot, in any order (kept sorted)
     */
    public UnknownTableException(String keyspace, String table, Collection<String> known) {
        this(keyspace, table, known.stream().sorted().toList());
    }

    private UnknownTableException(String keyspace, String table, List<String> known) {
        super(
                "table '" + table + "' of keyspace '" + keyspace + "' is not in the ring snapshot",
                ProblemKind.UNKNOWN_TABLE
                        .problem("table '" + keyspace + "." + table + "' is not in the ring "
                                + "snapshot; "
                                + UnknownKeyspaceException.knownNames("tables of keyspace '" + keyspace + "'", known))
                        .with("keyspace", keyspace)
                        .with("table", table)
                        .with("known", UnknownKeyspaceException.shown(known)));
        this.keyspace = keyspace;
        this.table = table;
        this.known = known;
    }

    public String keyspace() {
        return keyspace;
    }

    public String table() {
        return table;
    }

    /** The keyspace's tables in the snapshot, sorted. */
    public List<String> known() {
        return known;
    }
}
