package io.ringmap.token;

/** A token's text does not parse for the cluster's partitioner. */
public class TokenFormatException extends IllegalArgumentException {

    private final String text;
    private final String partitioner;

    public TokenFormatException(String text, String partitioner, String reason) {
        super("token '" + text + "' is not a valid " + partitioner + " token: " + reason);
        this.text = text;
        this.partitioner = partitioner;
    }

    public String text() {
        return text;
    }

    public String partitioner() {
        return partitioner;
    }
}
