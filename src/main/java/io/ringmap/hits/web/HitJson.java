package io.ringmap.hits.web;

import io.ringmap.web.KeyJson;
import java.util.Map;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads one {@link Hit} of a {@code POST /hits} batch as Jackson's record binding does (unknown
 * fields as the mapper's settings say, scalars coerced by Jackson itself), without the reflective record creation
 * per item that made up much of a hit's cost; the key is read by {@link KeyJson}.
 */
final class HitJson extends ValueDeserializer<Hit> {

    @Override
    public Hit deserialize(JsonParser p, DeserializationContext ctxt) {
        if (!p.isExpectedStartObjectToken()) {
            return (Hit) ctxt.handleUnexpectedToken(Hit.class, p);
        }
        Map<String, String> key = null;
        Long count = null;
        String operation = null;
        for (String name = p.nextName(); name != null; name = p.nextName()) {
            JsonToken t = p.nextToken();
            switch (name) {
                case "key" -> key = KeyJson.read(p, ctxt);
                case "count" ->
                    count = t == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT
                            ? Long.valueOf(p.getIntValue())
                            : t == JsonToken.VALUE_NULL ? null : ctxt.readValue(p, Long.class);
                case "operation" ->
                    operation = t == JsonToken.VALUE_STRING
                            ? p.getString()
                            : t == JsonToken.VALUE_NULL ? null : ctxt.readValue(p, String.class);
                default -> ctxt.handleUnknownProperty(p, this, Hit.class, name);
            }
        }
        return new Hit(key, count, operation);
    }
}
