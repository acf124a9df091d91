package io.ringmap.web;

import io.ringmap.schema.KeyMap;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;

/**
 * A partition key as JSON {@code {column: value}}, read into a small array-backed map: batches carry thousands of
 * keys of two or three columns each, for which a {@link LinkedHashMap} per key is most of the reading cost.
 */
public final class KeyJson {

    private KeyJson() {}

    /**
     * Reads a key object as Jackson reads a {@code Map<String, String>} (insertion order, a repeated name keeps its
     * first position and its last value, scalars as their text, null as null), into a {@link KeyMap}; anything that
     * is not an object is left to Jackson's own map reading, so its errors stay the same.
     */
    public static final class Reader extends ValueDeserializer<Map<String, String>> {

        @Override
        public Map<String, String> deserialize(JsonParser p, DeserializationContext ctxt) {
            return read(p, ctxt);
        }
    }

    /** Reads the key at the parser's current token as {@link Reader} does; JSON null is null. */
    public static Map<String, String> read(JsonParser p, DeserializationContext ctxt) {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        if (!p.isExpectedStartObjectToken()) {
            JavaType map = ctxt.getTypeFactory().constructMapType(LinkedHashMap.class, String.class, String.class);
            return ctxt.readValue(p, map);
        }
        KeyMap key = new KeyMap();
        for (String name = p.nextName(); name != null; name = p.nextName()) {
            JsonToken t = p.nextToken();
            String value = t == JsonToken.VALUE_STRING
                    ? p.getString()
                    : t == JsonToken.VALUE_NULL ? null : ctxt.readValue(p, String.class);
            key.put(name, value);
        }
        return key;
    }
}
