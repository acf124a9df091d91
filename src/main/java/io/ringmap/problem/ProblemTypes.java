package io.ringmap.problem;

import java.net.URI;

/** The stable problem {@code type} URIs ringmap answers with (RFC 9457), one per kind of problem. */
public final class ProblemTypes {

    private static final String BASE = "urn:ringmap:problem:";

    public static final URI INVALID_KEY_VALUE = URI.create(BASE + "invalid-key-value");
    public static final URI KEY_COMPONENTS = URI.create(BASE + "key-components");
    public static final URI UNSUPPORTED_KEY_TYPE = URI.create(BASE + "unsupported-key-type");
    public static final URI INVALID_TOKEN = URI.create(BASE + "invalid-token");
    public static final URI INVALID_PARAMETER = URI.create(BASE + "invalid-parameter");
    public static final URI MALFORMED_BODY = URI.create(BASE + "malformed-body");
    public static final URI UNKNOWN_KEYSPACE = URI.create(BASE + "unknown-keyspace");
    public static final URI UNKNOWN_TABLE = URI.create(BASE + "unknown-table");
    public static final URI BATCH_TOO_LARGE = URI.create(BASE + "batch-too-large");
    public static final URI UNPLACEABLE_KEYSPACE = URI.create(BASE + "unplaceable-keyspace");
    public static final URI TABLE_PARTITIONER = URI.create(BASE + "table-partitioner");
    public static final URI HOTKEYS_DISABLED = URI.create(BASE + "hotkeys-disabled");
    public static final URI SIZES_UNAVAILABLE = URI.create(BASE + "sizes-unavailable");
    public static final URI SIZES_NOT_COLLECTED = URI.create(BASE + "sizes-not-collected");
    public static final URI NO_SNAPSHOT = URI.create(BASE + "no-snapshot");
    public static final URI NOT_FOUND = URI.create(BASE + "not-found");
    public static final URI METHOD_NOT_ALLOWED = URI.create(BASE + "method-not-allowed");
    public static final URI UNSUPPORTED_MEDIA_TYPE = URI.create(BASE + "unsupported-media-type");
    public static final URI NOT_ACCEPTABLE = URI.create(BASE + "not-acceptable");
    public static final URI KEY_TOO_LARGE = URI.create(BASE + "key-too-large");
    public static final URI MALFORMED_QUERY = URI.create(BASE + "malformed-query");
    public static final URI TOO_MANY_PARAMETERS = URI.create(BASE + "too-many-parameters");
    public static final URI MALFORMED_REQUEST = URI.create(BASE + "malformed-request");
    public static final URI BODY_TOO_LARGE = URI.create(BASE + "body-too-large");
    public static final URI BODY_READ_TIMEOUT = URI.create(BASE + "body-read-timeout");
    public static final URI BODY_READS_BUSY = URI.create(BASE + "body-reads-busy");
    public static final URI URI_TOO_LONG = URI.create(BASE + "uri-too-long");
    public static final URI HEADERS_TOO_LARGE = URI.create(BASE + "headers-too-large");
    public static final URI HTTP_VERSION_NOT_SUPPORTED = URI.create(BASE + "http-version-not-supported");
    public static final URI INTERNAL = URI.create(BASE + "internal");

    private ProblemTypes() {
    }
}
