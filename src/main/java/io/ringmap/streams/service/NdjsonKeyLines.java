package io.ringmap.streams.service;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Newline-delimited JSON keys: each line one object {@code {column: value}}, read by Jackson's streaming parser from
 * the line's bytes in place. Values as {@code KeyJson} reads a batch's keys: a string as is, a number or boolean as
 * its text, null as null; an object or array, a second value on the line or broken JSON make the line bad.
 *
 * <p>A line that is a flat object of plain ASCII strings ({@code {"sensor_id": "s-1", "day": "2026-10-01"}}, no
 * escape, number, literal or byte outside printable ASCII) is read by {@link #readPlain()} without a parser: a parser
 * per line cost about as much as the key's routing (docs/performance.md, {@code StreamParseBenchmark}). Every other
 * line, good or bad, goes to Jackson, so every problem's text is Jackson's; {@code NdjsonKeyLinesTest} compares the
 * two on generated lines. The shortcut can go when a Jackson parser over a line costs what it does.
 */
final class NdjsonKeyLines extends LineKeys {

    // one factory per stream: its symbol table makes each column name a String once, not once a line
    private final JsonFactory json = JsonFactory.builder().build();

    private final boolean plainFirst;
    private final PlainNames names = new PlainNames();
    private long parsed;

    NdjsonKeyLines(InputStream in, int maxLineSize) {
        this(in, maxLineSize, true);
    }

    /** @param plainFirst whether plain lines are read without Jackson (false: every line by Jackson, the oracle) */
    NdjsonKeyLines(InputStream in, int maxLineSize, boolean plainFirst) {
        super(in, maxLineSize);
        this.plainFirst = plainFirst;
    }

    /** Lines read by Jackson's parser so far (not plain, or the shortcut is off). */
    long parsedByJackson() {
        return parsed;
    }

    @Override
    public boolean next() throws IOException {
        if (!nextLine()) {
            return false;
        }
        if (error == null && !(plainFirst && readPlain())) {
            key.clear();
            parsed++;
            error = read();
        }
        return true;
    }

    /**
     * Reads the current line into {@link #key} when it is {@code {"name": "value", ...}} (spaces and tabs around the
     * tokens, at least one pair), every name and value printable ASCII without a quote or backslash; false (the key
     * left partly filled) for any other line.
     */
    private boolean readPlain() {
        byte[] b = lines.buffer();
        int i = skipBlanks(b, lines.start());
        int end = lines.start() + lines.length();
        if (i >= end || b[i] != '{') {
            return false;
        }
        while (true) {
            int nameFrom = skipBlanks(b, i + 1);
            int nameTo = plainString(b, nameFrom, end);
            if (nameTo < 0) {
                return false;
            }
            i = skipBlanks(b, nameTo + 1);
            if (i >= end || b[i] != ':') {
                return false;
            }
            int valueFrom = skipBlanks(b, i + 1);
            int valueTo = plainString(b, valueFrom, end);
            if (valueTo < 0) {
                return false;
            }
            key.put(
                    names.name(b, nameFrom + 1, nameTo),
                    new String(b, valueFrom + 1, valueTo - valueFrom - 1, StandardCharsets.ISO_8859_1));
            i = skipBlanks(b, valueTo + 1);
            if (i >= end) {
                return false;
            }
            if (b[i] == '}') {
                return skipBlanks(b, i + 1) == end;
            }
            if (b[i] != ',') {
                return false;
            }
        }
    }

    private int skipBlanks(byte[] b, int i) {
        int end = lines.start() + lines.length();
        while (i < end && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        return i;
    }

    /** The index of the closing quote of a plain string opening at {@code from}, or -1. */
    private static int plainString(byte[] b, int from, int end) {
        if (from >= end || b[from] != '"') {
            return -1;
        }
        for (int i = from + 1; i < end; i++) {
            byte c = b[i];
            if (c == '"') {
                return i;
            }
            if (c < 0x20 || c > 0x7E || c == '\\') {
                return -1;
            }
        }
        return -1;
    }

    private RuntimeException read() {
        try (JsonParser p =
                json.createParser(ObjectReadContext.empty(), lines.buffer(), lines.start(), lines.length())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return new BadLineException(lines.number(), "a key is a JSON object {column: value}");
            }
            for (String name = p.nextName(); name != null; name = p.nextName()) {
                JsonToken t = p.nextToken();
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    return new BadLineException(
                            lines.number(),
                            "the value of '" + name
                                    + "' is a JSON " + (t == JsonToken.START_OBJECT ? "object" : "array")
                                    + "; a key value is a string, number or boolean");
                }
                key.put(name, t == JsonToken.VALUE_NULL ? null : p.getString());
            }
            if (p.nextToken() != null) {
                return new BadLineException(lines.number(), "more than one JSON value on the line");
            }
            return null;
        } catch (JacksonException e) {
            return new BadLineException(
                    lines.number(),
                    "not JSON: " + e.getOriginalMessage() + " at column "
                            + (e.getLocation() == null ? "?" : e.getLocation().getColumnNr()));
        }
    }

    /** Column names read without Jackson, each a String once per stream (a stream names a handful of columns). */
    private static final class PlainNames {

        private static final int MAX = 16;
        private final byte[][] bytes = new byte[MAX][];
        private final String[] names = new String[MAX];
        private int size;

        String name(byte[] b, int from, int to) {
            for (int n = 0; n < size; n++) {
                if (Arrays.equals(bytes[n], 0, bytes[n].length, b, from, to)) {
                    return names[n];
                }
            }
            String name = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
            if (size < MAX) {
                bytes[size] = Arrays.copyOfRange(b, from, to);
                names[size++] = name;
            }
            return name;
        }
    }
}
