package io.ringmap.streams.service;

import io.ringmap.schema.KeyMap;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

/**
 * What the body formats share: the body's lines, the current key (one map, reused line after line) or the current
 * line's problem. A format reads the line {@link #nextLine()} moved to into {@link #key} or sets {@link #error}.
 */
abstract class LineKeys implements KeyLines {

    final LineReader lines;
    // one map for every line: cleared, it keeps its arrays (no map entry per column and line)
    final KeyMap key = new KeyMap();
    RuntimeException error;

    LineKeys(InputStream in, int maxLineSize) {
        this.lines = new LineReader(in, maxLineSize);
    }

    /**
     * Moves to the next line that is not blank, its key cleared; a line over the limit is bad already
     * ({@link #error}). False at the end of the body.
     */
    boolean nextLine() throws IOException {
        while (lines.next()) {
            key.clear();
            if (lines.tooLong()) {
                error = new BadLineException(lines.number(), lines.maxLineSize());
                return true;
            }
            if (!lines.blank()) {
                error = null;
                return true;
            }
        }
        return false;
    }

    @Override
    public long line() {
        return lines.number();
    }

    @Override
    public Map<String, String> key() {
        return error == null ? key : null;
    }

    @Override
    public RuntimeException error() {
        return error;
    }

    @Override
    public boolean ready() throws IOException {
        return lines.ready();
    }

    @Override
    public List<String> columns() {
        return List.of();
    }
}
