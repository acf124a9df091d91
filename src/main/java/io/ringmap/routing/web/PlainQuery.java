package io.ringmap.routing.web;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A query string read as the servlet container reads it ({@code name=value} pairs separated by {@code &},
 * percent-escapes and {@code +} for a space, UTF-8), but only when it is plain: printable ASCII, every chunk with a
 * name, every escape two hex digits, every decoded text valid UTF-8, at most {@link #MAX_PARAMETERS} chunks. Anything
 * else reads as null, so that the container's own parser, and ringmap's problem for what it finds, deal with it;
 * for what this reads, it gives what the container gives ({@code PlainQueryTest} checks it against Tomcat's parser).
 */
final class PlainQuery {

    /** More parameters than this are left to the container. */
    static final int MAX_PARAMETERS = 32;

    private PlainQuery() {
    }

    /**
     * The names and values of a plain query string, alternating ({@code name0, value0, name1, ...}) in the order
     * given; an empty array for no query; null when the query is not plain.
     */
    static String[] read(String query) {
        if (query == null || query.isEmpty()) {
            return new String[0];
        }
        int length = query.length();
        int chunks = 1;
        for (int i = 0; i < length; i++) {
            char c = query.charAt(i);
            if (c <= ' ' || c >= 0x7f) {
                return null;
            }
            if (c == '&') {
                chunks++;
            }
        }
        if (chunks > MAX_PARAMETERS) {
            return null;
        }
        String[] out = new String[chunks * 2];
        int from = 0;
        for (int chunk = 0; chunk < chunks; chunk++) {
            int end = query.indexOf('&', from);
            if (end < 0) {
                end = length;
            }
            int eq = query.indexOf('=', from);
            int nameEnd = eq < 0 || eq > end ? end : eq;
            if (nameEnd == from) {
                return null; // an empty chunk, or a value without a name
            }
            String name = decode(query, from, nameEnd);
            String value = nameEnd == end ? "" : decode(query, nameEnd + 1, end);
            if (name == null || value == null) {
                return null;
            }
            out[2 * chunk] = name;
            out[2 * chunk + 1] = value;
            from = end + 1;
        }
        return out;
    }

    /** The text of {@code s[from, to)} with escapes and {@code +} decoded; null when an escape or the UTF-8 is bad. */
    private static String decode(String s, int from, int to) {
        int special = -1;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '%' || c == '+') {
                special = i;
                break;
            }
        }
        if (special < 0) {
            return s.substring(from, to);
        }
        byte[] bytes = new byte[to - from];
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '+') {
                bytes[n++] = ' ';
            } else if (c == '%') {
                if (i + 2 >= to) {
                    return null;
                }
                int hi = Character.digit(s.charAt(i + 1), 16);
                int lo = Character.digit(s.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    return null;
                }
                bytes[n++] = (byte) (hi << 4 | lo);
                i += 2;
            } else {
                bytes[n++] = (byte) c;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, 0, n)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
