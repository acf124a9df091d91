package io.ringmap.schema;

/** A CQL type text that does not parse, or names a type that cannot be (or is not supported as) a partition key. */
public class UnsupportedKeyTypeException extends IllegalArgumentException {

    private final String typeText;

    public UnsupportedKeyTypeException(String typeText, String message) {
        super(message);
        this.typeText = typeText;
    }

    /** The offending type text, as given. */
    public String typeText() {
        return typeText;
    }
}
