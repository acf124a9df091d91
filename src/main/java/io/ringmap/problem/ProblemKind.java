package io.ringmap.problem;

import java.net.URI;
import java.util.Optional;

/**
 * The catalog of problem kinds ringmap answers with (RFC 9457): each kind's stable {@code type} URI, fixed
 * {@code title}, HTTP status and when it is answered. The only place a kind is declared: docs/errors.md's table, the
 * OpenAPI examples and every renderer read it from here. A new kind is one constant here plus its throw site (see
 * docs/errors.md).
 */
public enum ProblemKind {
    INVALID_KEY_VALUE(
            "invalid-key-value",
            "Invalid key value",
            400,
            "a value does not parse as its column's CQL type (`column`, `value`, `expectedType`; the value is left out "
                    + "when hot keys are exported hashed and clear keys are hidden)"),
    KEY_TOO_LARGE(
            "key-too-large",
            "Partition key too large",
            400,
            "the serialized partition key is over 65535 bytes, Cassandra's limit (`column`, `size`, `limit`)"),
    KEY_COMPONENTS(
            "key-components",
            "Missing or unknown key components",
            400,
            "a partition key column is missing or unknown (`missing`, `unknown`, `expected`)"),
    UNSUPPORTED_KEY_TYPE(
            "unsupported-key-type",
            "Unsupported key type",
            400,
            "the column's type cannot be a partition key value here (`cqlType`: the type as given)"),
    INVALID_TOKEN(
            "invalid-token",
            "Invalid token",
            400,
            "a token is not valid for the cluster's partitioner (`token`, `partitioner`)"),
    INVALID_PARAMETER(
            "invalid-parameter",
            "Invalid parameter",
            400,
            "a missing, malformed or out-of-range parameter or body field (`parameter`, or `errors` for body fields)"),
    MALFORMED_QUERY(
            "malformed-query",
            "Malformed query string",
            400,
            "the query string has a broken `%` escape (`%`, `%ZZ`), decodes to invalid UTF-8 (`%ED%A0%80`) or has a "
                    + "value without a name (`parameter` names it; a value is never quoted, its bytes neither: it may "
                    + "be a partition key)"),
    TOO_MANY_PARAMETERS(
            "too-many-parameters",
            "Too many parameters",
            400,
            "more than `server.tomcat.max-parameter-count` (1000) parameters (`limit`)"),
    MALFORMED_BODY(
            "malformed-body",
            "Malformed request body",
            400,
            "the body is not JSON, or not of the expected shape (`line`, `column` and the JSON `path` name where)"),
    UNKNOWN_CONSISTENCY_LEVEL(
            "unknown-consistency-level",
            "Unknown consistency level",
            400,
            "`consistency` is not a Cassandra consistency level (`parameter`)"),
    LOCAL_DATACENTER_REQUIRED(
            "local-datacenter-required",
            "Local data centre required",
            400,
            "a LOCAL_* level without `dc` (and no `spring.cassandra.local-datacenter`), or a `dc` with no nodes "
                    + "(`parameter`)"),
    UNKNOWN_NODE(
            "unknown-node",
            "Unknown node",
            400,
            "a `node` or `down` entry is neither an address nor a host id of the ring (`parameter`)"),
    INVALID_GENERATOR(
            "invalid-generator",
            "Invalid generator",
            400,
            "a plan's design, generator, workload, guideline or node counts cannot be used (`field` names it)"),
    MALFORMED_REQUEST(
            "malformed-request",
            "Malformed request",
            400,
            "not valid HTTP/1.1: bad request line, header syntax, no `Host`, bad `Content-Length` or chunking, a "
                    + "`Transfer-Encoding` other than `chunked` (named), a path "
                    + "(or `;` path parameter) with a broken escape; a path Spring Security's firewall refuses (`//`, "
                    + "`;` path parameters, encoded slashes or dots: they could dodge a path-based scope such as "
                    + "`POST /hits`). Another 4xx status Tomcat decides keeps its status"),
    UNAUTHORIZED(
            "unauthorized",
            "Authentication required",
            401,
            "caller authentication is on and the request has no, an unknown or an expired credential, or a JWT "
                    + "without ringmap's issuer, audience or an `exp` (with `WWW-Authenticate`); a body sent with it "
                    + "is not read and the connection is closed"),
    FORBIDDEN("forbidden", "Insufficient scope", 403, "the caller lacks the endpoint's scope (`scope` names it)"),
    UNKNOWN_KEYSPACE(
            "unknown-keyspace",
            "Unknown keyspace",
            404,
            "the keyspace is not in the snapshot (`keyspace`; `known` lists the keyspaces that are: the first 100)"),
    UNKNOWN_TABLE(
            "unknown-table",
            "Unknown table",
            404,
            "the table is not in the snapshot (`keyspace`, `table`; `known` lists the keyspace's tables: the first "
                    + "100)"),
    NOT_FOUND("not-found", "Not found", 404, "no such endpoint (on either port)"),
    HOTKEYS_DISABLED(
            "hotkeys-disabled",
            "Hot-key tracking disabled",
            404,
            "`GET /hotkeys` or `/plan/shards?hotkey=` while hot-key tracking is off (`ringmap.hotkeys.enabled=false`)"),
    UNKNOWN_HOT_KEY(
            "unknown-hot-key",
            "Unknown hot key",
            404,
            "`/plan/shards?hotkey=`: no key of the table has that label in the hot-key sketch now (`parameter`); with "
                    + "export-key hash and clear keys hidden, only the hash names a key"),
    METHOD_NOT_ALLOWED(
            "method-not-allowed",
            "Method not allowed",
            405,
            "a method the endpoint does not support (also `TRACE`, `CONNECT`), with `Allow`"),
    NOT_ACCEPTABLE("not-acceptable", "Not acceptable", 406, "an `Accept` ringmap cannot answer"),
    BODY_READ_TIMEOUT(
            "body-read-timeout",
            "Request body too slow",
            408,
            "the request body did not arrive within `ringmap.api.body-reads.timeout`, or a streamed batch did not "
                    + "end within `ringmap.api.streams.timeout` (`timeoutMillis`); the connection is closed"),
    UNSAFE_TO_STOP(
            "unsafe-to-stop",
            "Unsafe to stop",
            409,
            "`/availability/safe-to-stop`: stopping the node would lose the level (`node`, `consistency`, `reasons`)"),
    RESTART_UNSAFE(
            "restart-unsafe",
            "Restart would lose a level",
            409,
            "`POST /plan/restart`: a node to restart cannot stop, even alone, without a keyspace losing its level "
                    + "(`blocking`: each range with its `node`, `keyspace`, `level`, `coordinatorDc`, `start`, `end`, "
                    + "`replicas`, `reason`; `blockingRanges` counts them all)"),
    SIZES_NOT_COLLECTED(
            "sizes-not-collected",
            "Partition sizes not collected",
            409,
            "`/sizes`, `/load`, `/splits?mode=size` where no server figures will ever come: a static topology (they "
                    + "need a live cluster) or `ringmap.sizes.enabled=false` (`retryable: false`); a question the "
                    + "configuration cannot answer, not a server error"),
    BATCH_TOO_LARGE(
            "batch-too-large",
            "Batch too large",
            413,
            "more items than `ringmap.api.max-batch-size` (`size`, `limit`)"),
    BODY_TOO_LARGE(
            "body-too-large",
            "Request body too large",
            413,
            "a body over `ringmap.api.max-body-size`, declared or (chunked) counted while read (`limit`, and `size` "
                    + "when declared)"),
    STREAM_TOO_LONG(
            "stream-too-long",
            "Stream too long",
            413,
            "a streamed batch with more lines than `ringmap.api.streams.max-lines` (`limit`; answered in place of the "
                    + "first line over it, the stream ends there), or a line longer than "
                    + "`ringmap.api.streams.max-line-size` (`line`, `limit`)"),
    PLAN_TOO_LARGE(
            "plan-too-large",
            "Plan too large",
            413,
            "a planning request over one of the `ringmap.plan.*` limits; `field` names the input, `size` what it asks "
                    + "for, `limit` the limit"),
    URI_TOO_LONG(
            "uri-too-long",
            "URI too long",
            414,
            "the request line does not fit `server.max-http-request-header-size` (`limit`)"),
    UNSUPPORTED_MEDIA_TYPE(
            "unsupported-media-type",
            "Unsupported media type",
            415,
            "a body sent without `Content-Type: application/json` (`curl -d` sends a form type: the detail says what "
                    + "to send; `contentType`, `supported`), or to a stream without `application/x-ndjson` or "
                    + "`text/csv`, or gzipped otherwise than `Content-Encoding: gzip` (`contentEncoding`)"),
    UNPLACEABLE_KEYSPACE(
            "unplaceable-keyspace",
            "Keyspace replication not supported",
            422,
            "the keyspace's replication strategy is unknown (other keyspaces work; `keyspace`)"),
    HOT_KEY_NOT_RESOLVABLE(
            "hot-key-not-resolvable",
            "Hot key not resolvable",
            422,
            "`/plan/shards?hotkey=`: the hot key's label was shortened (its full key is not kept), or its columns are "
                    + "not in the planned table's partition key (`parameter`)"),
    TABLE_PARTITIONER(
            "table-partitioner",
            "Table has its own partitioner",
            422,
            "the table has a partitioner of its own (`system.batches`: `LocalPartitioner`), so its tokens are not ring "
                    + "positions (`keyspace`, `table`, `partitioner`)"),
    HEADERS_TOO_LARGE(
            "headers-too-large",
            "Request headers too large",
            431,
            "request line and headers over `server.max-http-request-header-size`, or more than 100 headers (`limit`)"),
    INTERNAL(
            "internal",
            "Internal error",
            500,
            "a bug: logged once at ERROR with its stack trace. A framework failure with another 5xx status keeps it"),
    NO_SNAPSHOT("no-snapshot", "No ring snapshot yet", 503, "no topology snapshot yet (with `Retry-After`)"),
    IDENTITY_PROVIDER_UNAVAILABLE(
            "identity-provider-unavailable",
            "Identity provider unavailable",
            503,
            "JWT mode: the identity provider's key set, needed to check the bearer token, could not be fetched within "
                    + "`ringmap.security.jwt.jwk-set-fetch-timeout` (refused, timed out, not a key set; "
                    + "`Retry-After`); the token itself was not judged"),
    BODY_READS_BUSY(
            "body-reads-busy",
            "Too many request bodies",
            503,
            "more requests with a body in progress than `ringmap.api.body-reads.max-concurrent`, or more streamed "
                    + "batches than `ringmap.api.streams.max-concurrent` (`maxConcurrent`; `Retry-After: 1`, the body "
                    + "is not read, the connection is closed)"),
    SIZES_UNAVAILABLE(
            "sizes-unavailable",
            "Partition sizes unavailable",
            503,
            "`/sizes`, `/load`, `/splits?mode=size` on a live cluster before the first collection round, or before "
                    + "Cassandra has size estimates for the table (`retryable: true`, `Retry-After`)"),
    HTTP_VERSION_NOT_SUPPORTED(
            "http-version-not-supported",
            "HTTP version not supported",
            505,
            "a well-formed HTTP version other than 1.0 and 1.1 (`HTTP/2.0`); a malformed one (`HTTP/1.1.1`) is a 400");

