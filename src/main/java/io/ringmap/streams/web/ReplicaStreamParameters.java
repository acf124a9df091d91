package io.ringmap.streams.web;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;

/** {@code POST /replicas/stream}'s parameters besides the table. */
record ReplicaStreamParameters(
        @Parameter(description = "Only replicas in this data centre")
        String dc,

        @Parameter(
                description = "Each replica set once, each key with its set's index",
                schema = @Schema(implementation = Boolean.class, defaultValue = "false"))
        Boolean compact,

        @Parameter(
                description = StreamDocs.STOP_ON_ERROR,
                schema = @Schema(implementation = Boolean.class, defaultValue = "false"))
        Boolean stopOnError) {

    ReplicaStreamParameters {
        compact = compact != null && compact;
        stopOnError = stopOnError != null && stopOnError;
    }
}
