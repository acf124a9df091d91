package io.ringmap.schema;

/** A partition key component value that does not parse or serialize as its column's CQL type. */
public class InvalidKeyValueException extends IllegalArgumentException {

    private static final int MAX_SHOWN = 200;

    private final String column;
    private final String value;
    private final String expectedCqlType;
    private final String reason;

    public InvalidKeyValueException(String column, String value, String expectedCqlType, String reason) {
        super("value '" + shorten(value) + "' for partition key column '" + column + "' is not a valid "
                + expectedCqlType + ": " + reason);
        this.column = column;
        this.value = value;
        this.expectedCqlType = expectedCqlType;
        this.reason = reason;
    }

    private static String shorten(String value) {
        return value.length() <= MAX_SHOWN ? value : value.substring(0, MAX_SHOWN) + "...";
    }

    public String column() {
        return column;
    }

    public String value() {
        return value;
    }

    public String expectedCqlType() {
        return expectedCqlType;
    }

    public String reason() {
        return reason;
    }
}
