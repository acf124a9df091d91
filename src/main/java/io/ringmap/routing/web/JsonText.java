package io.ringmap.routing.web;

import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.TableSchema;
import io.ringmap.token.LongToken;
import io.ringmap.token.Token;
import java.util.List;
import tools.jackson.core.JsonGenerator;

/**
 * Writes the per-key values of a batch or stream answer (tokens, key maps, hex) as Jackson writes their
 * {@code String} forms, from a scratch buffer instead of a new {@code String} per value: a batch writes three tokens
 * per key. One instance per answer being written (the scratch buffer is its own).
 */
public final class JsonText {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private char[] scratch = new char[64];

    /** Writes {@code token} as the JSON string of its {@code toString()}. */
    public void writeToken(JsonGenerator gen, Token token) {
        if (token instanceof LongToken t) {
            int n = longChars(t.value());
            gen.writeString(scratch, scratch.length - n, n);
        } else {
            gen.writeString(token.toString());
        }
    }

    /** Writes the key as Jackson writes {@code KeyRoute.keyByColumn()}: columns in partition key order. */
    public static void writeKey(JsonGenerator gen, TableSchema table, ParsedKey key) {
        List<String> canonical = key.canonicalComponents();
        gen.writeStartObject();
        for (int i = 0; i < canonical.size(); i++) {
            gen.writeName(table.partitionKey().get(i).name());
            gen.writeString(canonical.get(i));
        }
        gen.writeEndObject();
    }

    /** Writes {@code bytes} as a JSON string of lower-case hex, as {@code HexFormat.of().formatHex} gives it. */
    void writeHex(JsonGenerator gen, byte[] bytes) {
        int n = bytes.length * 2;
        if (scratch.length < n) {
            scratch = new char[Math.max(n, scratch.length * 2)];
        }
        for (int i = 0; i < bytes.length; i++) {
            scratch[2 * i] = HEX[(bytes[i] >> 4) & 0xF];
            scratch[2 * i + 1] = HEX[bytes[i] & 0xF];
        }
        gen.writeString(scratch, 0, n);
    }

    /** The decimal text of {@code v} (as {@link Long#toString(long)}) at the end of the scratch buffer; its length. */
    private int longChars(long v) {
        if (scratch.length < 20) {
            scratch = new char[64];
        }
        int end = scratch.length;
        int i = end;
        boolean negative = v < 0;
        // digits of the negative value: -Long.MIN_VALUE does not exist
        long q = negative ? v : -v;
        do {
            long next = q / 10;
            scratch[--i] = (char) ('0' + (next * 10 - q));
            q = next;
        } while (q != 0);
        if (negative) {
            scratch[--i] = '-';
        }
        return end - i;
    }
}
