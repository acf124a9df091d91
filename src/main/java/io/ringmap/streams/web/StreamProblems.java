package io.ringmap.streams.web;

/** The details of the stream operations' own problems on the bundled sample (OperationAnswersTest checks them). */
final class StreamProblems {

    static final String MALFORMED_HEADER = "line 1: the header names a column twice: [sensor_id, sensor_id] (the "
            + "first line names the key columns, e.g. sensor_id,day)";

    private StreamProblems() {
    }
}
