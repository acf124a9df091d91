package io.ringmap.schema;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemKind;

/**
 * A partition key that serializes to more bytes than Cassandra accepts in one key (65535, an unsigned short length;
 * mirrors {@code org.apache.cassandra.cql3.Validation.validateKey}: "Key length of N is longer than maximum of
 * 65535"), so no row can have it. Names the column with the largest value.
 */
public class KeyTooLargeException extends InvalidKeyValueException {

    private final int size;
    private final int limit;

    public KeyTooLargeException(
            String column, String value, String expectedCqlType, int size, int limit, boolean composite) {
        super(
                column,
                value,
                expectedCqlType,
                (composite ? "the composite partition key" : "it") + " serializes to " + size + " bytes, more than the "
                        + limit + " bytes Cassandra allows in a partition key");
        this.size = size;
        this.limit = limit;
    }

    @Override
    ProblemKind kind() {
        return ProblemKind.KEY_TOO_LARGE;
    }

    @Override
    Problem withSize(Problem problem) {
        return problem.with("size", size).with("limit", limit);
    }

    /** Bytes of the serialized key (of the column's value alone for a single-column key). */
    public int size() {
        return size;
    }

    public int limit() {
        return limit;
    }
}
