package io.ringmap.planning;

import io.ringmap.token.Token;
import java.util.List;

/**
 * Serializes a design's partition key values (text, in column order) and hashes them exactly as {@code /token} does;
 * supplied by the adapter that knows the CQL types.
 */
@FunctionalInterface
public interface KeyEncoder {

    Token token(List<String> values);
}
