package io.ringmap.web;

import static io.ringmap.problem.InvalidParameterException.required;

import io.swagger.v3.oas.annotations.Parameter;

/** The keyspace a request is about, as the required {@code keyspace} query parameter. */
public record KeyspaceParameter(
        @Parameter(description = "Keyspace", example = "iot", required = true)
        String keyspace) {

    public KeyspaceParameter {
        required("keyspace", keyspace);
    }
}
