package io.ringmap.routing.web;

import io.ringmap.routing.KeyRoute;
import java.util.AbstractList;
import java.util.HexFormat;
import java.util.List;
import java.util.RandomAccess;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/**
 * The results of a {@code POST /token} batch as a list of {@link TokenResult}s made only when read: the batch
 * writer ({@link Writer}) writes each key straight from its route, the same bytes Jackson writes for the records,
 * without a record, map or string per key. {@code BatchAnswersTest} compares both byte for byte.
 */
final class TokenResults extends AbstractList<TokenResult> implements RandomAccess {

    private static final HexFormat HEX = HexFormat.of();
    private static final SerializedString KEY = new SerializedString("key");
    private static final SerializedString TOKEN = new SerializedString("token");
    private static final SerializedString SERIALIZED_KEY = new SerializedString("serializedKey");

    private final List<KeyRoute> keys;

    TokenResults(List<KeyRoute> keys) {
        this.keys = keys;
    }

    @Override
    public TokenResult get(int index) {
        KeyRoute r = keys.get(index);
        return new TokenResult(
                r.keyByColumn(), r.token().toString(), HEX.formatHex(r.key().serializedKey()));
    }

    @Override
    public int size() {
        return keys.size();
    }

    /** Writes a {@code List<TokenResult>} as Jackson writes it; a {@link TokenResults} straight from its routes. */
    static final class Writer extends ValueSerializer<List<TokenResult>> {

        @Override
        public void serialize(List<TokenResult> value, JsonGenerator gen, SerializationContext ctxt) {
            if (!(value instanceof TokenResults results)) {
                ctxt.writeValue(gen, List.copyOf(value));
                return;
            }
            JsonText text = new JsonText();
            gen.writeStartArray(value, results.keys.size());
            for (KeyRoute r : results.keys) {
                gen.writeStartObject();
                gen.writeName(KEY);
                JsonText.writeKey(gen, r.table(), r.key());
                gen.writeName(TOKEN);
                text.writeToken(gen, r.token());
                gen.writeName(SERIALIZED_KEY);
                text.writeHex(gen, r.key().serializedKey());
                gen.writeEndObject();
            }
            gen.writeEndArray();
        }
    }
}
