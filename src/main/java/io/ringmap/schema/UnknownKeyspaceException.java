package io.ringmap.schema;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;
import java.util.Collection;
import java.util.List;

/** A keyspace name that the current ring snapshot does not know; carries the names it does know. */
public class UnknownKeyspaceException extends RequestProblem {

    /** At most this many known names are listed in a problem: a cluster may have thousands of tables. */
    static final int MAX_NAMES_SHOWN = 100;

    private final String keyspace;
    private final List<String> known;

    /**
     * @param keyspace the name asked for
     * @param known    the keyspaces the snapshot has, in any order (kept sorted)
     */
    public UnknownKeyspaceException(String keyspace, Collection<String> known) {
        this(keyspace, known.stream().sorted().toList());
    }

    private UnknownKeyspaceException(String keyspace, List<String> known) {
        super(
                "keyspace '" + keyspace + "' is not in the ring snapshot",
                ProblemKind.UNKNOWN_KEYSPACE
                        .problem("keyspace '" + keyspace + "' is not in the ring snapshot; "
                                + knownNames("keyspaces", known))
                        .with("keyspace", keyspace)
                        .with("known", shown(known)));
        this.keyspace = keyspace;
        this.known = known;
    }

    static List<String> shown(List<String> names) {
        return names.size() <= MAX_NAMES_SHOWN ? names : names.subList(0, MAX_NAMES_SHOWN);
    }

    static String knownNames(String what, List<String> names) {
        if (names.isEmpty()) {
            return "the snapshot has no " + what;
        }
        String listed = String.join(", ", shown(names));
        return "the " + what + " are: " + listed
                + (names.size() > MAX_NAMES_SHOWN ? " and " + (names.size() - MAX_NAMES_SHOWN) + " more" : "");
    }

    public String keyspace() {
        return keyspace;
    }

    /** The keyspaces the snapshot has, sorted. */
    public List<String> known() {
        return known;
    }
}
