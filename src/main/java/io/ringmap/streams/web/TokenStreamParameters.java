package io.ringmap.streams.web;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;

/** {@code POST /token/stream}'s parameter besides the table. */
record TokenStreamParameters(
        @Parameter(
                description = StreamDocs.STOP_ON_ERROR,
                schema = @Schema(implementation = Boolean.class, defaultValue = "false"))
        Boolean stopOnError) {

    TokenStreamParameters {
        stopOnError = stopOnError != null && stopOnError;
    }
}
