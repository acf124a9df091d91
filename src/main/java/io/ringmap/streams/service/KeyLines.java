package io.ringmap.streams.service;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The keys of a streamed body, one a line, read one at a time. After {@link #next()} returned true the current line
 * is either a key ({@link #key()}) or a bad line ({@link #error()}); both are valid until the next call.
 */
public interface KeyLines {

    /** Moves to the next key line (blank lines and a CSV header are skipped); false at the end of the body. */
    boolean next() throws IOException;

    /** The 1-based line number of the current line in the (decompressed) body. */
    long line();

    /** The current key as {column: value}, or null when the line is bad; reused for the next line. */
    Map<String, String> key();

    /** Why the current line is not a key (a {@link io.ringmap.problem.ProblemException}), or null. */
    RuntimeException error();

    /** Whether the next line can be read without waiting for the client (else the answers so far are sent). */
    boolean ready() throws IOException;

    /** The key columns the body names ahead of its keys (a CSV header), or an empty list. */
    List<String> columns();
}
