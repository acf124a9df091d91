package io.ringmap.streams.service;

import java.io.IOException;
import java.io.InputStream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Newline-delimited JSON keys: each line one object {@code {column: value}}, read by Jackson's streaming parser from
 * the line's bytes in place. Values as {@code KeyJson} reads a batch's keys: a string as is, a number or boolean as
 * its text, null as null; an object or array, a second value on the line or broken JSON make the line bad.
 */
final class NdjsonKeyLines extends LineKeys {

    // one factory per stream: its symbol table makes each column name a String once, not once a line
    private final JsonFactory json = JsonFactory.builder().build();

    NdjsonKeyLines(InputStream in, int maxLineSize) {
        super(in, maxLineSize);
    }

    @Override
    public boolean next() throws IOException {
        if (!nextLine()) {
            return false;
        }
        if (error == null) {
            error = read();
        }
        return true;
    }

    private RuntimeException read() {
        try (JsonParser p = json.createParser(ObjectReadContext.empty(), lines.buffer(), lines.start(),
                lines.length())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return new BadLineException(lines.number(), "a key is a JSON object {column: value}");
            }
            for (String name = p.nextName(); name != null; name = p.nextName()) {
                JsonToken t = p.nextToken();
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    return new BadLineException(lines.number(), "the value of '" + name
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
            return new BadLineException(lines.number(), "not JSON: " + e.getOriginalMessage() + " at column "
                    + (e.getLocation() == null ? "?" : e.getLocation().getColumnNr()));
        }
    }
}
