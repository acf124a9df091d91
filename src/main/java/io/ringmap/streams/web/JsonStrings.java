package io.ringmap.streams.web;

import java.io.ByteArrayOutputStream;
import tools.jackson.core.JsonEncoding;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * JSON strings in the bytes Jackson writes for them (its escapes, UTF-8), for the values a stream cannot copy as
 * they are. One instance per stream (not thread-safe).
 */
final class JsonStrings {

    private static final JsonFactory JSON =
            JsonFactory.builder().rootValueSeparator((String) null).build();

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final JsonGenerator gen = JSON.createGenerator(ObjectWriteContext.empty(), bytes, JsonEncoding.UTF8);

    /** Whether {@code c} is written as its one ASCII byte inside a JSON string (no escape, no other encoding). */
    static boolean plain(char c) {
        return c >= 0x20 && c < 0x7F && c != '"' && c != '\\' && c != '/';
    }

    /** {@code s} as a JSON string, quotes included. */
    byte[] json(String s) {
        gen.writeString(s);
        gen.flush();
        byte[] json = bytes.toByteArray();
        bytes.reset();
        return json;
    }
}
