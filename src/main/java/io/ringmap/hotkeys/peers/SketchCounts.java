package io.ringmap.hotkeys.peers;

import io.ringmap.peers.PeerRefused;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Reads a sketch's counts ({@link PeerState.Table#counts()}, through {@link Mixin}) from a peer and stops at the first key beyond what a
 * sketch holds, the reader's attribute {@link #MAX_KEYS}: so a peer that sends a million keys in one table costs the
 * keys of one full sketch, not the million, whatever the question's bound in tokens.
 */
public final class SketchCounts extends ValueDeserializer<Map<String, Long>> {

    /**
     * Puts this deserializer on {@link PeerState.Table#counts()} in the mappers of the peer channel (the record stays
     * free of Jackson, as the core's records are).
     */
    interface Mixin {
        @JsonDeserialize(using = SketchCounts.class)
        Map<String, Long> counts();
    }

    /** The reader attribute with the most keys of one table's sketch, an {@link Integer}. */
    public static final String MAX_KEYS = "ringmap.peers.sketch-max-keys";

    @Override
    public Map<String, Long> deserialize(JsonParser parser, DeserializationContext context) {
        int max = context.getAttribute(MAX_KEYS) instanceof Integer limit ? limit : Integer.MAX_VALUE;
        if (!parser.hasToken(JsonToken.START_OBJECT)) {
            return context.reportInputMismatch(Map.class, "a sketch's counts must be an object");
        }
        Map<String, Long> counts = new HashMap<>();
        for (JsonToken token = parser.nextToken(); token == JsonToken.PROPERTY_NAME; token = parser.nextToken()) {
            if (counts.size() == max) {
                throw new PeerRefused("refused: a sketch with more than " + max + " keys, a sketch holds at most " + max
                        + " (0.75 × ringmap.hotkeys.max-map-size)");
            }
            String key = parser.currentName();
            if (parser.nextToken() != JsonToken.VALUE_NUMBER_INT) {
                return context.reportInputMismatch(Map.class, "a sketch's count must be an integer");
            }
            counts.put(key, parser.getLongValue());
        }
        return counts;
    }
}
