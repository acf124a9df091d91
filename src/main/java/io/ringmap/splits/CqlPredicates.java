package io.ringmap.splits;

import io.ringmap.cql.CqlIdentifiers;
import io.ringmap.ring.TokenRange;
import io.ringmap.token.Partitioner;
import java.util.ArrayList;
import java.util.List;

/** The CQL restriction that reads exactly the partitions of one non-wrapping {@code (start, end]} range. */
public final class CqlPredicates {

    private CqlPredicates() {
    }

    /**
     * {@code token(pk1, pk2) > start AND token(pk1, pk2) <= end} with the values filled in. A bound at the minimum
     * token is left out where CQL has no literal below every token (ByteOrderedPartitioner's empty start) and where
     * the range runs to the end of the ring; the whole ring gives an empty string.
     */
    public static String tokenPredicate(Partitioner partitioner, List<String> partitionKey, TokenRange range) {
        List<String> quoted = partitionKey.stream().map(CqlPredicates::identifier).toList();
        String token = "token(" + String.join(", ", quoted) + ")";
        List<String> parts = new ArrayList<>(2);
        boolean startIsMin = range.start().equals(partitioner.minimumToken());
        if (!startIsMin || partitioner.maximumToken().isPresent()) {
            parts.add(token + " > " + partitioner.cqlLiteral(range.start()));
        }
        if (!range.end().equals(partitioner.minimumToken())) {
            parts.add(token + " <= " + partitioner.cqlLiteral(range.end()));
        }
        return String.join(" AND ", parts);
    }

    /** A CQL identifier, double-quoted when CQL requires it (see {@link CqlIdentifiers}). */
    public static String identifier(String name) {
        return CqlIdentifiers.identifier(name);
    }

    /**
     * {@code SELECT * FROM keyspace.table WHERE <predicate>} (no WHERE for the whole ring), every name quoted where
     * CQL requires it.
     */
    public static String select(Partitioner partitioner, String keyspace, String table, List<String> partitionKey,
            TokenRange range) {
        String predicate = tokenPredicate(partitioner, partitionKey, range);
        return "SELECT * FROM " + CqlIdentifiers.qualified(keyspace, table)
                + (predicate.isEmpty() ? "" : " WHERE " + predicate);
    }
}
