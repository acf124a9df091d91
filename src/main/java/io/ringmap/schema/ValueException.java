package io.ringmap.schema;

/** A reason a value is invalid; {@link KeyValueCodec} turns it into an {@link InvalidKeyValueException}. */
final class ValueException extends RuntimeException {

    ValueException(String reason) {
        super(reason, null, false, false);
    }
}
