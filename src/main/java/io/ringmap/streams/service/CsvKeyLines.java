package io.ringmap.streams.service;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * RFC 4180 comma-separated keys: a header line naming the key columns, then one key a line. A field may be quoted
 * ({@code "a,b"}, a quote doubled inside: {@code "say ""hi"""}); a quoted field ends on its line (one line, one key,
 * so that a bad line cannot swallow the ones after it). Every field is the column's value as text.
 */
final class CsvKeyLines extends LineKeys {

    private final List<String> columns = new ArrayList<>();
    private final List<String> fields = new ArrayList<>();
    private final StringBuilder field = new StringBuilder();

    CsvKeyLines(InputStream in, int maxLineSize) {
        super(in, maxLineSize);
    }

    /**
     * Reads the header line (blank lines before it skipped); an empty body has none and no keys.
     *
     * @throws io.ringmap.problem.RequestProblem 400 {@code malformed-body} for a header that names no column, a
     *     column twice or an empty name, before anything is answered
     */
    CsvKeyLines readHeader() throws IOException {
        while (lines.next()) {
            if (lines.tooLong()) {
                throw new BadLineException(lines.number(), lines.maxLineSize());
            }
            if (lines.blank()) {
                continue;
            }
            String problem = split();
            if (problem == null) {
                if (fields.stream().anyMatch(String::isEmpty)) {
                    problem = "the header names a column with an empty name: " + fields;
                } else if (new HashSet<>(fields).size() < fields.size()) {
                    problem = "the header names a column twice: " + fields;
                }
            }
            if (problem != null) {
                throw new BadLineException(
                        lines.number(), problem + " (the first line names the key columns, " + "e.g. sensor_id,day)");
            }
            columns.addAll(fields);
            return this;
        }
        return this;
    }

    @Override
    public boolean next() throws IOException {
        if (!nextLine()) {
            return false;
        }
        if (error == null) {
            String problem = split();
            if (problem == null && fields.size() != columns.size()) {
                problem = fields.size() + " fields where the header names " + columns.size() + " " + columns;
            }
            error = problem == null ? null : new BadLineException(lines.number(), problem);
            for (int i = 0; error == null && i < columns.size(); i++) {
                key.put(columns.get(i), fields.get(i));
            }
        }
        return true;
    }

    /** Splits the current line into {@link #fields}; what is wrong with it, or null. */
    private String split() {
        fields.clear();
        byte[] b = lines.buffer();
        int i = lines.start();
        int end = i + lines.length();
        while (true) {
            if (i < end && b[i] == '"') {
                field.setLength(0);
                int from = ++i;
                while (true) {
                    if (i >= end) {
                        return "a quoted field is not closed on its line";
                    }
                    if (b[i] == '"') {
                        field.append(new String(b, from, i - from, StandardCharsets.UTF_8));
                        if (i + 1 < end && b[i + 1] == '"') {
                            field.append('"');
                            i += 2;
                            from = i;
                            continue;
                        }
                        i++;
                        break;
                    }
                    i++;
                }
                fields.add(field.toString());
                if (i < end && b[i] != ',') {
                    return "text after a quoted field's closing quote (column " + (i - lines.start() + 1) + ")";
                }
            } else {
                int from = i;
                while (i < end && b[i] != ',') {
                    if (b[i] == '"') {
                        return "a quote inside an unquoted field (column " + (i - lines.start() + 1) + "): quote "
                                + "the whole field and double the quote";
                    }
                    i++;
                }
                fields.add(new String(b, from, i - from, StandardCharsets.UTF_8));
            }
            if (i >= end) {
                return null;
            }
            i++; // the comma
        }
    }

    @Override
    public List<String> columns() {
        return columns;
    }
}
