package io.ringmap.web;

import static io.ringmap.problem.InvalidParameterException.required;

import io.swagger.v3.oas.annotations.Parameter;

/**
 * The table a request is about, as {@code keyspace} and {@code table} query parameters: bound by Spring MVC
 * ({@code @ParameterObject}), both required.
 */
public record TableParameters(
        @Parameter(description = "Keyspace", example = "iot", required = true)
        String keyspace,

        @Parameter(description = "Table", example = "readings", required = true)
        String table) {

    public TableParameters {
        required("keyspace", keyspace);
        required("table", table);
    }
}
