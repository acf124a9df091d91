package io.ringmap.streams.service;

import io.ringmap.problem.Problem;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.KeyRouter;
import java.io.IOException;

/** Where a stream's answers go, one per key line, in the order the lines were read. */
public interface StreamAnswers {

    /** Called once, before the first answer: the table (and placement) every line is answered from. */
    void start(KeyRouter router) throws IOException;

    /** The answer to line {@code line}. */
    void answer(long line, KeyRoute route) throws IOException;

    /** The problem of line {@code line}, in its place (the problem names the line too). */
    void problem(long line, Problem problem) throws IOException;

    /** Sends what was answered so far. */
    void flush() throws IOException;

    /** Ends the answers (sends what is left). */
    void end() throws IOException;
}
