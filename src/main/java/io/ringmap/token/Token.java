package io.ringmap.token;

/**
 * A position on the Cassandra token ring, produced by one {@link Partitioner}.
 *
 * <p>Tokens of one partitioner are totally ordered; {@link #toString()} prints the token the way Cassandra prints
 * it ({@code nodetool ring}, {@code SELECT token(...)}), and {@link Partitioner#parseToken(String)} reads it back.
 */
public interface Token extends Comparable<Token> {}
