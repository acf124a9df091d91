package io.ringmap.token;

import java.util.List;

/**
 * A Cassandra partitioner: the function from partition key bytes to a {@link Token}, plus the ring arithmetic that
 * token-range splitting needs.
 *
 * <p>Ring conventions, used everywhere in ringmap: a token range is {@code (start, end]}; the minimum token is a
 * sentinel that no partition key has; {@code (min, min]} is the whole ring; a range whose end is the minimum token
 * runs to the end of the ring.
 */
public interface Partitioner {

    /** The short name, e.g. {@code Murmur3Partitioner}. */
    String name();

    /** The Cassandra class name, e.g. {@code org.apache.cassandra.dht.Murmur3Partitioner}. */
    default String className() {
        return "org.apache.cassandra.dht." + name();
    }

    /**
     * The token of a serialized partition key (see {@link PartitionKeys} for composite keys). Reads {@code key} only:
     * never changes it, and copies it if the token keeps its bytes.
     */
    Token tokenFor(byte[] key);

    /** The minimum token: the ring's start sentinel. */
    Token minimumToken();

    /** The largest token, if the partitioner has one (ByteOrderedPartitioner has none: its ring ends at the minimum). */
    java.util.Optional<Token> maximumToken();

    /** Reads a token in the form Cassandra prints it. */
    Token parseToken(String text);

    /** The token as a CQL literal, for {@code token(pk) > literal} predicates. */
    default String cqlLiteral(Token token) {
        return token.toString();
    }

    /**
     * Cuts the non-wrapping range {@code (start, end]} into at most {@code parts} contiguous ranges whose widths differ
     * by at most one unit of this partitioner's arithmetic, returning the boundaries: {@code start}, the interior
     * boundaries in increasing order, then {@code end}. An {@code end} equal to the minimum token means the end of the
     * ring. Narrow ranges yield fewer parts (never an empty range).
     */
    List<Token> split(Token start, Token end, int parts);

    /** The share of the whole ring that the non-wrapping range {@code (start, end]} covers, in [0, 1]. */
    double ringShare(Token start, Token end);
}