    /** The prefix of every ringmap problem type; declared here only. */
    public static final String TYPE_PREFIX = "urn:ringmap:problem:";

    private final String name;
    private final URI type;
    private final String title;
    private final int status;
    private final String when;

    ProblemKind(String name, String title, int status, String when) {
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("a problem's status is 4xx or 5xx, was " + status);
        }
        this.name = name;
        this.type = URI.create(TYPE_PREFIX + name);
        this.title = title;
        this.status = status;
        this.when = when;
    }

    /** The part of the type after {@link #TYPE_PREFIX}, e.g. {@code invalid-token}. */
    public String typeName() {
        return name;
    }

    /** The stable type URI, e.g. {@code urn:ringmap:problem:invalid-token}. */
    public URI type() {
        return type;
    }

    public String title() {
        return title;
    }

    /** The HTTP status the kind is answered with. */
    public int status() {
        return status;
    }

    /** When the kind is answered and which members it carries (markdown, for docs/errors.md). */
    public String when() {
        return when;
    }

    /** The kind whose type is {@code type}, if the catalog has one. */
    public static Optional<ProblemKind> ofType(String type) {
        for (ProblemKind kind : values()) {
            if (kind.type.toString().equals(type)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /** A problem of this kind saying {@code detail}. */
    public Problem problem(String detail) {
        return Problem.of(this, detail);
    }
}
