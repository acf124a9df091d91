package io.ringmap.schema;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemException;
import io.ringmap.problem.ProblemKind;
import java.util.List;

/** The given partition key components do not match the table's partition key columns (missing or unknown names). */
public class KeyComponentsException extends IllegalArgumentException implements ProblemException {

    private final List<String> missing;
    private final List<String> unknown;
    private final List<String> expected;

    public KeyComponentsException(List<String> missing, List<String> unknown, List<String> expected) {
        super(message(missing, unknown, expected));
        this.missing = List.copyOf(missing);
        this.unknown = List.copyOf(unknown);
        this.expected = List.copyOf(expected);
    }

    private static String message(List<String> missing, List<String> unknown, List<String> expected) {
        StringBuilder sb = new StringBuilder();
        if (!missing.isEmpty()) {
            sb.append("missing partition key column(s) ").append(missing);
        }
        if (!unknown.isEmpty()) {
            sb.append(sb.isEmpty() ? "" : "; ")
                    .append("unknown partition key column(s) ")
                    .append(unknown);
        }
        return sb.append("; the partition key columns are ").append(expected).toString();
    }

    @Override
    public Problem problem() {
        return ProblemKind.KEY_COMPONENTS
                .problem(getMessage())
                .with("missing", missing)
                .with("unknown", unknown)
                .with("expected", expected);
    }

    /** Partition key columns that got no value. */
    public List<String> missing() {
        return missing;
    }

    /** Given names that are not partition key columns. */
    public List<String> unknown() {
        return unknown;
    }

    /** All partition key column names, in order. */
    public List<String> expected() {
        return expected;
    }
}
