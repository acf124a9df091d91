package io.ringmap.splits;

import io.ringmap.cql.CqlIdentifiers;
import io.ringmap.ring.TokenRange;
import io.ringmap.token.Partitioner;
import java.util.ArrayList;
import java.util.List;

/** The CQL restriction that reads exactly the partitions of one non-wrapping {@code (start, end]} range. */
public final class CqlPredicates {

    private CqlPredicates() {}

    /**
     * {@code token(pk1, pk2) > start AND token(pk1, pk2) <= end} with the values filled in. A bound at the minimum
     * token is left out where CQL has no literal below every token (ByteOrderedPartitioner's empty start) and where
     * the range runs to the end of the ring; the whole ring gives an empty string.
     */
    public static String tokenPredicate(Partitioner partitioner, List<String> partitionKey, TokenRange range) {
        List<String> quoted =
                partitionKey.stream().map(CqlPredicates::identifier).toList();
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

    /** The bind markers of {@link #tokenPredicateTemplate}. */
    public static final String START_MARKER = ":start";

    public static final String END_MARKER = ":end";

    /**
     * {@code token(pk1, pk2) > :start AND token(pk1, pk2) <= :end}: the predicate of every range whose two bounds CQL
     * can write, as a statement to prepare once and bind with each range's bounds (as the partitioner's token type:
     * bigint, varint or blob). {@link #templateApplies} says which ranges it reads exactly.
     */
    public static String tokenPredicateTemplate(List<String> partitionKey) {
        String token = "token("
                + String.join(
                        ", ",
                        partitionKey.stream().map(CqlPredicates::identifier).toList()) + ")";
        return token + " > " + START_MARKER + " AND " + token + " <= " + END_MARKER;
    }

    /** {@code SELECT * FROM keyspace.table WHERE} {@link #tokenPredicateTemplate}. */
    public static String selectTemplate(String keyspace, String table, List<String> partitionKey) {
        return "SELECT * FROM " + CqlIdentifiers.qualified(keyspace, table) + " WHERE "
                + tokenPredicateTemplate(partitionKey);
    }

    /**
     * Whether {@link #tokenPredicateTemplate} bound with the range's bounds is exactly {@link #tokenPredicate}: false
     * only where that predicate leaves a bound out (a range running to the ring's end, ByteOrdered's empty start).
     */
    public static boolean templateApplies(Partitioner partitioner, TokenRange range) {
        boolean startIsMin = range.start().equals(partitioner.minimumToken());
        return (!startIsMin || partitioner.maximumToken().isPresent())
                && !range.end().equals(partitioner.minimumToken());
    }

    /** A CQL identifier, double-quoted when CQL requires it (see {@link CqlIdentifiers}). */
    public static String identifier(String name) {
        return CqlIdentifiers.identifier(name);
    }

    /**
     * {@code SELECT * FROM keyspace.table WHERE <predicate>} (no WHERE for the whole ring), every name quoted where
     * CQL requires it.
     */
    public static String select(
            Partitioner partitioner, String keyspace, String table, List<String> partitionKey, TokenRange range) {
        String predicate = tokenPredicate(partitioner, partitionKey, range);
        return "SELECT * FROM " + CqlIdentifiers.qualified(keyspace, table)
                + (predicate.isEmpty() ? "" : " WHERE " + predicate);
    }
}
