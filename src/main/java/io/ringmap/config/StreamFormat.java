package io.ringmap.config;

import java.util.Locale;

/**
 * A streamed batch's body format, named by its media type: one key a line, read and answered line by line. The body
 * of a request with one of these content types is a stream, bounded by {@code ringmap.api.streams} instead of the
 * size of a body.
 */
public enum StreamFormat {

    /** One JSON object a line (newline-delimited JSON). */
    NDJSON("application/x-ndjson"),
    /** RFC 4180 comma-separated values, a header line first. */
    CSV("text/csv");

    private final String mediaType;

    StreamFormat(String mediaType) {
        this.mediaType = mediaType;
    }

    /** The media type, without parameters. */
    public String mediaType() {
        return mediaType;
    }

    /** The format whose media type {@code contentType} names (parameters such as {@code charset} aside), or null. */
    public static StreamFormat of(String contentType) {
        if (contentType == null) {
            return null;
        }
        int semicolon = contentType.indexOf(';');
        String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon))
                .strip()
                .toLowerCase(Locale.ROOT);
        for (StreamFormat format : values()) {
            if (format.mediaType.equals(type)) {
                return format;
            }
        }
        return null;
    }
}
