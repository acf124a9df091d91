package io.ringmap.streams.web;

/** The descriptions and problem details the two stream operations share in the API document. */
final class StreamDocs {

    static final String BODY = "The body: one key a line, as NDJSON (Content-Type: application/x-ndjson, each line a "
            + "{column: value} object) or CSV (text/csv, a header line naming the key columns, then one key a line), "
            + "of any length, gzipped or not (Content-Encoding: gzip). Answers come line by line in the body's order "
            + "as the body is read (the answer to a line leaves before the body has ended), from one snapshot, in "
            + "the body's format or the one Accept names (application/x-ndjson or text/csv; gzipped with "
            + "Accept-Encoding: gzip).";
    static final String PROBLEMS = "A bad line is answered in its place with its line number and its problem (type, "
            + "title, status, detail, as the problem catalog has it; NDJSON {\"line\": 3, \"problem\": {...}}, CSV "
            + "the problem_type, problem_title and problem_detail columns), and the stream goes on, or ends there "
            + "with stopOnError=true. Bounded by ringmap.api.streams: past max-lines (413 stream-too-long) or timeout "
            + "(408 body-read-timeout) the bound's problem is the last line. At most max-concurrent streams at once "
            + "(503 body-reads-busy beyond). A problem with the request itself (keyspace, table, dc, a CSV header) is "
            + "answered as a problem+json response before any line.";
    static final String STOP_ON_ERROR =
            "End the stream at the first bad line (answered in its place) instead of " + "answering every line";

    /** The detail of a CSV header naming a column twice (OperationAnswersTest checks it on the bundled sample). */
    static final String MALFORMED_HEADER = "line 1: the header names a column twice: [sensor_id, sensor_id] (the "
            + "first line names the key columns, e.g. sensor_id,day)";
    /** The detail of a form body sent to a stream. */
    static final String UNSUPPORTED_MEDIA_TYPE = "Content-Type 'application/x-www-form-urlencoded' is not accepted "
            + "here; send one of [application/x-ndjson, text/csv]";

    private StreamDocs() {}
}
