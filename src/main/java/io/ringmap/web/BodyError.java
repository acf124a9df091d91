package io.ringmap.web;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemKind;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamReadException;

/**
 * Where a request body failed to read as JSON: the line and column, and the JSON path of the field that did not fit
 * ({@code $.keys[2]}), without the parser's message (which quotes body text, and in hash mode body text may be a key)
 * or a Java type name.
 *
 * @param syntax whether the body is not JSON at all (else it is JSON of the wrong shape)
 * @param line   1-based line, or 0 when unknown
 * @param column 1-based column, or 0 when unknown
 * @param path   the JSON path of the value that did not fit, or null when unknown
 */
record BodyError(boolean syntax, int line, int column, String path) {

    private static final int MAX_PATH = 200;

    static BodyError of(JacksonException e) {
        if (e == null) {
            return new BodyError(true, 0, 0, null);
        }
        TokenStreamLocation at = e.getLocation();
        int line = at == null ? 0 : Math.max(0, at.getLineNr());
        int column = at == null ? 0 : Math.max(0, at.getColumnNr());
        return new BodyError(e instanceof StreamReadException, line, column, path(e.getPath()));
    }

    private static String path(List<JacksonException.Reference> references) {
        if (references == null || references.isEmpty()) {
            return null;
        }
        StringBuilder out = new StringBuilder("$");
        for (JacksonException.Reference r : references) {
            if (r.getPropertyName() != null) {
                out.append('.').append(r.getPropertyName());
            } else if (r.getIndex() >= 0) {
                out.append('[').append(r.getIndex()).append(']');
            }
        }
        if (out.length() > MAX_PATH) {
            out.setLength(MAX_PATH);
            out.append("...");
        }
        return out.length() == 1 ? null : out.toString();
    }

    /** The {@code malformed-body} problem saying where, with {@code line}, {@code column} and {@code path} when known. */
    Problem problem() {
        StringBuilder detail = new StringBuilder(
                syntax ? "request body is not valid JSON" : "request body is JSON but not of the expected shape");
        if (line > 0) {
            detail.append(" at line ").append(line);
            if (column > 0) {
                detail.append(", column ").append(column);
            }
        }
        if (path != null) {
            detail.append(" (").append(path).append(')');
        }
        Problem p = ProblemKind.MALFORMED_BODY.problem(detail.toString());
        if (line > 0) {
            p = p.with("line", line);
        }
        if (column > 0) {
            p = p.with("column", column);
        }
        return path == null ? p : p.with("path", path);
    }
}
